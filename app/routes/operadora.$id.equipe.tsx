import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { forbidden } from "~/http/permissions.server";
import { requireOperator } from "~/http/operator-guard.server";
import { frameOf } from "~/http/operator-frame.server";
import {
  addMember,
  cancelTeamInvitation,
  listMembers,
  memberConflicts,
  pendingInvitations,
  removeMember,
} from "~/models/operator-team.server";
import { formatCpf } from "~/domain/br";
import { zMember, zTeamRole } from "~/forms/team";
import { invalid } from "~/domain/refusal";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { TeamPersonForm, TeamTable, type TeamRow } from "~/components/team/team";
import styles from "~/components/operator/operator.css";
import { useFormResult } from "~/components/ui/form-result";
import { CsrfInput } from "~/components/csrf-input";
import { formatDayOf } from "~/domain/format";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator, owner, user } = await requireOperator(request, params.id, "read:operator");
  const [members, invitations] = await Promise.all([listMembers(operator.id), pendingInvitations(operator.id)]);
  const zone = operator.municipality.timeZone;
  return {
    frame: frameOf(operator),
    owner,
    // What the owner typed, waiting for the person to accept (issue #35: no one joins without consent).
    invitations: invitations.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      cpf: formatCpf(i.cpf),
      invitedAt: formatDayOf(i.invitedAt, zone),
      expiresAt: formatDayOf(i.expiresAt, zone),
    })),
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
  if (form.get("intent") === "cancelar-convite") {
    await cancelTeamInvitation(operator, String(form.get("invitationId") ?? ""), actor);
    return redirect(`/operadora/${operator.id}/equipe?ok=convite-cancelado`);
  }
  if (form.get("intent") === "remover") {
    const parsed = parseForm(zTeamRole, form);
    if (!parsed.ok) throw invalid("Pedido inválido.");
    await removeMember(operator.id, operator.municipalityId, parsed.data.roleId, actor);
    return redirect(`/operadora/${operator.id}/equipe?ok=removido`);
  }
  const parsed = parseForm(zMember, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  // Only what the team itself shows (an active member's CPF) is refused; whether the CPF or the
  // e-mail has an account is never said (issue #35): the invitation goes to the typed e-mail.
  const conflicts = await memberConflicts(operator.id, parsed.data);
  if (Object.keys(conflicts).length)
    return data({ errors: conflicts as Record<string, string | undefined>, values: formValues(form) }, { status: 400 });
  await addMember(operator, parsed.data, actor);
  return redirect(`/operadora/${operator.id}/equipe?ok=convidado`);
});

const OK: Record<string, string> = {
  convidado:
    "Convite enviado para o e-mail informado. A pessoa entra na equipe quando aceitar, com a conta deste CPF e deste e-mail.",
  "convite-cancelado": "Convite cancelado.",
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
      {d.invitations.length ? <Invitations invitations={d.invitations} owner={d.owner} /> : null}
      {d.owner ? (
        <section className="cartao" aria-labelledby="convidar">
          <h2 id="convidar">Convidar pessoa para a equipe</h2>
          <p className="dica">
            A pessoa recebe um convite no e-mail informado e só entra na equipe se aceitar, com a conta deste CPF e
            deste e-mail (quem ainda não tem conta cria uma).
          </p>
          <TeamPersonForm errors={errors} values={values} submitText="Convidar para a equipe" busyText="Convidando…" />
        </section>
      ) : (
        <p className="dica">Só o responsável pela empresa inclui e remove pessoas da equipe.</p>
      )}
    </OperatorFrame>
  );
}

type Invitation = { id: string; name: string; email: string; cpf: string; invitedAt: string; expiresAt: string };

function Invitations({ invitations, owner }: { invitations: Invitation[]; owner: boolean }) {
  return (
    <section className="cartao" aria-labelledby="convites">
      <h2 id="convites">Convites aguardando resposta</h2>
      <div className="tabela-rolagem">
        <table className="tabela-responsiva op-tabela">
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">E-mail</th>
              <th scope="col">CPF</th>
              <th scope="col">Enviado em</th>
              <th scope="col">Vale até</th>
              <th scope="col">
                <span className="visualmente-oculto">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((i) => (
              <tr key={i.id}>
                <td data-label="Nome">{i.name}</td>
                <td data-label="E-mail">{i.email}</td>
                <td data-label="CPF">{i.cpf}</td>
                <td data-label="Enviado em">{i.invitedAt}</td>
                <td data-label="Vale até">{i.expiresAt}</td>
                <td>
                  {owner ? (
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="invitationId" value={i.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="cancelar-convite"
                        className="link-botao"
                        aria-label={`Cancelar o convite de ${i.name}`}
                      >
                        Cancelar convite
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Equipe da empresa — Portal de Credenciamento" }];
