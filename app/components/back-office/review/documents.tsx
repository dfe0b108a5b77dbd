// The review screen's documents: an index with each one's state, then each document to decide.
import { DocumentReview } from "~/components/back-office/document-review";
import { DOCUMENT_REVIEW_LABELS } from "~/components/back-office/labels";
import type { ReviewScreenData } from "~/http/review-screen.server";

type Props = Pick<ReviewScreenData, "documents" | "reasons"> & {
  app: Pick<ReviewScreenData["app"], "status" | "assignedToName">;
  /** The staff URL prefix, /m/<slug>. */
  base: string;
  decidable: boolean;
  /** The viewer may start the review, may decide documents, is behind the application (ADR 051). */
  can: { review: boolean; document: boolean; own: boolean };
  /** The action's answer: a refused decision on one document is shown beside it. */
  refused?: { documentId?: string; error?: string | null };
  timeZone: string;
};

export function ReviewDocuments({ documents, reasons, app, base, decidable, can, refused, timeZone }: Props) {
  const fileUrl = (id: string, download = false) => `${base}/documentos/${id}${download ? "?baixar=1" : ""}`;
  const viewer = {
    module: `${base}/requerimentos/visor/pdf.mjs`,
    worker: `${base}/requerimentos/visor/pdf.worker.mjs`,
  };
  const pending = documents.filter((x) => x.reviewStatus === "PENDING");
  return (
    <section aria-labelledby="documentos-titulo" id="documentos">
      <h2 id="documentos-titulo">
        Documentos ({documents.length}
        {pending.length ? `, ${pending.length} aguardando` : ""})
      </h2>
      {app.status === "IN_REVIEW" && !decidable && !can.own ? (
        <p className="aviso atencao">Este requerimento está com {app.assignedToName}. Assuma-o para decidir.</p>
      ) : null}
      {(app.status === "SUBMITTED" || app.status === "RESUBMITTED") && can.review ? (
        <p className="aviso">Inicie a análise para aceitar ou recusar os documentos.</p>
      ) : null}
      {documents.length === 0 ? (
        <p className="bo-vazio">Nenhum documento enviado.</p>
      ) : (
        <ul className="bo-indice" aria-label="Índice dos documentos">
          {documents.map((x) => (
            <li key={x.id}>
              <span
                className={`selo ${x.reviewStatus === "ACCEPTED" ? "ok" : x.reviewStatus === "REJECTED" ? "falha" : "pendente"}`}
              >
                {DOCUMENT_REVIEW_LABELS[x.reviewStatus] === "Aguardando análise"
                  ? "Aguarda"
                  : (DOCUMENT_REVIEW_LABELS[x.reviewStatus] ?? x.reviewStatus)}
              </span>
              <a href={`#doc-${x.id}`}>{x.label}</a>
            </li>
          ))}
        </ul>
      )}
      {documents.map((doc, i) => {
        const next = [...documents.slice(i + 1), ...documents.slice(0, i)].find((x) => x.reviewStatus === "PENDING");
        return (
          <DocumentReview
            key={doc.id}
            doc={doc}
            fileUrl={fileUrl}
            viewer={viewer}
            decidable={decidable && can.document}
            reasons={reasons}
            nextAnchor={next ? `doc-${next.id}` : "decisao"}
            error={refused?.documentId === doc.id ? (refused.error ?? null) : null}
            timeZone={timeZone}
          />
        );
      })}
    </section>
  );
}
