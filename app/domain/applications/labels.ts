// Portuguese names for the choices the driver makes when starting an application.
export const MODE_LABELS: Record<string, { label: string; hint: string }> = {
  AUTONOMO: { label: "Autônomo / permissionário", hint: "A permissão ou autorização fica no seu nome." },
  VINCULADO: {
    label: "Vinculado a uma empresa",
    hint: "Você trabalha para uma empresa, concessionária ou plataforma credenciada.",
  },
  PREPOSTO: { label: "Preposto / condutor auxiliar", hint: "Você dirige o veículo de um titular, indicado por ele." },
  OPERADORA: { label: "Empresa (operadora)", hint: "Credenciamento da própria empresa." },
};
