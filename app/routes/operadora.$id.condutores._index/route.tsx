import { Form, Link, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { useFormResult } from "~/components/ui/form-result";
import { constraintsOf } from "~/forms/constraints";
import { zInvite } from "~/forms/operator";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = {
  convidado:
    "Convite enviado para o e-mail informado. O vínculo começa quando o condutor aceitar no portal, com a conta deste CPF e deste e-mail (se ainda não tiver conta, o e-mail explica como criar).",
  cancelado: "Convite cancelado.",
  desvinculado: "Vínculo encerrado.",
};

const LIMITS = constraintsOf(zInvite);

export default function OperatorDrivers() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, flash, formKey } = useFormResult(OK);
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
        <Form method="post" noValidate key={formKey}>
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

export const handle: PageHandle = { title: "Condutores da empresa" };
