// Reading the audit trail: the staff's audit page and the gestor pages' short trails, with who acted.
import { db } from "~/utils/db.server";
import { actorNames } from "./user-names.server";

export async function listAuditEvents(
  filter: { municipalityId?: string; subjectType?: string; subjectId?: string; action?: string },
  take = 100,
) {
  const events = await db.auditEvent.findMany({
    where: {
      municipalityId: filter.municipalityId,
      subjectType: filter.subjectType,
      subjectId: filter.subjectId,
      action: filter.action,
    },
    orderBy: { seq: "desc" },
    take,
  });
  const who = await actorNames(events.map((e) => e.actorUserId));
  return events.map((e) => ({ ...e, actorName: who(e.actorUserId) }));
}
