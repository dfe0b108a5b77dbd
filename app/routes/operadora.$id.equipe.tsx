import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { forbidden } from "~/http/permissions.server";
import { requireOperator } from "~/http/operator-guard.server";
import { frameOf } from "~/http/operator-frame.server";
import { addMember, listMembers, memberConflicts, removeMember } from "~/models/operator-team.server";
import { formatCpf } from "~/domain/br";
import { zMember, zTeamRole } from "~/forms/team";
import { invalid } from "~/domain/refusal";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { TeamPersonForm, TeamTable, type TeamRow } from "~/components/team/team";
import styles from "~/components/operator/operator.css";
import { useFormResult } from "~/components/ui/form-result";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator, owner, user } = await requireOperator(request, params.id, "read:operator");
  const members = await listMembers(operator.id);
  return {
    frame: frameOf(operator),
    owner,
    members: members.map((m): TeamRow => ({
      id: m.id,
      name: m.user.name,
      role: m.operatorOwner ? "Responsável" : "Equipe",
      email: m.user.email,
      cpf: formatCpf(m.user.cpf),
      active: !m.disabledAt,
      // Only the owner manages the team, and neither the owner's access nor one's own is removed.
      removable: owner && !m.operatorOwner && m.userId !== user.id,
    })),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor, owner } = await requireOperator(request, params.id, "update:operator");
  // Only the company's responsible person manages its team.
  if (!owner) throw forbidden("Só o responsável pela empresa gerencia a equipe.");
  const form = await readForm(request);
  if (form.get("intent") === "remover") {
    const parsed = parseForm(zTeamRole, form);
    if (!parsed.ok) throw invalid("Pedido inválido.");
    await removeMember(operator.id, operator.municipalityId, parsed.data.roleId, actor);
    return redirect(`/operadora/${operator.id}/equipe?ok=removido`);
  }
  const parsed = parseForm(zMember, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const conflicts = await memberConflicts(operator.id, parsed.data);
  if (Object.keys(conflicts).length)
    return data({ errors: conflicts as Record<string, string | undefined>, values: formValues(form) }, { status: 400 });
  await addMember(operator, parsed.data, actor);
  return redirect(`/operadora/${operator.id}/equipe?ok=convidado`);
});

const OK: Record<string, string> = {
  convidado: "Pessoa incluída na equipe; ela recebe um e-mail de acesso.",
  removido: "Acesso removido.",
};

export default function OperatorTeam() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, flash } = useFormResult(OK);
  return (
    <OperatorFrame operator={d.frame} current="equipe" title="Equipe da empresa">
      <Flash {...flash} />
      <section className="cartao" aria-labelledby="membros">
        <h2 id="membros">Quem age pela empresa</h2>
        <TeamTable
          rows={d.members}
          caption="Pessoas da equipe"
          removeIntent="remover"
          removeText="Remover"
          removeLabel={(m) => `Remover ${m.name} da equipe`}
          inactiveText="Removido"
          className="op-tabela"
        />
      </section>
      {d.owner ? (
        <section className="cartao" aria-labelledby="convidar">
          <h2 id="convidar">Incluir pessoa na equipe</h2>
          <p className="dica">
            Quem ainda não tem conta recebe um e-mail para definir a senha; quem já tem passa a ver a empresa ao entrar.
          </p>
          <TeamPersonForm errors={errors} values={values} submitText="Incluir na equipe" busyText="Incluindo…" />
        </section>
      ) : (
        <p className="dica">Só o responsável pela empresa inclui e remove pessoas da equipe.</p>
      )}
    </OperatorFrame>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Equipe da empresa — Portal de Credenciamento" }];
