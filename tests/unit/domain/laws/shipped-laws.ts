// What the tests of the proposals read: each shipped law's proposals, and the units a citation names.
import { readFileSync } from "node:fs";
import { citedUnits } from "~/domain/laws/citation";
import { draftFromLaw } from "~/domain/laws/proposals";
import { structureOfLaw } from "~/domain/laws/structure";
import type { RulePack } from "~/domain/rule-packs";

/** The anchors of the units a pack's citation names. */
export const anchorsOf = (citation: string) => (citedUnits(citation) ?? []).map((u) => u.anchor);

/** What the drafter reads in the law a shipped pack was written from. */
export const readLaw = (pack: RulePack) =>
  draftFromLaw(structureOfLaw(readFileSync(`app/domain/rule-packs/cities/${pack.id}.law.txt`, "utf8")).units);
