import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { listAuditEvents } from "~/models/audit-log.server";
import { requireMunicipality } from "~/models/municipality.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  await requirePermission(request, "read:audit", { municipalityId: municipality.id });
  const events = await listAuditEvents({ municipalityId: municipality.id });
  return {
    municipality: { name: municipality.name, timeZone: municipality.timeZone },
    events: events.map((e) => ({
      seq: e.seq,
      at: e.at.toISOString(),
      actor: e.actorName,
      role: e.actorRole,
      action: e.action,
      subject: `${e.subjectType} ${e.subjectId.slice(-8)}`,
      hash: e.hash.slice(0, 12),
    })),
  };
});
