import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { allPacks } from "~/domain/rule-packs/shipped";

const doc = readFileSync(fileURLToPath(new URL("../../../../docs/rule-packs.md", import.meta.url)), "utf8");

test.each(allPacks.map((p) => ({ id: p.id, pack: p })))(
  "docs/rule-packs.md lists every check and document of $id with its citation",
  ({ pack }) => {
    const missing: string[] = [];
    const cited = (c: string) => doc.includes(c.includes("c/c") ? c.replace(/^Lei [^,]+, /, "") : c);
    for (const r of [...pack.personRules, ...pack.vehicleRules, ...pack.operatorRules, ...pack.quotas]) {
      if (!doc.includes(`\`${r.id}\``) || !cited(r.citation)) missing.push(`${r.id} ${r.citation}`);
    }
    for (const d of pack.documents)
      if (!doc.includes(`\`${d.type}\``) || !cited(d.citation)) missing.push(`${d.type} ${d.citation}`);
    expect(missing).toEqual([]);
  },
);

test('docs/rule-packs.md lists every federal check, document, vistoria item and exemption with its citation under "Camada federal"', async () => {
  const { federalBr } = await import("~/domain/rule-packs");
  const section = doc.slice(doc.indexOf("## Camada federal"), doc.indexOf("## What the laws leave open"));
  expect(section.length).toBeGreaterThan(1000);
  const missing: string[] = [];
  const rows = [
    ...[...federalBr.personRules, ...federalBr.vehicleRules].map((r) => [r.id, r.citation]),
    ...federalBr.documents.map((d) => [d.type, d.citation]),
    ...federalBr.vistorias.flatMap((v) => v.items.map((i) => [i.code, i.citation.replace(/, art\. .*/, "")])),
    ...federalBr.serviceRequirements.map((s) => [s.code, s.citation]),
    ...federalBr.notApplicable.map((n) => [n.code, n.citation]),
  ];
  for (const [code, citation] of rows)
    if (!section.includes(`\`${code}\``) || !section.includes(citation)) missing.push(`${code} ${citation}`);
  expect(missing).toEqual([]);
});
