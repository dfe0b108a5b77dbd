import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOperator } from "~/http/operator-guard.server";
import { withRefusals } from "~/http/refusal.server";

/** Only a member of this company reads it; anyone else is refused before any page. */
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  await requireOperator(request, params.id, "read:operator");
  return null;
});
