import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";

/** Every staff role of this municipality reads its panel; anyone else is refused before any page. */
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  await requireStaff(request, params.municipio, "read:panel");
  return null;
});
