import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Flash } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = {
  aceito: "Vínculo aceito. Para trabalhar pela empresa, peça o credenciamento vinculado a ela em Requerimentos.",
  recusado: "Convite recusado. A empresa foi informada de que não há vínculo.",
};

/** The two answers to an invitation, as buttons of one form. */
const ANSWERS = [
  { intent: "aceitar", label: "Aceitar", className: "botao" },
  { intent: "recusar", label: "Recusar", className: "botao secundario" },
] as const;

export default function MyLinks() {
  const { links } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  const invites = links.filter((l) => l.answerable);
  const others = links.filter((l) => !l.answerable);
  return (
    <>
      <h1>Vínculos com empresas</h1>
      <Flash ok={OK[params.get("ok") ?? ""]} error={refused?.error} />
      <p>
        Uma empresa, concessionária ou plataforma só vincula você com o seu aceite. Aceitar permite que ela veja a
        situação do seu credenciamento (não os seus documentos pessoais, salvo onde a lei manda a empresa colhê-los).
      </p>
      <section className="cartao" aria-labelledby="convites">
        <h2 id="convites">Convites</h2>
        {invites.length === 0 ? (
          <p>Nenhum convite esperando resposta.</p>
        ) : (
          <ul style={{ listStyle: "none", padding: 0 }}>
            {invites.map((l) => (
              <li key={l.id} className="documento">
                <h3 style={{ margin: 0, fontSize: "1.1rem" }}>{l.company}</h3>
                <p className="dica">
                  {l.legalName} · CNPJ {l.cnpj} · {l.municipality} · convite de {l.invitedAt}
                </p>
                <Form method="post" className="acoes">
                  <CsrfInput />
                  <input type="hidden" name="linkId" value={l.id} />
                  {ANSWERS.map((a) => (
                    <button
                      key={a.intent}
                      type="submit"
                      name="intent"
                      value={a.intent}
                      className={a.className}
                      aria-label={`${a.label} o vínculo com ${l.company}`}
                    >
                      {a.label}
                    </button>
                  ))}
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="cartao" aria-labelledby="vinculos">
        <h2 id="vinculos">Meus vínculos</h2>
        {others.length === 0 ? (
          <p>Nenhum vínculo.</p>
        ) : (
          <div className="tabela-rolagem">
            <table className="tabela-responsiva">
              <thead>
                <tr>
                  <th scope="col">Empresa</th>
                  <th scope="col">Município</th>
                  <th scope="col">Situação</th>
                </tr>
              </thead>
              <tbody>
                {others.map((l) => (
                  <tr key={l.id}>
                    <td data-label="Empresa">
                      {l.company}
                      <br />
                      <span className="dica">CNPJ {l.cnpj}</span>
                    </td>
                    <td data-label="Município">{l.municipality}</td>
                    <td data-label="Situação">
                      <span className={`selo ${l.status === "ACTIVE" ? "ok" : "falha"}`}>{l.statusLabel}</span>{" "}
                      {l.status === "ACTIVE" ? `desde ${l.acceptedAt}` : l.endedAt ? `em ${l.endedAt}` : ""}
                      {l.endReason ? ` — ${l.endReason}` : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <p className="dica">
        Comunicações que a lei pede ao titular (acidente com o veículo, baixa de condutor auxiliar):{" "}
        <Link to="/vinculos/comunicacoes">Minhas comunicações à prefeitura</Link>.
      </p>
    </>
  );
}

export const handle: PageHandle = { title: "Vínculos com empresas" };
