// A pack against the text of its law (ADR 069): every citation a unit the text has, every quote its words.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { structureOfLaw } from "~/domain/laws/structure";
import { packFromDocument } from "~/domain/rule-packs";
import { lawTextProblems } from "~/domain/rule-packs/law-check";
import { lavrasMg } from "~/domain/rule-packs/shipped";

const lavrasLaw = {
  label: "Lei 4.544/2019",
  units: structureOfLaw(readFileSync("app/domain/rule-packs/cities/lavras-mg.law.txt", "utf8")).units,
};
const edited = (edit: (doc: Record<string, any>) => void) => {
  const doc = JSON.parse(JSON.stringify(lavrasMg));
  edit(doc);
  return packFromDocument(doc);
};

describe("a pack against its law's text", () => {
  it("finds nothing wrong with a shipped pack and its law", () => {
    expect(lawTextProblems(lavrasMg, lavrasLaw)).toEqual([]);
  });

  it("names a quote that is not the law's words, saying what the text says", () => {
    const citation = "Lei 4.544/2019, art. 9º, II";
    const pack = edited((doc) => (doc.quotes[citation] = "apresentar comprovante de residência em qualquer cidade;"));
    expect(lawTextProblems(pack, lavrasLaw)).toEqual([
      { rule: citation, problem: expect.stringContaining("Município de Lavras") },
    ]);
  });

  it("names a citation of a unit the law does not have", () => {
    const pack = edited((doc) => {
      const rule = doc.vehicleRules.find((r: { id: string }) => r.id === "vehicle_age");
      // (its old citation stays quoted: another rule cites art. 10, I too)
      rule.citation = "Lei 4.544/2019, art. 10, XC";
      doc.quotes[rule.citation] = "texto inventado";
    });
    const problems = lawTextProblems(pack, lavrasLaw);
    expect(problems.map((p) => p.rule)).toContain("Lei 4.544/2019, art. 10, XC");
    expect(problems[0].problem).toContain("não tem este dispositivo");
  });

  it("refuses a law that is not the pack's", () => {
    expect(lawTextProblems(lavrasMg, { label: "Lei 1.234/2025", units: [] })).toEqual([
      { rule: "law", problem: expect.stringContaining("Lei 1.234/2025") },
    ]);
  });
});
