import type { LoaderFunctionArgs } from "@remix-run/node";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { formatCnpj } from "~/domain/br";
import { OPERATOR_KIND_LABELS, type OperatorKind } from "~/domain/operators/vocabulary";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { OPERATOR_STATUS_LABELS } from "~/models/operator.server";
import { operatorsOfMunicipality } from "~/models/operator-oversight.server";

// The municipality's operators for its staff: who is credentialed and what each owes — overdue
// reports and notices not filed (or filed late) are flagged here as they are to the operator.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:application");
  const rows = await operatorsOfMunicipality(municipality);
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    operators: rows.map((o) => ({
      ...o,
      cnpj: formatCnpj(o.cnpj),
      kind: OPERATOR_KIND_LABELS[o.kind as OperatorKind] ?? o.kind,
      statusLabel: OPERATOR_STATUS_LABELS[o.status] ?? o.status,
      applicationStatus: o.application
        ? (APPLICATION_STATUS_LABELS[o.application.status as ApplicationStatus] ?? o.application.status)
        : null,
    })),
  };
});
