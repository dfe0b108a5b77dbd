// Back-office words shared by pages and CSV exports.
import type { ApplicationStatus } from "~/domain/applications/status";

export const APPLICATION_STATUS_TONE: Record<ApplicationStatus, "ok" | "pendente" | "falha"> = {
  DRAFT: "pendente",
  SUBMITTED: "pendente",
  IN_REVIEW: "pendente",
  CHANGES_REQUESTED: "pendente",
  RESUBMITTED: "pendente",
  APPROVED: "ok",
  ISSUED: "ok",
  REJECTED: "falha",
  WITHDRAWN: "falha",
};

export const MODE_LABELS: Record<string, string> = {
  AUTONOMO: "Autônomo (titular)",
  VINCULADO: "Vinculado a operadora",
  PREPOSTO: "Preposto / condutor auxiliar",
  OPERADORA: "Operadora (empresa)",
};

export const DOCUMENT_REVIEW_LABELS: Record<string, string> = {
  PENDING: "Aguardando análise",
  ACCEPTED: "Aceito",
  REJECTED: "Recusado",
};

/** "Há 3 dias", "hoje" — the age of a request in the queue. */
export function waitingLabel(days: number | null): string {
  if (days === null) return "—";
  if (days <= 0) return "hoje";
  return days === 1 ? "1 dia" : `${days} dias`;
}

export const when = (iso: string | Date) =>
  new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

export const bytes = (n: number) =>
  n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
