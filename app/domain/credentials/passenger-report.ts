// What a passenger can report about a credential they checked (the public report form, /v/relato).

export const PASSENGER_REPORT_KINDS = ["PHOTO_MISMATCH", "UNSAFE_DRIVING", "OVERCHARGING", "OTHER"] as const;
export type PassengerReportKind = (typeof PASSENGER_REPORT_KINDS)[number];

export const PASSENGER_REPORT_KIND_LABELS: Record<PassengerReportKind, string> = {
  PHOTO_MISMATCH: "O condutor não era a pessoa da foto",
  UNSAFE_DRIVING: "Direção perigosa",
  OVERCHARGING: "Cobrança abusiva",
  OTHER: "Outro problema",
};
