// Back-office words shared by pages and CSV exports.
import type { ApplicationStatus } from "~/domain/applications/status";
import { formatDays } from "~/domain/format";
import type { ReviewStage } from "~/models/review-workload.server";

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

/** The review stages as the staff landing and the queue name them. */
export const STAGE_LABELS: Record<ReviewStage, string> = {
  novos: "Novos",
  conferencia: "Documentos por conferir",
  vistoria: "Vistoria marcada",
  decisao: "Prontos para decisão",
  correcao: "Aguardando correção",
};

/** What each stage holds, in a line under its count. */
export const STAGE_HINTS: Record<ReviewStage, string> = {
  novos: "Enviados ou reenviados, sem análise iniciada",
  conferencia: "Em análise, com documentos ainda não conferidos",
  vistoria: "Em análise, à espera da vistoria agendada",
  decisao: "Documentos conferidos, sem vistoria pendente",
  correcao: "O condutor precisa reenviar o que foi pedido",
};
