// Filing an operator's reports with the city, the city's requests, and the history of what was filed.
import { compareDates } from "~/domain/eligibility/calendar";
import { isId } from "~/domain/ids";
import { conflict, invalid } from "~/domain/refusal";
import { civilDate } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { timeZoneOfOperator } from "./municipality.server";
import { reportDuties } from "./operator-policy.server";
import { buildReportTables, type ReportSnapshot } from "./operator-report-content.server";
import { operatorSchedule } from "./operator-report-schedule.server";
import { activePack } from "./rule-pack.server";

/** Files a due period, a city request or an on-request report, generated now and kept; 409 if filed or not due. */
export async function fileReport(
  operator: { id: string; municipalityId: string; status: string; legalName: string; cnpj: string },
  which: { duty: string; periodStart: string },
  actor: Actor,
  now = new Date(),
) {
  if (operator.status !== "ACTIVE") throw conflict("A empresa ainda não está credenciada.");
  const { pack, schedule } = await operatorSchedule(operator, now);
  const item = schedule.find(
    (s) => s.duty === which.duty && s.periodStart === which.periodStart && s.state !== "FILED",
  );
  if (!item) throw conflict("Este relatório não está pendente (já foi entregue ou o período não existe).");
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  const tables = await buildReportTables(item.content, operator.id, pack, now);
  const existing = item.reportId ? await db.operatorReport.findUnique({ where: { id: item.reportId } }) : null;
  const requested = existing
    ? (JSON.parse(existing.contentJson) as { requested?: ReportSnapshot["requested"] }).requested
    : undefined;
  const snapshot: ReportSnapshot = {
    title: item.label,
    citation: item.citation,
    operator: { legalName: operator.legalName, cnpj: operator.cnpj },
    municipality: { name: municipality.name, uf: municipality.uf },
    periodStart: item.periodStart,
    periodEnd: item.periodEnd,
    generatedAt: now.toISOString(),
    tables,
    ...(requested ? { requested } : {}),
  };
  return db.$transaction(async (tx) => {
    const report = existing
      ? await tx.operatorReport.update({
          where: { id: existing.id, filedAt: null },
          data: { filedAt: now, filedById: actor.userId, contentJson: JSON.stringify(snapshot) },
        })
      : await tx.operatorReport.create({
          data: {
            operatorId: operator.id,
            kind: item.duty,
            periodStart: item.periodStart,
            periodEnd: item.periodEnd,
            dueOn: item.dueOn ?? item.periodEnd,
            filedAt: now,
            filedById: actor.userId,
            contentJson: JSON.stringify(snapshot),
          },
        });
    await audit(tx, actor, {
      action: "operator_report.file",
      subjectType: "OperatorReport",
      subjectId: report.id,
      municipalityId: operator.municipalityId,
      after: {
        kind: item.duty,
        periodStart: item.periodStart,
        periodEnd: item.periodEnd,
        dueOn: item.dueOn,
        late: item.state === "OVERDUE",
        rows: tables.reduce((n, t) => n + t.rows.length, 0),
      },
      at: now,
    });
    return report;
  });
}

/** The city asks the operator for a report (the laws that say "or on request"), with a due date. */
export async function requestReport(
  operator: { id: string; municipalityId: string },
  duty: string,
  dueOn: string,
  note: string | null,
  actor: Actor,
  now = new Date(),
) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  const pack = await activePack(municipality);
  if (!reportDuties(pack).some((r) => r.deadline.id === duty)) throw invalid("A lei não prevê este relatório.");
  const today = civilDate(now, municipality.timeZone);
  if (compareDates(dueOn, today) < 0) throw invalid("O prazo não pode estar no passado.");
  return db.$transaction(async (tx) => {
    const row = await tx.operatorReport.create({
      data: {
        operatorId: operator.id,
        kind: duty,
        periodStart: today,
        periodEnd: today,
        dueOn,
        contentJson: JSON.stringify({ requested: { at: now.toISOString(), note } }),
      },
    });
    await audit(tx, actor, {
      action: "operator_report.request",
      subjectType: "OperatorReport",
      subjectId: row.id,
      municipalityId: operator.municipalityId,
      after: { kind: duty, dueOn, note },
      at: now,
    });
    return row;
  });
}

/** The filed reports, newest first. */
export async function reportHistory(operatorId: string) {
  const timeZone = await timeZoneOfOperator(operatorId);
  const rows = await db.operatorReport.findMany({
    where: { operatorId, filedAt: { not: null } },
    orderBy: { filedAt: "desc" },
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    dueOn: r.dueOn,
    filedAt: r.filedAt!,
    late: compareDates(civilDate(r.filedAt!, timeZone), r.dueOn) > 0,
    snapshot: parseSnapshot(r.contentJson),
  }));
}

function parseSnapshot(json: string): ReportSnapshot | null {
  try {
    const s = JSON.parse(json) as ReportSnapshot;
    return Array.isArray(s.tables) ? s : null;
  } catch {
    return null;
  }
}

export async function getFiledReport(operatorId: string, reportId: string | undefined) {
  if (!isId(reportId)) return null;
  const r = await db.operatorReport.findFirst({ where: { id: reportId, operatorId, filedAt: { not: null } } });
  const snapshot = r ? parseSnapshot(r.contentJson) : null;
  return r && snapshot ? { report: r, snapshot, timeZone: await timeZoneOfOperator(operatorId) } : null;
}
