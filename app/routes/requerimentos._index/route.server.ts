import type { LoaderFunctionArgs } from "@remix-run/node";
import { type ApplicationStatus } from "~/domain/applications/status";
import { requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { listOwnApplications } from "~/models/application.server";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "read:application");
  const apps = await listOwnApplications(user.id);
  return {
    applications: apps.map((a) => ({
      id: a.id,
      number: a.number,
      status: a.status as ApplicationStatus,
      category: a.category,
      kind: a.kind,
      municipality: `${a.municipality.name} (${a.municipality.uf})`,
      createdAt: a.createdAt.toISOString(),
    })),
  };
});
