// Words and badge tones for document statuses, one map for every page; `toSender` words them as
// what the sender still has to do.
import type { DocumentStatus } from "./types";

type Tone = "ok" | "pendente" | "falha";

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, { label: string; toSender: string; tone: Tone }> = {
  MISSING: { label: "Falta", toSender: "Falta enviar", tone: "falha" },
  AWAITING_REVIEW: { label: "Em análise", toSender: "Enviado — aguardando análise", tone: "pendente" },
  ACCEPTED: { label: "Aceito", toSender: "Aceito", tone: "ok" },
  REJECTED: { label: "Recusado", toSender: "Recusado", tone: "falha" },
  EXPIRING: { label: "Vence logo", toSender: "Aceito — vence em breve", tone: "pendente" },
  EXPIRED: { label: "Vencido", toSender: "Vencido", tone: "falha" },
};

/** The label and tone of a status that may come from the database as a plain string. */
export function documentStatusLabel(status: string, toSender = false): { label: string; tone: Tone } {
  const known = DOCUMENT_STATUS_LABELS[status as DocumentStatus];
  if (!known) return { label: status, tone: "pendente" };
  return { label: toSender ? known.toSender : known.label, tone: known.tone };
}
