// A report's content, generated and kept as filed, and its CSV. The PDF: operator-report-pdf.server.ts.
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { formatCnpj, formatCpf, formatPlate } from "~/domain/br";
import { csvDocument } from "~/domain/csv";
import { formatDate } from "~/domain/format";
import type { RulePack } from "~/domain/rule-packs";
import { civilDate } from "~/domain/time";
import { db } from "~/utils/db.server";
import { currentDocuments } from "./application-facts.server";
import { standingsOf } from "./driver-standing.server";
import { timeZoneOfOperator } from "./municipality.server";
import type { ReportContent } from "./operator-policy.server";

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
      l.acceptedAt ? formatDate(civilDate(l.acceptedAt, timeZone)) : "",
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
