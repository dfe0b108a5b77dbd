// The operator's closed vocabularies and their Portuguese names, shared by models and forms.
export const OPERATOR_KINDS = ["EMPRESA", "CONCESSIONARIA", "PLATAFORMA", "COOPERATIVA"] as const;
export type OperatorKind = (typeof OPERATOR_KINDS)[number];
export const OPERATOR_KIND_LABELS: Record<OperatorKind, string> = {
  EMPRESA: "Empresa (pessoa jurídica)",
  CONCESSIONARIA: "Concessionária",
  PLATAFORMA: "Plataforma de aplicativo (operadora)",
  COOPERATIVA: "Cooperativa",
};

export type NoticeKind =
  "DESLIGAMENTO" | "OBITO_ACIDENTE" | "EXCLUSAO" | "ACIDENTE" | "REMOCAO_AUXILIAR" | "ENDERECO" | "SEGURO";
export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  DESLIGAMENTO: "Desligamento de condutor",
  OBITO_ACIDENTE: "Óbito de condutor em acidente",
  EXCLUSAO: "Exclusão de motorista da plataforma",
  ACIDENTE: "Acidente com veículo",
  REMOCAO_AUXILIAR: "Baixa de condutor auxiliar",
  ENDERECO: "Alteração de endereço",
  SEGURO: "Renovação da apólice de seguro",
};
/** Why a link ends, and which notice (if any) the law then asks of the operator. */
export const UNLINK_REASONS = {
  DESLIGAMENTO: { label: "Desligamento da empresa", notice: ["DESLIGAMENTO", "EXCLUSAO"] },
  EXCLUSAO: { label: "Exclusão pela empresa (penalidade ou descumprimento)", notice: ["EXCLUSAO", "DESLIGAMENTO"] },
  OBITO_ACIDENTE: { label: "Óbito em acidente", notice: ["OBITO_ACIDENTE", "DESLIGAMENTO"] },
  PEDIDO_CONDUTOR: { label: "A pedido do condutor", notice: ["DESLIGAMENTO", "EXCLUSAO"] },
} as const satisfies Record<string, { label: string; notice: NoticeKind[] }>;
export type UnlinkReason = keyof typeof UNLINK_REASONS;
