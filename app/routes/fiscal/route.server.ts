import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";

/** Only a fiscal (who verifies credentials in the street) reads these pages. */
export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  await requirePermission(request, "verify:credential");
  return null;
});
