// The gestor's four reports as tables — one definition each, so the page, its chart and the CSV
// download always show the same figures.
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES } from "~/domain/applications/status";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { CREDENTIAL_STATUS_LABELS } from "~/domain/credentials/labels";
import { CREDENTIAL_STATUSES } from "~/domain/credentials/status";
import { csvDocument } from "~/domain/csv";
import { daysBetween } from "~/domain/eligibility/calendar";
import { formatDate } from "~/domain/format";
import { INFRACTION_STATUS_LABELS } from "~/domain/infractions/labels";
import { INFRACTION_STATUSES } from "~/domain/infractions/status";
import {
  applicationsByStatus,
  credentialsByCategoryAndStatus,
  expiringCredentials,
  infractionsByClass,
} from "~/models/reports.server";
import { activePack } from "~/models/rule-pack.server";

export const REPORTS = ["credenciais", "requerimentos", "vencimentos", "infracoes"] as const;
export type ReportName = (typeof REPORTS)[number];

export type ReportTable = {
  name: ReportName;
  title: string;
  description: string;
  columns: string[];
  /** Which columns hold numbers (right-aligned). */
  numeric: boolean[];
  rows: (string | number)[][];
  chart: { title: string; rows: { label: string; value: number }[]; unit?: string } | null;
  summary?: string;
};

type Municipality = { id: string; rulePackId: string };

const TABLES: Record<ReportName, (m: Municipality, today: string, now: Date) => Promise<ReportTable>> = {
  credenciais: credentialsTable,
  requerimentos: applicationsTable,
  vencimentos: expiringTable,
  infracoes: infractionsTable,
};

export function reportTable(name: ReportName, m: Municipality, today: string, now = new Date()): Promise<ReportTable> {
  return TABLES[name](m, today, now);
}

async function credentialsTable(m: Municipality): Promise<ReportTable> {
  const data = await credentialsByCategoryAndStatus(m.id);
  const keys = [...new Set(data.map((r) => `${r.category}|${r.type}`))].sort();
  const rows = keys.map((k) => {
    const [category, type] = k.split("|");
    const counts = CREDENTIAL_STATUSES.map(
      (s) => data.find((r) => r.category === category && r.type === type && r.status === s)?.count ?? 0,
    );
    return [
      CATEGORY_LABELS[category] ?? category,
      CREDENTIAL_TYPE_LABELS[type] ?? type,
      ...counts,
      counts.reduce((a, b) => a + b, 0),
    ];
  });
  return {
    name: "credenciais",
    title: "Credenciais por categoria e situação",
    description: "Todas as credenciais emitidas pelo município, por categoria, tipo e situação atual.",
    columns: ["Categoria", "Tipo", ...CREDENTIAL_STATUSES.map((s) => CREDENTIAL_STATUS_LABELS[s]), "Total"],
    numeric: [false, false, ...CREDENTIAL_STATUSES.map(() => true), true],
    rows,
    chart: rows.length
      ? {
          title: "Credenciais ativas por categoria e tipo",
          rows: rows.map((r) => ({ label: `${r[0]} — ${r[1]}`, value: Number(r[2]) })),
        }
      : null,
  };
}

async function applicationsTable(m: Municipality, today: string, now: Date): Promise<ReportTable> {
  const data = await applicationsByStatus(m.id, now);
  const waiting = new Map(data.waiting.map((w) => [w.status, w]));
  const rows = APPLICATION_STATUSES.filter((s) => s !== "DRAFT" || data.byStatus.DRAFT).map((s) => {
    const w = waiting.get(s);
    return [
      APPLICATION_STATUS_LABELS[s],
      data.byStatus[s] ?? 0,
      w?.medianDays ?? "",
      w?.p90Days ?? "",
      w?.maxDays ?? "",
    ];
  });
  return {
    name: "requerimentos",
    title: "Requerimentos por situação e tempo na fila",
    description: "Quantidade por situação; para os que aguardam, dias desde o último envio (mediana, 90% até, máximo).",
    columns: ["Situação", "Quantidade", "Mediana (dias)", "90% até (dias)", "Máximo (dias)"],
    numeric: [false, true, true, true, true],
    rows,
    chart: {
      title: "Requerimentos aguardando análise, por tempo na fila",
      rows: data.buckets.map((b) => ({ label: b.label, value: b.count })),
    },
  };
}

async function expiringTable(m: Municipality, today: string): Promise<ReportTable> {
  const data = await expiringCredentials(m.id, today, 60);
  return {
    name: "vencimentos",
    title: "Credenciais que vencem nos próximos 60 dias",
    description: "Credenciais ativas com validade terminando em até 60 dias, da mais próxima à mais distante.",
    columns: ["Série", "Tipo", "Categoria", "Titular", "Placa", "Vence em", "Dias restantes"],
    numeric: [false, false, false, false, false, false, true],
    rows: data.rows.map((r) => [
      r.serial,
      CREDENTIAL_TYPE_LABELS[r.type] ?? r.type,
      CATEGORY_LABELS[r.category] ?? r.category,
      r.holderDisplayName,
      r.plate ?? "",
      formatDate(r.validUntil),
      daysBetween(today, r.validUntil),
    ]),
    chart: {
      title: "Vencimentos",
      rows: [
        { label: "em até 30 dias", value: data.in30 },
        { label: "de 31 a 60 dias", value: data.in60 - data.in30 },
      ],
    },
    summary: `${data.in30} em até 30 dias; ${data.in60} em até 60 dias.`,
  };
}

async function infractionsTable(m: Municipality): Promise<ReportTable> {
  const [data, pack] = await Promise.all([infractionsByClass(m.id), activePack(m)]);
  const label = (c: string) =>
    pack.infractions.classes.find((x) => x.code === c)?.label ??
    (c === "SEM_CLASSE" ? "Penalidade própria da infração" : c);
  const classes = [
    ...pack.infractions.classes.map((c) => c.code),
    ...new Set(data.map((r) => r.class).filter((c) => !pack.infractions.classes.some((x) => x.code === c))),
  ];
  const rows = classes.map((c) => {
    const counts = INFRACTION_STATUSES.map((s) => data.find((r) => r.class === c && r.status === s)?.count ?? 0);
    return [label(c), ...counts, counts.reduce((a, b) => a + b, 0)];
  });
  return {
    name: "infracoes",
    title: "Autos de infração por classe",
    description:
      "Autos lavrados, pela classe da lei (a classe original; a reincidência aparece em cada auto) e pela situação do processo.",
    columns: ["Classe", ...INFRACTION_STATUSES.map((s) => INFRACTION_STATUS_LABELS[s]), "Total"],
    numeric: [false, ...INFRACTION_STATUSES.map(() => true), true],
    rows,
    chart: rows.length
      ? {
          title: "Autos de infração por classe",
          rows: rows.map((r) => ({ label: String(r[0]), value: Number(r[r.length - 1]) })),
        }
      : null,
  };
}

/** The table as CSV (app/domain/csv.ts: semicolons, CRLF, BOM, no live formulas). */
export const toCsv = (t: ReportTable): string => csvDocument([t.columns, ...t.rows]);
