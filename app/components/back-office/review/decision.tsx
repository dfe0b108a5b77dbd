// The review screen's "Decisão" card: the decisions, then the credentials the application gave.
import { Link } from "@remix-run/react";
import { DecisionPanel } from "~/components/back-office/decision-panel";
import { CREDENTIAL_STATUS_LABELS, CREDENTIAL_STATUS_TONE } from "~/domain/credentials/labels";
import { formatDate } from "~/domain/format";
import type { ReviewScreenData } from "~/http/review-screen.server";

type Props = {
  d: Pick<
    ReviewScreenData,
    | "app"
    | "can"
    | "segregation"
    | "documents"
    | "toIssue"
    | "result"
    | "blocked"
    | "vistoriaDue"
    | "citations"
    | "credentials"
  >;
  base: string;
  decidable: boolean;
  errors: Record<string, string | undefined>;
  values: Record<string, string>;
};

export function DecisionSection({ d, base, decidable, errors, values }: Props) {
  const { app } = d;
  return (
    <section className="cartao bo-painel" aria-labelledby="decisao-titulo" id="decisao" tabIndex={-1}>
      <h2 id="decisao-titulo">Decisão</h2>
      <DecisionPanel
        ctx={{
          status: app.status,
          approveUrl: `${base}/requerimentos/${app.id}/aprovar`,
          decidable,
          can: { review: d.can.review, issue: d.can.issue },
          segregation: d.segregation,
          rejected: d.documents
            .filter((x) => x.reviewStatus === "REJECTED")
            .map((x) => ({ label: x.label, reason: x.reviewReason })),
          toIssue: d.toIssue,
          eligible: d.result.eligible,
          blocked: d.blocked,
          vistoriaDue: d.vistoriaDue,
          citations: d.citations,
          errors,
          values,
        }}
      />
      {app.status === "CHANGES_REQUESTED" ? <p>Aguardando o condutor reenviar o que foi pedido.</p> : null}
      {d.credentials.length ? (
        <IssuedCredentials credentials={d.credentials} base={base} canRead={d.can.credential} />
      ) : null}
    </section>
  );
}

function IssuedCredentials({
  credentials,
  base,
  canRead,
}: {
  credentials: ReviewScreenData["credentials"];
  base: string;
  canRead: boolean;
}) {
  return (
    <div id="credenciais">
      <h3>Credenciais emitidas</h3>
      <ul>
        {credentials.map((c) => (
          <li key={c.id}>
            {c.typeLabel} <strong>{c.serial}</strong> —{" "}
            <span className={`selo ${CREDENTIAL_STATUS_TONE[c.status] ?? "pendente"}`}>
              {CREDENTIAL_STATUS_LABELS[c.status] ?? c.status}
            </span>
            , até {formatDate(c.validUntil)}
            <br />
            <a href={`${base}/credenciais/${c.id}/pdf`}>
              PDF
              <span className="visualmente-oculto">
                {" "}
                do {c.typeLabel} {c.serial}
              </span>
            </a>
            {canRead ? (
              <>
                {" "}
                ·{" "}
                <Link to={`${base}/credenciais/${c.id}`}>
                  Detalhes e situação
                  <span className="visualmente-oculto">
                    {" "}
                    do {c.typeLabel} {c.serial}
                  </span>
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {canRead ? (
        <p>
          <Link to={`${base}/credenciais`}>Todas as credenciais do município</Link>
        </p>
      ) : null}
    </div>
  );
}
