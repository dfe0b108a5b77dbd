// The frame's data for a loaded operator (names, status) — the same on every operator page.
import type { FrameOperator } from "~/components/operator/operator-frame";
import { formatCnpj } from "~/domain/br";
import { OPERATOR_STATUS_LABELS, type OperatorWithMunicipality } from "~/models/operator.server";

export function frameOf(o: OperatorWithMunicipality): FrameOperator {
  return {
    id: o.id,
    name: o.tradeName ?? o.legalName,
    cnpj: formatCnpj(o.cnpj),
    statusLabel: OPERATOR_STATUS_LABELS[o.status] ?? o.status,
    active: o.status === "ACTIVE",
    municipality: `${o.municipality.name} (${o.municipality.uf})`,
    timeZone: o.municipality.timeZone,
  };
}
