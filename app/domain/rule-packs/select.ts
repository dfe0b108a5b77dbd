// Which parts of a pack apply to a category and mode.
import type { CategoryOffer, IdCardField, RulePack } from "./schema";
import type { AppliesTo, Category, CredentialType, Mode } from "./vocabulary";

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

/** The document the pack declares as the holder's photo in this category and mode (printed on the crachá, shown on a scan). */
export function holderPhotoDocument(
  pack: RulePack,
  category: Category,
  mode: Mode,
): RulePack["documents"][number] | undefined {
  return rulesFor(pack.documents, category, mode).find((d) => d.holderPhoto);
}

export type IdentificationField = { field: IdCardField; citations: string[]; stamped: boolean };

/** The fields printed on a credential from every card on it (Jardim: arts. 18 and 22), each once. */
export function identificationFields(
  pack: RulePack,
  category: Category,
  mode: Mode,
  credential: CredentialType,
): IdentificationField[] {
  const card = pack.identificationCard;
  if (!card || !applies(card.appliesTo, category, mode)) return [];
  const fields = new Map<IdCardField, IdentificationField>();
  for (const c of card.cards.filter((c) => c.credential === credential)) {
    for (const f of c.fields) {
      const seen = fields.get(f.field) ?? { field: f.field, citations: [], stamped: false };
      if (!seen.citations.includes(f.citation)) seen.citations.push(f.citation);
      seen.stamped ||= Boolean(f.stamped);
      fields.set(f.field, seen);
    }
  }
  return [...fields.values()];
}

/** A linked driver always names an operator; others where a rule reads it (Lavras art. 8º-10). */
export function needsOperator(pack: RulePack, category: Category, mode: Mode): boolean {
  if (mode === "OPERADORA") return false;
  return mode === "VINCULADO" || rulesFor(pack.operatorRules, category, mode).length > 0;
}
