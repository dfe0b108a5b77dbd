// The reports an operator's law requires, generated from the portal's data and filed with the
// city: which are due (periodic ones by calendar period, counted with deadlineFor; the ones the
// city requests; those the law leaves "on request"), their content as filed (a snapshot — the
// history never changes afterwards), and CSV. The PDF is in operator-report-pdf.server.ts.
import { conflict, invalid } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { civilDate } from "~/domain/time";
import { timeZoneOfOperator } from "./municipality.server";
import { deadlineFor } from "~/domain/eligibility";
import { addDays, addDuration, compareDates, daysBetween } from "~/domain/eligibility/calendar";
import { formatCnpj, formatCpf, formatPlate } from "~/domain/br";
import { parameterValue, type RulePack } from "~/domain/rule-packs";
import { activePack } from "./rule-pack.server";
import { currentDocuments } from "./application-facts.server";
import { standingsOf } from "./driver-standing.server";
import { reportDuties, type ReportContent } from "./operator-policy.server";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { formatDate } from "~/domain/format";
import { isId } from "~/domain/ids";
import { csvDocument } from "~/domain/csv";

export type ReportTable = { title: string; columns: string[]; rows: string[][] };
export type ReportSnapshot = {
  title: string;
  citation: string;
  operator: { legalName: string; cnpj: string };
  municipality: { name: string; uf: string };
  periodStart: string;
  periodEnd: string;
  generatedAt: string;
  tables: ReportTable[];
  requested?: { at: string; note: string | null };
};

export type DueState = "FILED" | "DUE" | "OVERDUE" | "ON_REQUEST";
export type DueReport = {
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

const dayOf = civilDate;

/**
 * What the operator owes, as of `today`: for each periodic duty, every period since it was
 * credentialed (calendar periods from 1 January, due the day after the period ends) that is not
 * filed, plus the current one; a duty whose term is a parameter, once from the credentialing;
 * the city's requests; and the duties without a term, available "on request".
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
  return { pack, schedule: reportSchedule(pack, since, rows, dayOf(now, municipality.timeZone)) };
}

// ---- content ----------------------------------------------------------------------------------

const yesNo = (b: boolean | null | undefined) => (b ? "sim" : "não");
const DOC_STATUS: Record<string, string> = { PENDING: "em análise", ACCEPTED: "aceito", REJECTED: "recusado" };

async function driversTables(
  operatorId: string,
  withDocuments: boolean,
  now: Date,
  pack: RulePack,
): Promise<ReportTable[]> {
  const links = await db.driverLink.findMany({
    where: { operatorId, status: "ACTIVE" },
    include: { person: true },
    orderBy: { acceptedAt: "asc" },
  });
  const drivers: string[][] = [];
  const docs: string[][] = [];
  const labels = new Map(pack.documents.map((d) => [d.type, d.label]));
  const standings = await standingsOf(
    operatorId,
    links.map((l) => l.personId!),
    now,
  );
  const timeZone = await timeZoneOfOperator(operatorId);
  for (const l of links) {
    const p = l.person!;
    const standing = standings.get(p.id)!;
    const app = standing.application;
    drivers.push([
      p.fullName,
      formatCpf(p.cpf),
      p.cnhCategory ?? "",
      l.acceptedAt ? formatDate(dayOf(l.acceptedAt, timeZone)) : "",
      app
        ? `${app.number} (${APPLICATION_STATUS_LABELS[app.status as ApplicationStatus] ?? app.status})`
        : "sem requerimento",
      standing.credentials
        .filter((c) => c.verdict === "VALID")
        .map((c) => c.serial)
        .join(", ") || "nenhuma em vigor",
    ]);
    if (withDocuments && app) {
      for (const d of await currentDocuments(app)) {
        docs.push([
          p.fullName,
          labels.get(d.type) ?? d.type,
          DOC_STATUS[d.reviewStatus] ?? d.reviewStatus,
          d.issueDate ? formatDate(d.issueDate) : "",
          d.expiryDate ? formatDate(d.expiryDate) : "",
          d.id,
          d.sha256,
        ]);
      }
    }
  }
  const tables: ReportTable[] = [
    {
      title: "Condutores cadastrados",
      columns: ["Nome", "CPF", "CNH", "Vinculado desde", "Requerimento", "Credencial em vigor"],
      rows: drivers,
    },
  ];
  if (withDocuments)
    tables.push({
      title: "Documentos dos condutores (cópias no portal)",
      columns: ["Condutor", "Documento", "Situação", "Emissão", "Validade", "Código do arquivo", "SHA-256"],
      rows: docs,
    });
  return tables;
}

async function vehiclesTable(operatorId: string): Promise<ReportTable[]> {
  const vehicles = await db.vehicle.findMany({
    where: { operatorId },
    include: { drivers: { where: { until: null }, include: { person: { select: { fullName: true } } } } },
    orderBy: { plate: "asc" },
  });
  return [
    {
      title: "Relação de veículos",
      columns: ["Placa", "Ano (fab./mod.)", "Marca/modelo", "Proprietário", "Locado", "Nº de controle", "Condutores"],
      rows: vehicles.map((v) => [
        formatPlate(v.plate),
        [v.manufactureYear, v.modelYear].filter(Boolean).join("/"),
        [v.make, v.model].filter(Boolean).join(" "),
        v.ownerName ?? "",
        yesNo(v.leased),
        v.controlNumber ?? "",
        v.drivers.map((d) => d.person.fullName).join(", "),
      ]),
    },
  ];
}

async function companyTable(operatorId: string): Promise<ReportTable[]> {
  const o = await db.operator.findUniqueOrThrow({ where: { id: operatorId } });
  const [drivers, vehicles] = await Promise.all([
    db.driverLink.count({ where: { operatorId, status: "ACTIVE" } }),
    db.vehicle.count({ where: { operatorId } }),
  ]);
  const address = [
    [o.street, o.addressNumber].filter(Boolean).join(", "),
    o.district,
    [o.city, o.uf].filter(Boolean).join("/"),
    o.cep,
  ]
    .filter(Boolean)
    .join(" – ");
  return [
    {
      title: "Dados cadastrais da empresa",
      columns: ["Campo", "Valor"],
      rows: [
        ["Razão social", o.legalName],
        ["Nome fantasia", o.tradeName ?? ""],
        ["CNPJ", formatCnpj(o.cnpj)],
        ["Endereço", address],
        [
          "Representante legal",
          [o.legalRepName, o.legalRepCpf ? formatCpf(o.legalRepCpf) : null].filter(Boolean).join(", CPF "),
        ],
        ["Condutores vinculados", String(drivers)],
        ["Veículos na frota", String(vehicles)],
      ],
    },
  ];
}

export async function buildReportTables(
  content: ReportContent,
  operatorId: string,
  pack: RulePack,
  now: Date,
): Promise<ReportTable[]> {
  switch (content) {
    case "DRIVERS":
      return driversTables(operatorId, false, now, pack);
    case "DRIVERS_WITH_DOCUMENTS":
      return driversTables(operatorId, true, now, pack);
    case "VEHICLES":
      return vehiclesTable(operatorId);
    case "COMPANY":
      return companyTable(operatorId);
  }
}

/**
 * Files a report: the one due for a period of the schedule, a request of the city (by its row),
 * or an on-request one today. The content is generated now and kept as filed. Refused (409) for a
 * period already filed or one that is not due.
 */
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
  const today = dayOf(now, municipality.timeZone);
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
    late: compareDates(dayOf(r.filedAt!, timeZone), r.dueOn) > 0,
    snapshot: parseSnapshot(r.contentJson),
  }));
}

export function parseSnapshot(json: string): ReportSnapshot | null {
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

/** The snapshot as CSV (app/domain/csv.ts: semicolons, CRLF, BOM, no live formulas). */
export function reportCsv(s: ReportSnapshot): string {
  const head = [
    [s.title],
    [s.citation],
    [`${s.operator.legalName} — CNPJ ${formatCnpj(s.operator.cnpj)}`],
    [`Período: ${formatDate(s.periodStart)} a ${formatDate(s.periodEnd)}`],
    [`Gerado em ${s.generatedAt}`],
  ];
  return csvDocument([...head, ...s.tables.flatMap((t) => [[], [t.title], t.columns, ...t.rows])]);
}
