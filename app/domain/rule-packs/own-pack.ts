// A town whose pack is written in the portal from its law (ADR 069), not one of the shipped packs:
// the admin's choice when creating it, and the id its pack takes.

/** The admin's choice of a pack written in the portal, in the new-municipality form. */
export const NEW_RULE_PACK = "novo";

/** The id of a pack written in the portal for a town: its address and UF ("vale-do-ipe-mg"). */
export function ownPackId(slug: string, uf: string): string {
  const suffix = `-${uf.toLowerCase()}`;
  return slug.endsWith(suffix) ? slug : `${slug}${suffix}`;
}
