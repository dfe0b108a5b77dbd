// Reading the audit trail (staff see the events of their municipality).
import { actorNames } from "./user-names.server";
import { db } from "~/utils/db.server";

export async function listAuditEvents(
  filter: { municipalityId?: string; subjectType?: string; subjectId?: string },
  take = 100,
) {
  const events = await db.auditEvent.findMany({
    where: { municipalityId: filter.municipalityId, subjectType: filter.subjectType, subjectId: filter.subjectId },
    orderBy: { seq: "desc" },
    take,
  });
  const who = await actorNames(events.map((e) => e.actorUserId));
  return events.map((e) => ({ ...e, actorName: who(e.actorUserId) }));
}
