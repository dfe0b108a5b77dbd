import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ApplicantCard } from "~/components/back-office/review/applicant";
import { AssignmentForm } from "~/components/back-office/review/assignment";
import { DecisionSection } from "~/components/back-office/review/decision";
import { ReviewDocuments } from "~/components/back-office/review/documents";
import { ReviewAnchors, ReviewHeading } from "~/components/back-office/review/heading";
import { ReviewHistory } from "~/components/back-office/review/history";
import { VistoriaPanel } from "~/components/back-office/vistoria-panel";
import { Checklist } from "~/components/checklist";
import type { PageHandle } from "~/components/page-title";
import { RenewalSummary } from "~/components/renewal/renewal-summary";
import { ErrorSummary } from "~/components/ui/error-summary";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

// The decision panel's inputs, for the error summary's links (a refused decision takes focus there).
const DECISION_FIELD_IDS: Record<string, string> = {
  note: "nota-correcoes",
  reason: "motivo-indeferimento",
  when: "vistoria-quando",
};

export default function ReviewScreen() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const { app, municipality } = d;
  const base = `/m/${municipality.slug}`;
  const mine = app.assignedToId === d.me;
  const decidable = app.status === "IN_REVIEW" && (mine || !app.assignedToId);

  // After a decision the page comes back at the next document waiting: move the focus there too.
  useEffect(() => {
    if (!location.hash) return;
    const el = document.getElementById(location.hash.slice(1));
    if (el) el.focus({ preventScroll: false });
  }, [location.key, location.hash]);

  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  return (
    <>
      <ReviewHeading
        app={app}
        base={base}
        timeZone={municipality.timeZone}
        ok={new URLSearchParams(location.search).get("ok")}
        issued={d.credentials.length > 0}
      />
      <ErrorSummary
        error={result?.error && !result.documentId ? result.error : null}
        errors={result?.documentId ? {} : errors}
        idOf={(name) => DECISION_FIELD_IDS[name] ?? name}
      />

      {d.segregation.notice ? (
        <p className="aviso atencao" id="segregacao">
          {d.segregation.notice}
        </p>
      ) : null}

      <AssignmentForm
        assignedToId={app.assignedToId}
        assignedToName={app.assignedToName}
        mine={mine}
        can={{ review: d.can.review, release: d.can.release }}
      />

      <ReviewAnchors vistoria={Boolean(d.vistoria)} />

      <div className="bo-revisao">
        <div>
          <ApplicantCard
            person={d.person}
            vehicle={d.vehicle}
            titular={d.titular}
            link={d.link}
            timeZone={municipality.timeZone}
          />
          <ReviewDocuments
            documents={d.documents}
            reasons={d.reasons}
            app={app}
            base={base}
            decidable={decidable}
            can={{ review: d.can.review, document: d.can.document, own: d.segregation.own }}
            refused={result}
            timeZone={municipality.timeZone}
          />
        </div>

        <div>
          <DecisionSection d={d} base={base} decidable={decidable} errors={errors} values={values} />

          <section className="cartao bo-painel" aria-labelledby="checklist-titulo">
            <h2 id="checklist-titulo">Checklist da lei</h2>
            <RenewalSummary renewal={d.result.renewal} credentials={d.result.credentials} headingLevel={3} />
            <Checklist result={d.result} headingLevel={3} pendingWho={d.pendingWho} />
          </section>

          {d.vistoria ? (
            <VistoriaPanel
              spec={d.vistoria.spec}
              vistorias={d.vistoria.list}
              canManage={d.can.vistoria && !["ISSUED", "REJECTED", "WITHDRAWN"].includes(app.status)}
              errors={result?.intent === "schedule_vistoria" || result?.intent === "record_vistoria" ? errors : {}}
              nowLocal={d.nowLocal}
              timeZone={municipality.timeZone}
            />
          ) : null}

          <ReviewHistory history={d.history} driverHistory={d.driverHistory} timeZone={municipality.timeZone} />
        </div>
      </div>
    </>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => `Requerimento ${data?.app.number ?? ""}`,
};
