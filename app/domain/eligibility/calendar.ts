// Calendar arithmetic on plain ISO dates and local date-times; no zones, no clock. Months and years
// follow Código Civil art. 132, § 3º: a missing day rolls on (2025-01-31 + 1 month = 2025-03-01).

export type IsoDate = string;
export type IsoDateTime = string;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const DURATION_RE = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

class CalendarError extends Error {
  override name = "CalendarError";
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

export function isValidIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== "string") return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function parseIsoDate(value: IsoDate): CalendarDate {
  if (!isValidIsoDate(value)) throw new CalendarError(`Data inválida: "${value}" (use AAAA-MM-DD)`);
  const [year, month, day] = value.split("-").map(Number);
  return { year, month, day };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function formatIsoDate({ year, month, day }: CalendarDate): IsoDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Days since 1970-01-01 (proleptic Gregorian), after H. Hinnant's days_from_civil. */
function toDayNumber(date: IsoDate): number {
  const { year, month, day } = parseIsoDate(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(n: number): IsoDate {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return formatIsoDate({ year, month, day });
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

export function compareDates(a: IsoDate, b: IsoDate): number {
  return Math.sign(toDayNumber(a) - toDayNumber(b));
}

/** Adds whole months; a missing day of the month rolls to the 1st of the next (CC art. 132, § 3º). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parseIsoDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  if (day <= daysInMonth(targetYear, targetMonth)) {
    return formatIsoDate({ year: targetYear, month: targetMonth, day });
  }
  return addDays(formatIsoDate({ year: targetYear, month: targetMonth, day: daysInMonth(targetYear, targetMonth) }), 1);
}

export function addYears(date: IsoDate, years: number): IsoDate {
  return addMonths(date, years * 12);
}

export function isValidDuration(value: unknown): boolean {
  return typeof value === "string" && DURATION_RE.test(value);
}

export function parseDuration(value: string): Duration {
  const m = DURATION_RE.exec(value);
  if (!m) throw new CalendarError(`Duração ISO-8601 inválida: "${value}"`);
  const n = (i: number) => (m[i] ? Number(m[i]) : 0);
  return { years: n(1), months: n(2), weeks: n(3), days: n(4), hours: n(5), minutes: n(6), seconds: n(7) };
}

function timePartInMinutes(d: Duration): number {
  return d.hours * 60 + d.minutes + d.seconds / 60;
}

/** Adds an ISO-8601 duration to a date. A time part must be whole days (PT72H = 3 days). */
export function addDuration(date: IsoDate, duration: string): IsoDate {
  const d = parseDuration(duration);
  const minutes = timePartInMinutes(d);
  if (minutes % (24 * 60) !== 0) {
    throw new CalendarError(`A duração "${duration}" não é um número inteiro de dias`);
  }
  const withMonths = addMonths(date, d.years * 12 + d.months);
  return addDays(withMonths, d.weeks * 7 + d.days + minutes / (24 * 60));
}

/** Number of whole years completed from `from` to `on` (an anniversary counts on its day). */
export function completedYears(from: IsoDate, on: IsoDate): number {
  const start = parseIsoDate(from).year;
  let years = parseIsoDate(on).year - start;
  while (years > 0 && compareDates(addYears(from, years), on) > 0) years -= 1;
  return Math.max(years, 0);
}

export function yearOf(date: IsoDate): number {
  return parseIsoDate(date).year;
}

// ---- local date-times, for deadlines in hours ----

export function isValidIsoDateTime(value: unknown): value is IsoDateTime {
  if (typeof value !== "string") return false;
  const m = DATE_TIME_RE.exec(value);
  return !!m && isValidIsoDate(m[1]) && Number(m[2]) < 24 && Number(m[3]) < 60;
}

export function toMinuteNumber(value: IsoDateTime): number {
  const m = DATE_TIME_RE.exec(value);
  if (!m || !isValidIsoDateTime(value)) {
    throw new CalendarError(`Data e hora inválidas: "${value}" (use AAAA-MM-DDTHH:mm)`);
  }
  return toDayNumber(m[1]) * 1440 + Number(m[2]) * 60 + Number(m[3]);
}

function fromMinuteNumber(n: number): IsoDateTime {
  const day = Math.floor(n / 1440);
  const rest = n - day * 1440;
  return `${fromDayNumber(day)}T${pad(Math.floor(rest / 60))}:${pad(rest % 60)}`;
}

export function addDurationToDateTime(value: IsoDateTime, duration: string): IsoDateTime {
  const d = parseDuration(duration);
  const [datePart, timePart] = value.split("T");
  toMinuteNumber(value); // validates
  const shiftedDate = addDuration(datePart, `P${d.years}Y${d.months}M${d.weeks * 7 + d.days}D`);
  const minutes = toMinuteNumber(`${shiftedDate}T${timePart}`) + Math.round(timePartInMinutes(d));
  return fromMinuteNumber(minutes);
}
