// A pack against the text of its law attached in the portal (ADR 067, 069): every citation must
// name a unit the text has, and every quote must be that unit's words. The shipped packs pass it
// (tests/unit/domain/laws/structure.test.ts); a pack written in the portal is checked by it
// before it can be sent, so no rule cites a sentence the law does not have.
import { quoteOf, readCitation } from "~/domain/laws/citation";
import type { LawUnit } from "~/domain/laws/structure";
import type { PackProblem } from "./load";
import { citations } from "./pack-checks";
import type { RulePack } from "./schema";

export function lawTextProblems(pack: RulePack, law: { label: string; units: readonly LawUnit[] }): PackProblem[] {
  if (pack.law.label !== law.label)
    return [
      {
        rule: "law",
        problem: `o pacote é da ${pack.law.label}, mas o texto anexado ao município é da ${law.label}.`,
      },
    ];
  const units = new Map(law.units.map((u) => [u.anchor, u]));
  const problems: PackProblem[] = [];
  const seen = new Set<string>();
  for (const [citation] of citations({ ...pack, quotes: {} })) {
    if (seen.has(citation)) continue;
    seen.add(citation);
    if (readCitation(citation, law.label, units).unresolved)
      problems.push({ rule: citation, problem: `o texto anexado da ${law.label} não tem este dispositivo.` });
  }
  for (const [citation, quote] of Object.entries(pack.quotes)) {
    const words = quoteOf(citation, law.label, units);
    if (words !== null && words !== quote)
      problems.push({
        rule: citation,
        problem: `o trecho citado não é o texto da lei; o texto anexado diz: "${words.length > 160 ? `${words.slice(0, 157)}…` : words}"`,
      });
  }
  return problems;
}
