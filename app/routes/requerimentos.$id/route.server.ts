import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireOwnApplicationOf } from "~/http/driver-wizard.server";
import { withRefusals } from "~/http/refusal.server";

/** Only the person who owns the application reads its steps; anyone else is refused before any page. */
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  await requireOwnApplicationOf(request, params.id);
  return null;
});
