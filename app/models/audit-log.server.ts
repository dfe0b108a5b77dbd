// Reading the audit trail (staff see the events of their municipality).
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
  const actorIds = [...new Set(events.map((e) => e.actorUserId).filter((x): x is string => Boolean(x)))];
  const actors = await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, name: true } });
  const names = new Map(actors.map((a) => [a.id, a.name]));
  return events.map((e) => ({ ...e, actorName: e.actorUserId ? (names.get(e.actorUserId) ?? "—") : "Sistema" }));
}
