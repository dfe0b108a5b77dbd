// Enforcement deadlines the law states in time (Jardim, Lei 904/1997, arts. 27, c; 29, parágrafo
// único; 30): notice to daily fine, removal after the 3rd notice, appeal.
import {
  addDuration,
  addDurationToDateTime,
  type IsoDate,
  type IsoDateTime,
  toMinuteNumber,
} from "~/domain/eligibility/calendar";
import { parameterValue, type RulePack } from "~/domain/rule-packs";

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

/** Each started 24 h past the deadline is a day of fine: the law does not say, and this never under-counts. */
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
 * Notification day excluded, last day included (Lei 9.784/1999, art. 66); weekends and holidays
 * push it on (§ 1º), but municipal holidays are unknown here: the caller adjusts.
 */
export function appealDeadline(pack: RulePack, notifiedOn: IsoDate): AppealDeadline {
  const rule = pack.infractions.enforcement.appeal;
  if (!rule) throw new EnforcementNotProvidedError(pack.id, "prazo de recurso");
  return { lastDay: addDuration(notifiedOn, rule.within), citation: rule.citation };
}
