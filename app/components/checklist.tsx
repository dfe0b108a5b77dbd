// The pack's answer for one application as a person reads it, every line with its provision.
// Shared by the review screen and the wizard: the EvaluationResult and nothing else.
import type { Check, EvaluationResult, RequiredDocument } from "~/domain/eligibility";
import { needsFile } from "~/domain/eligibility/document-status";
import { DOCUMENT_STATUS_LABELS } from "~/domain/eligibility/labels";
import { formatCount, formatDate } from "~/domain/format";

const CHECK_STATUS: Record<Check["status"], { label: string; tone: string }> = {
  PASS: { label: "Cumpre", tone: "ok" },
  FAIL: { label: "Não cumpre", tone: "falha" },
  PENDING: { label: "Pendente", tone: "pendente" },
};

function documentNote(d: RequiredDocument): string | null {
  const parts: string[] = [];
  if (d.quantity && d.quantity > 1) parts.push(`${d.quantity} unidades`);
  if (d.fromMunicipality) parts.push("do município");
  if (d.submittedBy === "TITULAR")
    parts.push(needsFile(d.status) ? "aguardando o titular (página Prepostos)" : "entregue pelo titular");
  if (d.submittedBy === "OPERADORA") parts.push("entregue pela operadora");
  if (d.expiresOn) parts.push(`${d.status === "EXPIRED" ? "venceu em" : "válido até"} ${formatDate(d.expiresOn)}`);
  if (d.reason) parts.push(d.reason);
  return parts.length ? parts.join(" · ") : null;
}

export function Checklist({
  result,
  headingLevel = 2,
  showDocuments = true,
  pendingWho = {},
}: {
  result: EvaluationResult;
  headingLevel?: 2 | 3;
  showDocuments?: boolean;
  /** For staff: who must answer each PENDING check, and where (by check id). */
  pendingWho?: Record<string, { label: string; href: string | null }[]>;
}) {
  const H = `h${headingLevel}` as "h2" | "h3";
  const failing = result.checks.filter((c) => c.status === "FAIL").length;
  const pending = result.checks.filter((c) => c.status === "PENDING").length;
  const docsOpen = result.requiredDocuments.filter((d) => d.status !== "ACCEPTED" && d.status !== "EXPIRING").length;
  return (
    <div className="checklist-bloco">
      <p className={`aviso ${result.eligible ? "sucesso" : failing ? "erro" : "atencao"}`}>
        {result.eligible
          ? `Cumpre todos os requisitos de ${result.pack.law} (pacote ${result.pack.id} v${result.pack.version}, em ${formatDate(result.date)}).`
          : `Ainda não cumpre ${result.pack.law}: ${[
              failing ? formatCount(failing, "requisito não cumprido", "requisitos não cumpridos") : null,
              pending ? formatCount(pending, "requisito pendente", "requisitos pendentes") : null,
              docsOpen ? formatCount(docsOpen, "documento em aberto", "documentos em aberto") : null,
            ]
              .filter(Boolean)
              .join(", ")}.`}
      </p>
      {result.checks.length ? (
        <>
          <H>Requisitos</H>
          <ul className="checklist" aria-label="Requisitos da lei">
            {result.checks.map((c, i) => (
              <li key={`${c.id}-${i}`}>
                <span className={`selo ${CHECK_STATUS[c.status].tone}`}>{CHECK_STATUS[c.status].label}</span>{" "}
                <span>{c.message}</span> <span className="citacao">({c.citation})</span>
                {c.status === "PENDING" && pendingWho[c.id]?.length ? (
                  <span className="dica">
                    {" "}
                    Quem responde:{" "}
                    {pendingWho[c.id].map((w, j) => (
                      <span key={w.label}>
                        {j ? "; " : ""}
                        {w.href ? <a href={w.href}>{w.label}</a> : w.label}
                      </span>
                    ))}
                    .
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {showDocuments && result.requiredDocuments.length ? (
        <>
          <H>Documentos exigidos</H>
          <ul className="checklist" aria-label="Documentos exigidos">
            {result.requiredDocuments.map((d) => {
              const note = documentNote(d);
              return (
                <li key={d.type}>
                  <span className={`selo ${DOCUMENT_STATUS_LABELS[d.status].tone}`}>
                    {DOCUMENT_STATUS_LABELS[d.status].label}
                  </span>{" "}
                  <span>
                    {d.label}
                    {note ? <span className="citacao"> — {note}</span> : null}
                  </span>{" "}
                  <span className="citacao">({d.citation})</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
