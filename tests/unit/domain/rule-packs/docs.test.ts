import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { allPacks } from "~/domain/rule-packs";

const doc = readFileSync(fileURLToPath(new URL("../../../../docs/rule-packs.md", import.meta.url)), "utf8");

test.each(allPacks.map((p) => ({ id: p.id, pack: p })))("docs/rule-packs.md lists every check and document of $id with its citation", ({ pack }) => {
  const missing: string[] = [];
  const cited = (c: string) => doc.includes(c.includes("c/c") ? c.replace(/^Lei [^,]+, /, "") : c);
  for (const r of [...pack.personRules, ...pack.vehicleRules, ...pack.operatorRules, ...pack.quotas]) {
    if (!doc.includes(`\`${r.id}\``) || !cited(r.citation)) missing.push(`${r.id} ${r.citation}`);
  }
  for (const d of pack.documents) if (!doc.includes(`\`${d.type}\``) || !cited(d.citation)) missing.push(`${d.type} ${d.citation}`);
  expect(missing).toEqual([]);
});
