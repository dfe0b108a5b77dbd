// Classifying an infraction and proposing its penalty, with repeat-offence escalation: any earlier
// infraction (not only the same one) less than a year before moves it up ONE class, capped at the
// top (Itaúna, Lei 4.785/2013, art. 24, parágrafo único; ADR 003).
import { addDays, addDuration, compareDates, type IsoDate } from "~/domain/eligibility/calendar";
import type { InfractionClass, InfractionType, Penalty, RulePack } from "~/domain/rule-packs";

export class UnknownInfractionError extends Error {
  override name = "UnknownInfractionError";
  constructor(
    readonly packId: string,
    readonly code: string,
  ) {
    super(`Infração "${code}" não consta do pacote ${packId}.`);
  }
}

export interface ClassifiedInfraction {
  code: string;
  description: string;
  offender: InfractionType["offender"];
  citation: string;
  /** Null when the law attaches a penalty to the infraction itself, without a class. */
  class: InfractionClass | null;
  /** The infraction's own penalty if the law sets one, else its class's. */
  penalty: Penalty;
}

export function classifyInfraction(pack: RulePack, code: string): ClassifiedInfraction {
  const infraction = pack.infractions.catalogue.find((i) => i.code === code);
  if (!infraction) throw new UnknownInfractionError(pack.id, code);
  const cls = infraction.class ? (pack.infractions.classes.find((c) => c.code === infraction.class) ?? null) : null;
  const penalty = infraction.penalty ?? cls?.penalty;
  if (!penalty) throw new UnknownInfractionError(pack.id, code); // unreachable: the loader refuses such a pack
  return {
    code,
    description: infraction.description,
    offender: infraction.offender,
    citation: infraction.citation,
    class: cls,
    penalty,
  };
}

export interface PriorOffence {
  code: string;
  /** When it was committed. */
  date: IsoDate;
}

export interface RepeatFinding {
  priorCode: string;
  priorDate: IsoDate;
  /** The last day on which a new infraction still counts as a repeat of this one. */
  windowLastDay: IsoDate;
  citation: string;
}

export interface PenaltyProposal extends ClassifiedInfraction {
  /** The class the penalty is taken from after escalation (equals `class` when there is none). */
  appliedClass: InfractionClass | null;
  escalated: boolean;
  repeat: RepeatFinding | null;
  citations: string[];
}

/** The most recent earlier offence that makes `date` a repeat under the pack's rule, if any. */
export function findRepeat(
  pack: RulePack,
  code: string,
  date: IsoDate,
  priors: readonly PriorOffence[],
): RepeatFinding | null {
  const rule = pack.infractions.repeat;
  if (!rule) return null;
  const candidates = priors
    .filter((p) => rule.scope === "ANY_INFRACTION" || p.code === code)
    .filter((p) => compareDates(p.date, date) < 0)
    .sort((a, b) => compareDates(b.date, a.date));
  for (const prior of candidates) {
    const anniversary = addDuration(prior.date, rule.window);
    const inside = rule.strict ? compareDates(date, anniversary) < 0 : compareDates(date, anniversary) <= 0;
    if (inside) {
      return {
        priorCode: prior.code,
        priorDate: prior.date,
        windowLastDay: rule.strict ? addDays(anniversary, -1) : anniversary,
        citation: rule.citation,
      };
    }
  }
  return null;
}

export function proposePenalty(
  pack: RulePack,
  offence: { code: string; date: IsoDate; priorOffences?: readonly PriorOffence[] },
): PenaltyProposal {
  const classified = classifyInfraction(pack, offence.code);
  const repeat = classified.class ? findRepeat(pack, offence.code, offence.date, offence.priorOffences ?? []) : null;
  let appliedClass = classified.class;
  if (repeat && classified.class) {
    const next = pack.infractions.classes.find((c) => c.rank === (classified.class as InfractionClass).rank + 1);
    appliedClass = next ?? classified.class;
  }
  const escalated = appliedClass !== classified.class;
  const penalty = escalated && appliedClass ? appliedClass.penalty : classified.penalty;
  const citations = [classified.citation, penalty.citation, ...(repeat ? [repeat.citation] : [])];
  return { ...classified, penalty, appliedClass, escalated, repeat, citations: [...new Set(citations)] };
}
