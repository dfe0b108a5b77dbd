// The vistoria checklist and an inspection's outcome. With a grace period for non-safety defects
// (Jardim, Lei 904/1997, art. 19), failing only those may pass on condition; a safety item rejects.
import { type Category, layeredRules, type LayeredVistoria, type Mode, type RulePack } from "~/domain/rule-packs";
import { addDuration, type IsoDate } from "./calendar";

/** The vistoria of a category and mode: the pack's, with the federal baseline's items and period layered in (ADR 013). */
export function vistoriaChecklist(pack: RulePack, category: Category, mode: Mode): LayeredVistoria | null {
  return layeredRules(pack, category, mode).vistoria;
}

export interface VistoriaOutcome {
  result: "APPROVED" | "CONDITIONAL" | "REJECTED";
  failedSafety: string[];
  failedOther: string[];
  /** CONDITIONAL: the latest day to fix the defects (the authority may grant less). */
  fixBy?: IsoDate;
  graceCitation?: string;
  graceDiscretionary?: boolean;
  /** APPROVED or CONDITIONAL: when the next periodic inspection falls due. */
  nextOn?: IsoDate;
  periodCitation: string;
}

export function vistoriaOutcome(
  pack: RulePack,
  category: Category,
  mode: Mode,
  date: IsoDate,
  failedItems: readonly string[],
): VistoriaOutcome {
  const spec = vistoriaChecklist(pack, category, mode);
  if (!spec) throw new Error(`O pacote ${pack.id} não prevê vistoria para ${category}/${mode}.`);
  const byCode = new Map(spec.items.map((i) => [i.code, i]));
  const unknown = failedItems.filter((c) => !byCode.has(c));
  if (unknown.length) throw new Error(`Itens fora do checklist de ${pack.id}: ${unknown.join(", ")}`);
  const failedSafety = failedItems.filter((c) => byCode.get(c)?.safety);
  const failedOther = failedItems.filter((c) => !byCode.get(c)?.safety);
  const base = { failedSafety, failedOther, periodCitation: spec.periodCitation };
  const nextOn = addDuration(date, spec.period);
  if (failedItems.length === 0) return { ...base, result: "APPROVED", nextOn };
  if (failedSafety.length === 0 && spec.nonSafetyGrace) {
    return {
      ...base,
      result: "CONDITIONAL",
      fixBy: addDuration(date, spec.nonSafetyGrace.max),
      graceCitation: spec.nonSafetyGrace.citation,
      graceDiscretionary: spec.nonSafetyGrace.discretionary,
      nextOn,
    };
  }
  return { ...base, result: "REJECTED" };
}
