/**
 * The one pt-BR formatter of pages, e-mails, CSVs, PDFs and the offline scanner. Browser-safe, no
 * clock; an instant is written on a municipality's clock (./time), one Intl formatter per zone.
 */
import { civilDate } from "./time";

export { formatCnpj } from "./br/cnpj";
export { formatCpf, maskCpf } from "./br/cpf";
export { formatPhone } from "./br/phone";
export { formatPlate } from "./br/plate";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;

/** A civil date "2025-03-01" as "01/03/2025"; anything else is written as given. */
export function formatDate(iso: string): string {
  const m = ISO_DATE.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** A wall-clock time "2025-03-01T14:30" (already the municipality's) as "01/03/2025 às 14:30". */
export function formatDateTime(local: string): string {
  const m = ISO_DATE_TIME.exec(local);
  return m ? `${formatDate(m[1])} às ${m[2]}` : local;
}

const toDate = (instant: Date | string): Date => (typeof instant === "string" ? new Date(instant) : instant);

/** The day an instant falls on in a zone, as "01/03/2025" (issue dates, "entregue em"). */
export function formatDayOf(instant: Date | string, timeZone: string): string {
  return formatDate(civilDate(toDate(instant), timeZone));
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant on a zone's clock: "01/12/2026, 14:30". Throws RangeError for an unknown zone. */
export function formatInstant(instant: Date | string, timeZone: string): string {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("pt-BR", { timeZone, dateStyle: "short", timeStyle: "short" });
    instantFormats.set(timeZone, format);
  }
  return format.format(toDate(instant));
}

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const numberFormats = new Map<number, Intl.NumberFormat>();

/** "R$ 1.518,00" (the space after R$ is a no-break space, as Intl writes it). */
export function formatBrl(value: number): string {
  return BRL.format(value);
}

/** "12.345", "2,5": grouped thousands and a decimal comma, at most `maxFractionDigits` decimals (3, as Intl). */
export function formatNumber(value: number, maxFractionDigits = 3): string {
  let format = numberFormats.get(maxFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: maxFractionDigits });
    numberFormats.set(maxFractionDigits, format);
  }
  return format.format(value);
}

/**
 * A number as a person types it in Brazil, the inverse of formatNumber: "2,5" and "1.250,50" (a
 * comma for decimals, dots for thousands), "1.000" as a thousand; a dot before other than three
 * digits ("2.5") is read as a decimal point. NaN when it is not a number.
 */
export function parseDecimal(text: string): number {
  const t = text.trim().replace(/^R\$\s*/, "");
  if (t.includes(","))
    return /^-?(\d{1,3}(\.\d{3})+|\d+),\d+$/.test(t) ? Number(t.replace(/\./g, "").replace(",", ".")) : Number.NaN;
  if (/^-?\d{1,3}(\.\d{3})+$/.test(t)) return Number(t.replace(/\./g, ""));
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** pt-BR number agreement: singular below 2 except zero ("1,5 salário", "0 dias"), never "dia(s)". */
export function plural(n: number, one: string, many: string): string {
  return n !== 0 && Math.abs(n) < 2 ? one : many;
}

/** "1 ano", "3 anos", "0 dias": a count with its noun in the right number — never "ano(s)". */
export function formatCount(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${plural(n, one, many)}`;
}

/** Staff search counts rows up to this (ADR 063): counting everything cost 270 ms, nobody pages that far. */
export const LIST_COUNT_CAP = 10_000;

/** A staff list's count: "12", "9.999", or "mais de 10.000" past LIST_COUNT_CAP. */
export function formatListCount(n: number): string {
  return n > LIST_COUNT_CAP ? `mais de ${formatNumber(LIST_COUNT_CAP)}` : formatNumber(n);
}

export const formatYears = (n: number) => formatCount(n, "ano", "anos");
export const formatDays = (n: number) => formatCount(n, "dia", "dias");

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?)?$/;

/** An ISO-8601 duration in words: "P1Y" → "1 ano", "P2Y6M" → "2 anos e 6 meses", "PT72H" → "72 horas". */
export function formatDuration(iso: string): string {
  const m = DURATION.exec(iso);
  if (!m) return iso;
  const words: [string, string][] = [
    ["ano", "anos"],
    ["mês", "meses"],
    ["semana", "semanas"],
    ["dia", "dias"],
    ["hora", "horas"],
  ];
  const parts = m
    .slice(1)
    .map((v, i) => (v === undefined ? null : formatCount(Number(v), ...words[i])))
    .filter((p): p is string => p !== null);
  return parts.join(" e ") || iso;
}

/** A file size: "340 KB", "2,5 MB" (never "0 KB"). */
export function formatBytes(n: number): string {
  return n < 1024 * 1024
    ? `${Math.max(1, Math.round(n / 1024))} KB`
    : `${(n / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;
}
