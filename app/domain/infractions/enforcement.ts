// Enforcement deadlines that the law states in time: a written notice that becomes a daily fine
// when not remedied (Jardim, Lei 904/1997, art. 29, parágrafo único), removal of a driver after
// the 3rd notice (art. 27, c), and the appeal period (art. 30).
import { parameterValue, type RulePack } from "~/domain/rule-packs";
import {
  addDuration,
  addDurationToDateTime,
  toMinuteNumber,
  type IsoDate,
  type IsoDateTime,
} from "~/domain/eligibility/calendar";

export class EnforcementNotProvidedError extends Error {
  override name = "EnforcementNotProvidedError";
  constructor(packId: string, what: string) {
    super(`A lei do pacote ${packId} não prevê ${what}.`);
  }
}

export type NoticeState = "OPEN" | "REMEDIED" | "DAILY_FINE";

export interface NoticeStatus {
  state: NoticeState;
  /** Deadline to remedy (issuedAt + 72 h). Remedying at that exact minute is in time. */
  remedyBy: IsoDateTime;
  /** Fraction of the minimum wage per day of fine (0.6). */
  dailyFineFraction: number;
  /** In reais, from the pack's minimum-wage parameter; null if the gestor has not set it. */
  dailyFineBrl: number | null;
  /** Days of fine so far: each started 24 h after the deadline counts as one day. */
  fineDays: number;
  totalFineBrl: number | null;
  citation: string;
}

/**
 * Where a written notice stands at `asOf`. Each started period of 24 h after the deadline, until
 * it is remedied, is one day of fine — the law says "multa diária" without saying how a
 * fraction of a day counts; counting started days is the reading that never under-counts.
 */
export function noticeStatus(
  pack: RulePack,
  notice: { issuedAt: IsoDateTime; remediedAt?: IsoDateTime | null },
  asOf: IsoDateTime,
): NoticeStatus {
  const rule = pack.infractions.enforcement.noticeToDailyFine;
  if (!rule) throw new EnforcementNotProvidedError(pack.id, "conversão de notificação em multa diária");
  const remedyBy = addDurationToDateTime(notice.issuedAt, rule.within);
  const deadline = toMinuteNumber(remedyBy);
  const end = notice.remediedAt
    ? Math.min(toMinuteNumber(notice.remediedAt), toMinuteNumber(asOf))
    : toMinuteNumber(asOf);
  const minutesLate = end - deadline;
  const fineDays = minutesLate > 0 ? Math.ceil(minutesLate / 1440) : 0;
  const wage = parameterValue(pack, rule.parameter);
  const dailyFineBrl = wage === null ? null : round2(wage * rule.fraction);
  const remedied = !!notice.remediedAt && toMinuteNumber(notice.remediedAt) <= toMinuteNumber(asOf);
  const state: NoticeState = fineDays > 0 ? "DAILY_FINE" : remedied ? "REMEDIED" : "OPEN";
  return {
    state,
    remedyBy,
    dailyFineFraction: rule.fraction,
    dailyFineBrl,
    fineDays,
    totalFineBrl: dailyFineBrl === null ? null : round2(dailyFineBrl * fineDays),
    citation: rule.citation,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export interface RemovalStatus {
  /** The inspectors may request the driver's removal (it is a request, not automatic). */
  mayRequestRemoval: boolean;
  notices: number;
  threshold: number;
  citation: string;
}

/** "solicitar o afastamento do condutor após a 3ª notificação": from the 3rd notice on. */
export function removalStatus(pack: RulePack, noticesIssued: number): RemovalStatus {
  const rule = pack.infractions.enforcement.removalAfterNotices;
  if (!rule) throw new EnforcementNotProvidedError(pack.id, "afastamento após notificações");
  return {
    mayRequestRemoval: noticesIssued >= rule.count,
    notices: noticesIssued,
    threshold: rule.count,
    citation: rule.citation,
  };
}

export interface AppealDeadline {
  /** Last day to appeal, inclusive. */
  lastDay: IsoDate;
  citation: string;
}

/**
 * Counted like every administrative term: the day of the notification excluded, the last day
 * included (Lei 9.784/1999, art. 66). A last day on a weekend or holiday moves to the next
 * business day (art. 66, § 1º); municipal holidays are not known here, so the caller adjusts.
 */
export function appealDeadline(pack: RulePack, notifiedOn: IsoDate): AppealDeadline {
  const rule = pack.infractions.enforcement.appeal;
  if (!rule) throw new EnforcementNotProvidedError(pack.id, "prazo de recurso");
  return { lastDay: addDuration(notifiedOn, rule.within), citation: rule.citation };
}
