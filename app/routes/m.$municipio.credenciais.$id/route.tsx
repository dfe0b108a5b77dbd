import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CredentialFacts } from "~/components/back-office/credential/facts";
import { StatusPanel } from "~/components/back-office/credential/status-panel";
import type { PageHandle } from "~/components/page-title";
import { Timeline } from "~/components/timeline";
import { ErrorSummary } from "~/components/ui/error-summary";
import { statusText } from "~/domain/credentials/facts";
import { CREDENTIAL_STATUS_LABELS, CREDENTIAL_STATUS_TONE } from "~/domain/credentials/labels";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = {
  suspend: "Credencial suspensa. A verificação já mostra SUSPENSO.",
  reinstate: "Credencial reativada. A verificação já mostra a situação em vigor.",
  revoke: "Credencial cassada. A verificação já mostra CASSADO.",
};

/** This page's inputs are named per panel (`suspend-motivo`): the summary links to them. */
const INPUT_IDS: Record<string, string> = { citation: "citacao", reason: "motivo", until: "ate" };

export default function CredentialPage() {
  const { municipality, credential: c, history, citations, can, today: todayIso } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const ok = params.get("ok");
  const base = `/m/${municipality.slug}`;
  return (
    <>
      <p className="bo-voltar">
        <Link to={`${base}/credenciais`}>← Credenciais</Link>
      </p>
      <div className="bo-cabecalho">
        <h1>
          {c.type} {c.serial}
        </h1>
        <span className={`selo ${CREDENTIAL_STATUS_TONE[c.status] ?? "pendente"}`}>
          {statusText(CREDENTIAL_STATUS_LABELS[c.status] ?? c.status, c.suspendedUntil)}
        </span>
      </div>
      {ok && OK[ok] ? (
        <div className="aviso sucesso" role="status">
          {OK[ok]}
        </div>
      ) : null}
      <ErrorSummary
        errors={result?.errors}
        error={result?.error}
        idOf={(name) => `${result?.intent}-${INPUT_IDS[name] ?? name}`}
      />
      {c.keyRevoked ? (
        <div className="aviso erro">
          A chave que assinou esta credencial foi revogada: toda verificação a recusa (NÃO RECONHECIDO). Ela precisa ser
          reemitida.
        </div>
      ) : null}

      <div className="bo-revisao">
        <div>
          <CredentialFacts c={c} base={base} can={can} timeZone={municipality.timeZone} />
        </div>

        <div>
          {can.enforce && (c.status === "ACTIVE" || c.status === "SUSPENDED") ? (
            <StatusPanel c={c} citations={citations} todayIso={todayIso} result={result} />
          ) : null}
          <section className="cartao" aria-labelledby="historico-credencial">
            <h2 id="historico-credencial">Histórico</h2>
            <Timeline entries={history} label="Histórico da credencial" timeZone={municipality.timeZone} />
          </section>
        </div>
      </div>
    </>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => `Credencial ${data?.credential.serial ?? ""}`,
};
