// What an operator's law makes it file with the city, as of a day.
import { deadlineFor } from "~/domain/eligibility";
import { addDays, addDuration, compareDates, daysBetween } from "~/domain/eligibility/calendar";
import { parameterValue, type RulePack } from "~/domain/rule-packs";
import { civilDate } from "~/domain/time";
import { db } from "~/utils/db.server";
import { type ReportContent, reportDuties } from "./operator-policy.server";
import { activePack } from "./rule-pack.server";

type DueState = "FILED" | "DUE" | "OVERDUE" | "ON_REQUEST";
type DueReport = {
  duty: string;
  label: string;
  citation: string;
  sanction: string | null;
  content: ReportContent;
  periodStart: string;
  periodEnd: string;
  /** null: the law (or the administration) sets no term — filed on request. */
  dueOn: string | null;
  state: DueState;
  reportId: string | null;
  /** A request from the city (a row with no content yet). */
  requested: boolean;
  /** Days from today to the due day (negative when overdue); null without a term. */
  daysLeft: number | null;
};

/** How far back the schedule looks for unfiled periods. */
const MAX_PERIODS = 12;

/**
 * What the operator owes as of `today`: each unfiled period since credentialing plus the current one
 * (calendar periods from 1 January, due the day after), the city's requests, and "on request" duties.
 */
export function reportSchedule(
  pack: RulePack,
  activeSince: string | null,
  filed: {
    id: string;
    kind: string;
    periodStart: string;
    periodEnd: string;
    dueOn: string;
    filedAt: Date | null;
    contentJson: string;
  }[],
  today: string,
): DueReport[] {
  if (!activeSince) return [];
  const out: Omit<DueReport, "daysLeft">[] = [];
  for (const { deadline: d, content } of reportDuties(pack)) {
    const base = { duty: d.id, label: d.label, citation: d.citation, sanction: d.sanction ?? null, content };
    const rows = filed.filter((f) => f.kind === d.id);
    // The city's requests (with or without a term in the law).
    for (const r of rows.filter((r) => isRequest(r.contentJson) && !r.filedAt)) {
      out.push({
        ...base,
        periodStart: r.periodStart,
        periodEnd: r.periodEnd,
        dueOn: r.dueOn,
        state: compareDates(r.dueOn, today) < 0 ? "OVERDUE" : "DUE",
        reportId: r.id,
        requested: true,
      });
    }
    if (d.every) {
      const periods: { start: string; end: string; due: string }[] = [];
      for (
        let start = `${activeSince.slice(0, 4)}-01-01`;
        compareDates(start, today) <= 0;
        start = addDuration(start, d.every)
      ) {
        const due = deadlineFor(pack, d.id, start).dueAt as string;
        const end = addDays(due, -1);
        if (compareDates(end, activeSince) >= 0) periods.push({ start, end, due });
      }
      for (const p of periods.slice(-MAX_PERIODS)) {
        const report = rows.find((r) => r.periodStart === p.start && r.filedAt && !isRequest(r.contentJson));
        // A period not yet past its due day is always shown; a past one only while it is missing.
        const current = compareDates(p.due, today) >= 0;
        if (!current && report) continue;
        out.push({
          ...base,
          periodStart: p.start,
          periodEnd: p.end,
          dueOn: p.due,
          state: report ? "FILED" : current ? "DUE" : "OVERDUE",
          reportId: report?.id ?? null,
          requested: false,
        });
      }
    } else if (d.parameter && parameterValue(pack, d.parameter) !== null) {
      const due = deadlineFor(pack, d.id, activeSince).dueAt as string;
      const report = rows.find((r) => r.filedAt && !isRequest(r.contentJson));
      out.push({
        ...base,
        periodStart: activeSince,
        periodEnd: due,
        dueOn: due,
        state: report ? "FILED" : compareDates(due, today) < 0 ? "OVERDUE" : "DUE",
        reportId: report?.id ?? null,
        requested: false,
      });
    } else {
      out.push({
        ...base,
        periodStart: today,
        periodEnd: today,
        dueOn: null,
        state: "ON_REQUEST",
        reportId: null,
        requested: false,
      });
    }
  }
  return out.map((r) => ({ ...r, daysLeft: r.dueOn ? daysBetween(today, r.dueOn) : null }));
}

function isRequest(contentJson: string): boolean {
  try {
    const c = JSON.parse(contentJson) as { requested?: unknown; tables?: unknown };
    return Boolean(c.requested);
  } catch {
    return false;
  }
}

/** The day the operator was credentialed (its certificate's first day), or null while it is not. */
export async function activeSince(operatorId: string): Promise<string | null> {
  const first = await db.credential.findFirst({
    where: { holderOperatorId: operatorId, type: "CERTIFICADO_OPERADOR" },
    orderBy: { issuedAt: "asc" },
  });
  return first?.validFrom ?? null;
}

export async function operatorSchedule(
  operator: { id: string; municipalityId: string; status: string },
  now = new Date(),
) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  const pack = await activePack(municipality);
  const rows = await db.operatorReport.findMany({ where: { operatorId: operator.id } });
  const since = operator.status === "ACTIVE" ? await activeSince(operator.id) : null;
  return { pack, schedule: reportSchedule(pack, since, rows, civilDate(now, municipality.timeZone)) };
}
