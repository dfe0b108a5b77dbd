import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { cancelInvitation, inviteDriver } from "~/models/driver-invitation.server";
import { listDriverLinks } from "~/models/driver-standing.server";
import { allowedLinkActions, endReasonText, LINK_STATUS_LABELS } from "~/domain/operators/driver-link";
import { requireOperator } from "~/http/operator-guard.server";
import { frameOf } from "~/http/operator-frame.server";
import { activePack } from "~/models/rule-pack.server";
import { operatorCategory } from "~/models/operator.server";
import { exclusiveDriverRule } from "~/models/operator-policy.server";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { VERDICT_LABELS } from "~/domain/credentials/labels";
import { formatCpf } from "~/domain/br";
import { zInvite } from "~/forms/operator";
import { constraintsOf } from "~/forms/constraints";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import styles from "~/components/operator/operator.css";
import { useFormResult } from "~/components/ui/form-result";
import { formatDayOf } from "~/domain/format";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:driver-link");
  const links = await listDriverLinks(operator.id);
  const category = await operatorCategory(operator.id);
  const exclusive = category ? exclusiveDriverRule(await activePack(operator.municipality), category) : null;
  return {
    frame: frameOf(operator),
    exclusive,
    links: links.map((l) => ({
      id: l.id,
      status: l.status,
      statusLabel: LINK_STATUS_LABELS[l.status] ?? l.status,
      actions: allowedLinkActions(l.status),
      name: l.person?.fullName ?? null,
      cpf: formatCpf(l.person?.cpf ?? l.invitedCpf),
      email: l.invitedEmail,
      invitedAt: formatDayOf(l.invitedAt, operator.municipality.timeZone),
      acceptedAt: l.acceptedAt ? formatDayOf(l.acceptedAt, operator.municipality.timeZone) : "—",
      endedAt: l.endedAt ? formatDayOf(l.endedAt, operator.municipality.timeZone) : "—",
      endReason: endReasonText(l.endReason),
      application: l.standing.application
        ? `${l.standing.application.number} — ${APPLICATION_STATUS_LABELS[l.standing.application.status as ApplicationStatus] ?? l.standing.application.status}`
        : null,
      credential: l.standing.credentials[0]
        ? `${l.standing.credentials[0].serial}: ${VERDICT_LABELS[l.standing.credentials[0].verdict].label}`
        : null,
      inForce: l.standing.credentialInForce,
    })),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "create:driver-link");
  const form = await readForm(request);
  if (form.get("intent") === "cancelar") {
    await cancelInvitation(operator, String(form.get("linkId") ?? ""), actor);
    return redirect(`/operadora/${operator.id}/condutores?ok=cancelado`);
  }
  const parsed = parseForm(zInvite, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  // The same answer whether or not the CPF or the e-mail has an account (issue #35).
  await inviteDriver(operator, parsed.data, actor);
  return redirect(`/operadora/${operator.id}/condutores?ok=convidado`);
});

const OK: Record<string, string> = {
  convidado:
    "Convite enviado para o e-mail informado. O vínculo começa quando o condutor aceitar no portal, com a conta deste CPF e deste e-mail (se ainda não tiver conta, o e-mail explica como criar).",
  cancelado: "Convite cancelado.",
  desvinculado: "Vínculo encerrado.",
};

const LIMITS = constraintsOf(zInvite);

export default function OperatorDrivers() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, flash } = useFormResult(OK);
  const base = `/operadora/${d.frame.id}`;
  return (
    <OperatorFrame operator={d.frame} current="condutores" title="Condutores">
      <Flash {...flash} />
      <section className="cartao" aria-labelledby="convidar">
        <h2 id="convidar">Convidar condutor</h2>
        <p className="dica">
          O condutor recebe um e-mail e aceita ou recusa no portal dele: nenhum vínculo existe sem o consentimento dele.
          {d.exclusive ? ` A lei permite o vínculo com uma só empresa (${d.exclusive.citation}).` : ""}
        </p>
        <Form method="post" noValidate>
          <CsrfInput />
          <div className="colunas">
            <Field
              label="CPF do condutor"
              name="cpf"
              defaultValue={values.cpf}
              error={errors.cpf}
              constraint={LIMITS.cpf}
            />
            <Field
              label="E-mail do condutor"
              name="email"
              type="email"
              defaultValue={values.email}
              error={errors.email}
              constraint={LIMITS.email}
            />
          </div>
          <SubmitButton busyText="Convidando…">Convidar</SubmitButton>
        </Form>
      </section>
      <section className="cartao" aria-labelledby="lista">
        <h2 id="lista">Condutores da empresa</h2>
        {d.links.length === 0 ? (
          <p>Nenhum condutor convidado ainda.</p>
        ) : (
          <div className="tabela-rolagem">
            <table className="op-tabela tabela-responsiva">
              <thead>
                <tr>
                  <th scope="col">Condutor</th>
                  <th scope="col">Vínculo</th>
                  <th scope="col">Requerimento</th>
                  <th scope="col">Credencial</th>
                  <th scope="col">
                    <span className="visualmente-oculto">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.links.map((l) => (
                  <tr key={l.id}>
                    <td className="tabela-titulo">
                      {l.name ?? <em>aguardando resposta</em>}
                      <br />
                      <span className="dica">CPF {l.cpf}</span>
                    </td>
                    <td data-label="Vínculo">
                      <span
                        className={`selo ${l.status === "ACTIVE" ? "ok" : l.status === "INVITED" ? "pendente" : "falha"}`}
                      >
                        {l.statusLabel}
                      </span>
                      <br />
                      <span className="dica">
                        {l.status === "INVITED"
                          ? `convidado em ${l.invitedAt}`
                          : l.status === "ACTIVE"
                            ? `desde ${l.acceptedAt}`
                            : `em ${l.endedAt}${l.endReason ? ` — ${l.endReason}` : ""}`}
                      </span>
                    </td>
                    <td data-label="Requerimento">{l.application ?? "—"}</td>
                    <td data-label="Credencial">
                      {l.credential ? (
                        <span className={`selo ${l.inForce ? "ok" : "falha"}`}>{l.credential}</span>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td data-label="Ações">
                      {l.status === "ACTIVE" || l.status === "ENDED" ? (
                        <Link to={`${base}/condutores/${l.id}`} aria-label={`Detalhes de ${l.name ?? l.cpf}`}>
                          Detalhes
                        </Link>
                      ) : null}
                      {l.actions.includes("cancel") ? (
                        <Form method="post">
                          <CsrfInput />
                          <input type="hidden" name="linkId" value={l.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="cancelar"
                            className="link-botao"
                            aria-label={`Cancelar convite de ${l.cpf}`}
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
        )}
      </section>
    </OperatorFrame>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Condutores da empresa — Portal de Credenciamento" }];
