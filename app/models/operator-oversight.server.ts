// The city's view of its operators (/m/<slug>/operadoras): standing, what each owes, what was filed.
import { compareDates } from "~/domain/eligibility/calendar";
import { isId } from "~/domain/ids";
import { civilDate } from "~/domain/time";
import { db } from "~/utils/db.server";
import { noticeView } from "./notice.server";
import { activeSince, reportSchedule } from "./operator-report-schedule.server";
import { activePack } from "./rule-pack.server";

export async function operatorsOfMunicipality(
  municipality: { id: string; rulePackId: string; timeZone: string },
  now = new Date(),
) {
  const pack = await activePack(municipality);
  const today = civilDate(now, municipality.timeZone);
  const operators = await db.operator.findMany({
    where: { municipalityId: municipality.id },
    include: {
      reports: true,
      notices: true,
      applications: { where: { subject: "OPERADORA" }, orderBy: { createdAt: "desc" }, take: 1 },
      _count: { select: { links: { where: { status: "ACTIVE" } }, vehicles: true } },
    },
    orderBy: { legalName: "asc" },
  });
  const rows = [];
  for (const o of operators) {
    const since = o.status === "ACTIVE" ? await activeSince(o.id) : null;
    const schedule = reportSchedule(pack, since, o.reports, today);
    const notices = o.notices.map((n) => noticeView(n, now, municipality.timeZone));
    const overdueReports = schedule.filter((s) => s.state === "OVERDUE");
    const nextDue =
      schedule.filter((s) => s.state === "DUE" && s.dueOn).sort((a, b) => compareDates(a.dueOn!, b.dueOn!))[0] ?? null;
    rows.push({
      id: o.id,
      legalName: o.legalName,
      tradeName: o.tradeName,
      cnpj: o.cnpj,
      kind: o.kind,
      status: o.status,
      application: o.applications[0]
        ? { id: o.applications[0].id, number: o.applications[0].number, status: o.applications[0].status }
        : null,
      drivers: o._count.links,
      vehicles: o._count.vehicles,
      overdueReports: overdueReports.map((r) => ({ label: r.label, dueOn: r.dueOn, citation: r.citation })),
      overdueNotices: notices.filter((n) => n.state === "OVERDUE").length,
      lateNotices: notices.filter((n) => n.state === "FILED_LATE").length,
      nextDue: nextDue ? { label: nextDue.label, dueOn: nextDue.dueOn } : null,
    });
  }
  return rows;
}

export async function operatorForStaff(municipalityId: string, operatorId: string | undefined) {
  if (!isId(operatorId)) return null;
  return db.operator.findFirst({ where: { id: operatorId, municipalityId }, include: { municipality: true } });
}
