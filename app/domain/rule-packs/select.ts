// Which parts of a pack apply to a category and mode.
import type { AppliesTo, Category, Mode } from "./vocabulary";
import type { CategoryOffer, RulePack } from "./schema";

export function applies(target: AppliesTo, category: Category, mode: Mode): boolean {
  return (target.categories === undefined || target.categories.includes(category)) && target.modes.includes(mode);
}

export function categoryOffer(pack: RulePack, category: Category): CategoryOffer | undefined {
  return pack.categories.find((c) => c.code === category);
}

/** True when the pack offers the category and the category admits the mode. */
export function offers(pack: RulePack, category: Category, mode: Mode): boolean {
  return categoryOffer(pack, category)?.modes.some((m) => m.mode === mode) ?? false;
}

export function rulesFor<T extends { appliesTo: AppliesTo }>(rules: readonly T[], category: Category, mode: Mode): T[] {
  return rules.filter((r) => applies(r.appliesTo, category, mode));
}
