import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { forbidden } from "~/http/permissions.server";
import { requireOperator } from "~/http/operator-guard.server";
import { frameOf } from "~/http/operator-frame.server";
import { addMember, listMembers, memberConflicts, removeMember } from "~/models/operator-team.server";
import { formatCpf } from "~/domain/br";
import { zMember } from "~/forms/operator";
import { constraintsOf } from "~/forms/constraints";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import styles from "~/components/operator/operator.css";
import { useFormResult } from "~/components/ui/form-result";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator, owner, user } = await requireOperator(request, params.id, "read:operator");
  const members = await listMembers(operator.id);
  return {
    frame: frameOf(operator),
    owner,
    members: members.map((m) => ({
      id: m.id,
      name: m.user.name,
      email: m.user.email,
      cpf: formatCpf(m.user.cpf),
      owner: m.operatorOwner,
      active: !m.disabledAt,
      me: m.userId === user.id,
    })),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor, owner } = await requireOperator(request, params.id, "update:operator");
  // Only the company's responsible person manages its team.
  if (!owner) throw forbidden("Só o responsável pela empresa gerencia a equipe.");
  const form = await readForm(request);
  if (form.get("intent") === "remover") {
    await removeMember(operator.id, operator.municipalityId, String(form.get("roleId") ?? ""), actor);
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

const LIMITS = constraintsOf(zMember);

export default function OperatorTeam() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, flash } = useFormResult(OK);
  return (
    <OperatorFrame operator={d.frame} current="equipe" title="Equipe da empresa">
      <Flash {...flash} />
      <section className="cartao" aria-labelledby="membros">
        <h2 id="membros">Quem age pela empresa</h2>
        <div className="tabela-rolagem">
          <table className="op-tabela">
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">E-mail</th>
                <th scope="col">Situação</th>
                <th scope="col">
                  <span className="visualmente-oculto">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.members.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.name}
                    <br />
                    <span className="dica">
                      CPF {m.cpf}
                      {m.owner ? " · responsável" : ""}
                    </span>
                  </td>
                  <td>{m.email}</td>
                  <td>
                    {m.active ? <span className="selo ok">Ativo</span> : <span className="selo falha">Removido</span>}
                  </td>
                  <td>
                    {d.owner && m.active && !m.owner && !m.me ? (
                      <Form method="post">
                        <CsrfInput />
                        <input type="hidden" name="roleId" value={m.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="remover"
                          className="botao secundario perigo pequeno"
                          aria-label={`Remover ${m.name} da equipe`}
                        >
                          Remover
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
      {d.owner ? (
        <section className="cartao" aria-labelledby="convidar">
          <h2 id="convidar">Incluir pessoa na equipe</h2>
          <p className="dica">
            Quem ainda não tem conta recebe um e-mail para definir a senha; quem já tem passa a ver a empresa ao entrar.
          </p>
          <Form method="post" noValidate>
            <CsrfInput />
            <div className="colunas">
              <Field label="CPF" name="cpf" defaultValue={values.cpf} error={errors.cpf} constraint={LIMITS.cpf} />
              <Field
                label="Nome completo"
                name="name"
                defaultValue={values.name}
                error={errors.name}
                constraint={LIMITS.name}
              />
              <Field
                label="E-mail"
                name="email"
                type="email"
                defaultValue={values.email}
                error={errors.email}
                constraint={LIMITS.email}
              />
            </div>
            <SubmitButton busyText="Incluindo…">Incluir na equipe</SubmitButton>
          </Form>
        </section>
      ) : (
        <p className="dica">Só o responsável pela empresa inclui e remove pessoas da equipe.</p>
      )}
    </OperatorFrame>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Equipe da empresa — Portal de Credenciamento" }];
