import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DriverDocuments } from "~/components/operator/driver-documents";
import { DataSentCard, EndLinkCard } from "~/components/operator/driver-link-forms";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import { formatDate } from "~/domain/format";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function OperatorDriver() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = (result && "errors" in result && result.errors) || {};
  const values: Record<string, string> = (result && "values" in result && result.values) || {};
  const base = `/operadora/${d.frame.id}`;
  return (
    <OperatorFrame operator={d.frame} current="condutores" title={d.link.name}>
      <p className="dica">
        <Link to={`${base}/condutores`}>← Condutores</Link>
      </p>
      <Flash
        ok={params.get("enviado")}
        error={(result && "error" in result ? result.error : null) ?? params.get("erro")}
      />
      <section className="cartao" aria-labelledby="vinculo">
        <h2 id="vinculo">Vínculo</h2>
        <dl className="op-dados">
          <dt>CPF</dt>
          <dd>{d.link.cpf}</dd>
          <dt>Situação</dt>
          <dd>
            {d.link.statusLabel}
            {d.link.acceptedAt ? ` desde ${d.link.acceptedAt}` : ""}
            {d.link.endedAt
              ? ` — encerrado em ${d.link.endedAt}${d.link.endReason ? ` (${d.link.endReason})` : ""}`
              : ""}
          </dd>
          <dt>Requerimento</dt>
          <dd>
            {d.application
              ? `${d.application.number} — ${d.application.status}`
              : "O condutor ainda não pediu o credenciamento vinculado a esta empresa."}
          </dd>
        </dl>
      </section>
      {d.dataDuty && d.link.actions.includes("declare_data_sent") ? (
        <DataSentCard
          errors={errors}
          values={values}
          dataSentOn={d.link.dataSentOn}
          citation={d.dataDuty.citation}
          now={d.now}
        />
      ) : null}
      <section className="cartao" aria-labelledby="credenciais">
        <h2 id="credenciais">Credenciais</h2>
        {d.credentials.length === 0 ? (
          <p>Nenhuma credencial emitida por meio desta empresa.</p>
        ) : (
          <ul className="op-lista">
            {d.credentials.map((c) => (
              <li key={c.id}>
                <strong>{c.typeLabel}</strong> {c.serial}{" "}
                <span className={`selo ${c.verdict === "VALID" ? "ok" : "falha"}`}>{c.verdictLabel}</span>
                <span className="citacao">
                  Válida de {formatDate(c.validFrom)} a {formatDate(c.validUntil)}
                  {c.plate ? ` · placa ${c.plate}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {d.evaluation ? (
        <DriverDocuments
          evaluation={d.evaluation}
          documents={d.documents}
          collects={d.collects}
          linkUrl={`${base}/condutores/${d.link.id}`}
        />
      ) : null}
      {d.link.actions.includes("end") ? (
        <EndLinkCard errors={errors} values={values} reasons={d.reasons} now={d.now} />
      ) : null}
    </OperatorFrame>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => `${data?.link.name ?? "Condutor"}`,
};
