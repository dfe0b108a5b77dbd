// What a passenger can report about a credential they checked (the public report form, /v/relato).

export const REPORT_KINDS = ["PHOTO_MISMATCH", "UNSAFE_DRIVING", "OVERCHARGING", "OTHER"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  PHOTO_MISMATCH: "O condutor não era a pessoa da foto",
  UNSAFE_DRIVING: "Direção perigosa",
  OVERCHARGING: "Cobrança abusiva",
  OTHER: "Outro problema",
};
