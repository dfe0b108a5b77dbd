import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import type { PageHandle } from "~/components/page-title";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { documentStatusLabel } from "~/domain/eligibility/labels";
import { formatDate, formatInstant } from "~/domain/format";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

const VISTORIA: Record<string, string> = {
  SCHEDULED: "Agendada",
  PASSED: "Aprovada",
  CONDITIONAL: "Aprovada com prazo para correções",
  FAILED: "Reprovada",
  CANCELLED: "Cancelada",
};

export default function ApplicationOverview() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <p className="dica">
        <Link to="/requerimentos">Meus requerimentos</Link>
      </p>
      <h1>Requerimento {d.app.number}</h1>
      {params.get("enviado") ? (
        <div className="aviso sucesso" role="status">
          Requerimento enviado. Avisaremos por e-mail a cada decisão.
        </div>
      ) : null}
      {params.get("salvo") === "parcial" ? (
        <div className="aviso atencao" role="status">
          Salvamos o que estava correto. Os campos com erro não foram salvos: o que você digitou neles ficou guardado
          neste aparelho até você voltar e corrigir.
        </div>
      ) : null}
      <section className="cartao" aria-labelledby="situacao">
        <h2 id="situacao">Situação: {d.statusLabel}</h2>
        <p>{d.next}</p>
        <p className="dica">
          {CATEGORY_LABELS[d.app.category] ?? d.app.category} · {d.app.municipality}
          {d.app.kind === "RENEWAL" ? " · renovação" : ""}
        </p>
        <div className="acoes">
          {d.editable ? (
            <Link
              className="botao"
              to={`/requerimentos/${d.app.id}/${d.app.status === "CHANGES_REQUESTED" ? "documentos" : "dados"}`}
            >
              {d.app.status === "CHANGES_REQUESTED" ? "Corrigir documentos" : "Continuar preenchendo"}
            </Link>
          ) : null}
          {d.editable ? (
            <Link className="botao secundario" to={`/requerimentos/${d.app.id}/revisao`}>
              Revisar e enviar
            </Link>
          ) : null}
          {d.app.status === "ISSUED" ? (
            <Link className="botao" to="/credenciais">
              Minhas credenciais
            </Link>
          ) : null}
        </div>
      </section>
      <section className="cartao" aria-labelledby="docs">
        <h2 id="docs">Documentos</h2>
        <ul>
          {d.documents.map((doc) => (
            <li key={doc.type}>
              {doc.label}:{" "}
              <span className={`selo ${documentStatusLabel(doc.status, true).tone}`}>
                {documentStatusLabel(doc.status, true).label}
              </span>
              {doc.status === "REJECTED" && doc.reason ? <> — motivo: {doc.reason}</> : null}
            </li>
          ))}
        </ul>
      </section>
      {d.vistorias.length ? (
        <section className="cartao" aria-labelledby="vist">
          <h2 id="vist">Vistoria do veículo</h2>
          <ul>
            {d.vistorias.map((v) => (
              <li key={v.id}>
                {VISTORIA[v.status] ?? v.status}
                {v.when ? ` — ${formatInstant(v.when, d.app.timeZone)}` : ""}
                {v.place ? `, ${v.place}` : ""}
                {v.graceUntil ? ` · corrigir até ${formatDate(v.graceUntil)}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="cartao" aria-labelledby="hist">
        <h2 id="hist">Histórico</h2>
        <ol>
          {d.history.map((h) => (
            <li key={h.id}>
              <time dateTime={h.at}>{formatInstant(h.at, d.app.timeZone)}</time> — {h.to}
              {h.reason ? `: ${h.reason}` : ""}
            </li>
          ))}
        </ol>
      </section>
      {d.canWithdraw ? (
        <Form
          method="post"
          onSubmit={(e) => {
            if (!confirm("Desistir deste requerimento? Não dá para desfazer.")) e.preventDefault();
          }}
        >
          <CsrfInput />
          <button type="submit" name="intent" value="withdraw" className="link-botao">
            Desistir do requerimento
          </button>
        </Form>
      ) : null}
    </>
  );
}

export const handle: PageHandle = { title: "Requerimento" };
