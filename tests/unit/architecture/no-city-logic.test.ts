import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allPacks } from "~/domain/rule-packs/shipped";

// Everything city-specific lives in the rule packs (app/domain/rule-packs/<id>.ts). Routes,
// components and models must not name a city, a pack or an IBGE code: the same code serves any
// municipality. (The e2e journeys run the same wizard against Patrocínio's and Lavras' packs.)
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe("routes, components and models", () => {
  const forbidden = allPacks.flatMap((p) => [p.id, p.municipality.ibge, p.municipality.name, p.law.label]);

  it("contain no city-specific names, pack ids, IBGE codes or law numbers", () => {
    const offenders: string[] = [];
    for (const file of ["app/routes", "app/components", "app/models"].flatMap(files)) {
      // Comments may cite a law as an example; code may not depend on one.
      const text = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/(^|[^:])\/\/.*$/gm, "$1");
      for (const word of forbidden) if (text.includes(word)) offenders.push(`${file}: ${word}`);
    }
    expect(offenders).toEqual([]);
  });

  it("would catch one (the check itself works)", () => {
    expect(forbidden).toContain("Patrocínio");
    expect(forbidden).toContain("3148103");
  });
});
