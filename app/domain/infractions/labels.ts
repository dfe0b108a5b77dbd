// Portuguese names and badge tones of an auto's status, shared by pages, CSV exports and refusals.
import type { InfractionStatus } from "./status";

export const INFRACTION_STATUS_LABELS: Readonly<Record<string, string>> = {
  REGISTERED: "Lavrado",
  NOTIFIED: "Em prazo de defesa",
  DECIDED: "Julgado",
  APPEALED: "Em recurso",
  FINAL: "Decisão definitiva",
  CANCELLED: "Arquivado",
} satisfies Record<InfractionStatus, string>;

/** The badge colour of an auto's status: open (pendente), a penalty stands (falha), annulled (ok). */
export const INFRACTION_STATUS_TONES: Readonly<Record<string, "pendente" | "falha" | "ok">> = {
  REGISTERED: "pendente",
  NOTIFIED: "pendente",
  DECIDED: "falha",
  APPEALED: "pendente",
  FINAL: "falha",
  CANCELLED: "ok",
} satisfies Record<InfractionStatus, "pendente" | "falha" | "ok">;
