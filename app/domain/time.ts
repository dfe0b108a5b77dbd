/**
 * A municipality's civil time, the one place that turns instants into its dates and back. Every
 * "today" is the municipality's, never the server's (Jardim is an hour behind São Paulo).
 * Browser-safe (the offline scanner), no clock; formatters cached per zone.
 */
import type { IsoDate, IsoDateTime } from "./eligibility/calendar";

/** The zone of a page or job with no municipality (Brasília's; also Municipality.timeZone's default). */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

/** The zone each UF is on (a few states span two zones: the administrator may set another). */
export const UF_TIME_ZONES: Readonly<Record<string, string>> = {
  AC: "America/Rio_Branco",
  AM: "America/Manaus",
  RR: "America/Boa_Vista",
  RO: "America/Porto_Velho",
  MT: "America/Cuiaba",
  MS: "America/Campo_Grande",
  PA: "America/Belem",
  AP: "America/Belem",
  TO: "America/Araguaina",
  MA: "America/Fortaleza",
  PI: "America/Fortaleza",
  CE: "America/Fortaleza",
  RN: "America/Fortaleza",
  PB: "America/Fortaleza",
  PE: "America/Recife",
  AL: "America/Maceio",
  SE: "America/Maceio",
  BA: "America/Bahia",
  DF: "America/Sao_Paulo",
  GO: "America/Sao_Paulo",
  MG: "America/Sao_Paulo",
  ES: "America/Sao_Paulo",
  RJ: "America/Sao_Paulo",
  SP: "America/Sao_Paulo",
  PR: "America/Sao_Paulo",
  SC: "America/Sao_Paulo",
  RS: "America/Sao_Paulo",
};

/** The default zone of a municipality in a UF; null for a string that is not a UF. */
export function timeZoneForUf(uf: string): string | null {
  return UF_TIME_ZONES[uf.trim().toUpperCase()] ?? null;
}

let supported: ReadonlySet<string> | null = null;

/** Whether a name is an IANA zone this runtime knows (Intl.supportedValuesOf("timeZone")). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || !name) return false;
  supported ??= new Set(Intl.supportedValuesOf("timeZone"));
  return supported.has(name);
}

/** The zones offered to the administrator: Brazil's first, then every other one. */
export function brazilianTimeZones(): string[] {
  return [...new Set(Object.values(UF_TIME_ZONES)), "America/Noronha"].sort();
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatFor(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    // An unknown zone throws RangeError here: never silently another municipality's day.
    format = make();
    cache.set(timeZone, format);
  }
  return format;
}

/** The civil date (YYYY-MM-DD) of an instant in a time zone. Throws RangeError for an unknown zone. */
export function civilDate(instant: Date, timeZone: string): IsoDate {
  return formatFor(
    dateFormats,
    timeZone,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  ).format(instant);
}

/** The municipality's "today" at the instant `now` (the clock is always an argument). */
export const today = (now: Date, timeZone: string): IsoDate => civilDate(now, timeZone);

function wallClock(instant: Date, timeZone: string) {
  const format = formatFor(
    dateTimeFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
  );
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (negative in Brazil). */
export function offsetMs(instant: Date, timeZone: string): number {
  const p = wallClock(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** "YYYY-MM-DDTHH:mm": the wall-clock time of an instant in a zone (deadlines in hours, forms). */
export function localDateTime(instant: Date, timeZone: string): IsoDateTime {
  return new Date(instant.getTime() + offsetMs(instant, timeZone)).toISOString().slice(0, 16);
}

/** The instant a wall-clock time ("YYYY-MM-DDTHH:mm[:ss]") names in a zone; null when not a date-time. */
export function instantAt(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(asUtc).getUTCDate() !== d) return null;
  // Two passes: the offset at the guess, then at the corrected instant (zones with DST).
  let instant = asUtc - offsetMs(new Date(asUtc), timeZone);
  instant = asUtc - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}
