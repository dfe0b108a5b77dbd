// Words and badge tones for the engine's document statuses: one map for the analyst's checklist,
// the driver's application page and the operator's view of a driver.
import type { DocumentStatus } from "./types";

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, { label: string; tone: "ok" | "pendente" | "falha" }> = {
  MISSING: { label: "Falta", tone: "falha" },
  AWAITING_REVIEW: { label: "Em análise", tone: "pendente" },
  ACCEPTED: { label: "Aceito", tone: "ok" },
  REJECTED: { label: "Recusado", tone: "falha" },
  EXPIRING: { label: "Vence logo", tone: "pendente" },
  EXPIRED: { label: "Vencido", tone: "falha" },
};

/** The label and tone of a status that may come from the database as a plain string. */
export function documentStatusLabel(status: string): { label: string; tone: "ok" | "pendente" | "falha" } {
  return DOCUMENT_STATUS_LABELS[status as DocumentStatus] ?? { label: status, tone: "pendente" };
}
