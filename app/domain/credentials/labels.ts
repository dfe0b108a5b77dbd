// Portuguese labels for what credentials say, used by pages and PDFs alike.
import type { Verdict } from "./status";

export const VERDICT_LABELS: Record<Verdict, { label: string; icon: string; explanation: string }> = {
  VALID: { label: "VÁLIDO", icon: "✓", explanation: "Credencial autêntica e em vigor." },
  EXPIRED: { label: "VENCIDO", icon: "!", explanation: "Credencial autêntica, mas o prazo de validade acabou." },
  SUSPENDED: {
    label: "SUSPENSO",
    icon: "!",
    explanation: "Credencial suspensa pela prefeitura: o condutor não pode prestar o serviço.",
  },
  REVOKED: { label: "CASSADO", icon: "×", explanation: "Credencial cassada pela prefeitura: não vale mais." },
  SUPERSEDED: {
    label: "SUBSTITUÍDO",
    icon: "»",
    explanation: "Esta credencial foi substituída por outra mais nova: peça ao condutor o documento atual.",
  },
  INVALID: {
    label: "NÃO RECONHECIDO",
    icon: "×",
    explanation:
      "Este código não corresponde a nenhuma credencial emitida. Não embarque e, se puder, avise a prefeitura.",
  },
};

/** A genuine credential whose validity has not started: INVALID with reason not_yet_valid (ADR 002). */
const NOT_YET_VALID_LABEL = {
  label: "AINDA NÃO VÁLIDA",
  icon: "×",
  explanation: "Credencial autêntica, mas a validade ainda não começou: por enquanto não vale. Não embarque.",
};

/** The label for a verdict and its reason: "not_yet_valid" has its own words. */
export const verdictLabel = (verdict: Verdict, reason?: string | null) =>
  verdict === "INVALID" && reason === "not_yet_valid" ? NOT_YET_VALID_LABEL : VERDICT_LABELS[verdict];

export const CATEGORY_LABELS: Record<string, string> = {
  MOTOTAXI: "Mototáxi",
  MOTOBOY: "Motoboy",
  MOTOFRETE: "Motofrete",
  APLICATIVO: "Transporte por aplicativo",
};

export const CREDENTIAL_TYPE_LABELS: Record<string, string> = {
  CRACHA: "Crachá",
  CERTIFICADO: "Certificado",
  SELO_VISTORIA: "Selo de vistoria",
  CERTIFICADO_OPERADOR: "Certificado de credenciamento de operadora",
  AUTORIZACAO_TRANSITO: "Autorização de trânsito",
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
