import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatCnpj } from "~/domain/br";
import { requireUser } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";
import { OPERATOR_STATUS_LABELS, operatorsOfUser } from "~/models/operator.server";

// The companies the signed-in person acts for, and the way to register a new one.
export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const operators = await operatorsOfUser(user.id);
  return {
    operators: operators.map((o) => ({
      id: o.id,
      name: o.tradeName ?? o.legalName,
      legalName: o.legalName,
      cnpj: formatCnpj(o.cnpj),
      status: OPERATOR_STATUS_LABELS[o.status] ?? o.status,
      active: o.status === "ACTIVE",
      municipality: `${o.municipality.name} (${o.municipality.uf})`,
      owner: o.owner,
    })),
  };
});
