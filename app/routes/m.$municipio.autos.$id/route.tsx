import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { DecidePanel } from "~/components/back-office/infraction/decide-panel";
import { NoticeCard, RemovalCard } from "~/components/back-office/infraction/enforcement-cards";
import { ClassificationCard, FactsCard, ProcessCard } from "~/components/back-office/infraction/infraction-cards";
import { DONE_MESSAGES } from "~/components/back-office/infraction/intent-form";
import {
  AppealPanel,
  AppealRulingPanel,
  ArchivePanel,
  DefencePanel,
  NotifyPanel,
} from "~/components/back-office/infraction/process-panels";
import type { PageHandle } from "~/components/page-title";
import { Timeline } from "~/components/timeline";
import { ErrorSummary } from "~/components/ui/error-summary";
import { INFRACTION_STATUS_LABELS, INFRACTION_STATUS_TONES } from "~/domain/infractions/labels";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function InfractionPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const ok = params.get("ok");
  const base = `/m/${d.municipality.slug}`;
  const a = d.auto;
  const allowed = d.allowed;
  return (
    <>
      <p className="bo-voltar">
        <Link to={`${base}/autos`}>← Autos de infração</Link>
      </p>
      <div className="bo-cabecalho">
        <h1>Auto {a.number}</h1>
        <span className={`selo ${INFRACTION_STATUS_TONES[a.status] ?? "pendente"}`}>
          {INFRACTION_STATUS_LABELS[a.status] ?? a.status}
        </span>
      </div>
      {ok && DONE_MESSAGES[ok] ? (
        <div className="aviso sucesso" role="status">
          {DONE_MESSAGES[ok]}
        </div>
      ) : null}
      <ErrorSummary errors={result?.errors} error={result?.error} idOf={(name) => `${result?.intent}-${name}`} />

      <div className="bo-revisao">
        <div>
          <FactsCard d={d} base={base} />
          <ClassificationCard d={d} base={base} />
          <ProcessCard d={d} base={base} />
          {d.notice ? <NoticeCard d={{ ...d, notice: d.notice }} allowed={allowed} /> : null}
          {d.removal ? <RemovalCard d={{ ...d, removal: d.removal }} allowed={allowed} /> : null}
        </div>

        <div>
          {allowed.includes("notify") ? <NotifyPanel d={d} result={result} /> : null}
          {allowed.includes("defence") ? <DefencePanel d={d} result={result} /> : null}
          {allowed.includes("decide") ? <DecidePanel d={d} result={result} /> : null}
          {allowed.includes("archive") ? <ArchivePanel result={result} /> : null}
          {allowed.includes("appeal") && d.process.decision?.outcome === "PENALTY" ? (
            <AppealPanel d={d} result={result} />
          ) : null}
          {allowed.includes("deny_appeal") || allowed.includes("grant_appeal") ? (
            <AppealRulingPanel d={d} result={result} />
          ) : null}

          <section className="cartao bo-painel" aria-labelledby="auto-historico">
            <h2 id="auto-historico">Histórico</h2>
            <Timeline entries={d.history} label="Histórico do auto" timeZone={d.timeZone} />
          </section>
        </div>
      </div>
    </>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => `Auto ${data?.auto.number ?? ""}`,
};
