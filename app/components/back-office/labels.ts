// Back-office words shared by pages and CSV exports.
import type { ApplicationStatus } from "~/domain/applications/status";
import { formatDays } from "~/domain/format";

/** What the review queue shows when no status is chosen: what waits for an analyst. */
export const WAITING_STATUSES: ApplicationStatus[] = ["SUBMITTED", "RESUBMITTED", "IN_REVIEW"];

/** The administrative process of an auto de infração (app/models/infraction-decision.server.ts). */
// FINAL: the appeal was denied and the penalty stands for good (it still counts as a prior offence).
export const INFRACTION_STATUSES = ["REGISTERED", "NOTIFIED", "DECIDED", "APPEALED", "FINAL", "CANCELLED"] as const;
export type InfractionStatus = (typeof INFRACTION_STATUSES)[number];
export const INFRACTION_STATUS_LABELS: Record<string, string> = {
  REGISTERED: "Lavrado",
  NOTIFIED: "Em prazo de defesa",
  DECIDED: "Julgado",
  APPEALED: "Em recurso",
  FINAL: "Decisão definitiva",
  CANCELLED: "Arquivado",
  ARCHIVED: "Arquivado",
};

/** The badge colour of an auto's status: open (pendente), a penalty stands (falha), annulled (ok). */
export const INFRACTION_STATUS_TONES: Record<string, "pendente" | "falha" | "ok"> = {
  REGISTERED: "pendente",
  NOTIFIED: "pendente",
  DECIDED: "falha",
  APPEALED: "pendente",
  FINAL: "falha",
  CANCELLED: "ok",
  ARCHIVED: "ok",
};

export const CREDENTIAL_STATUS_LABELS: Record<string, string> = {
  ACTIVE: "Ativa",
  SUSPENDED: "Suspensa",
  REVOKED: "Cassada",
  SUPERSEDED: "Substituída",
  EXPIRED: "Vencida",
};

export const CREDENTIAL_STATUS_TONE: Record<string, "ok" | "pendente" | "falha"> = {
  ACTIVE: "ok",
  SUSPENDED: "pendente",
  REVOKED: "falha",
  SUPERSEDED: "pendente",
  EXPIRED: "falha",
};

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
  return formatDays(days);
}
