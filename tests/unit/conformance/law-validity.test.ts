// The hand-written table of law periods the conformance matrix compares issued validities with
// (law-validity.ts): it covers every credential type every shipped pack issues, its default is the
// one ADR 013 documents, and its day arithmetic is the Código Civil's (art. 132, § 3º).
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { allPacks } from "~/domain/rule-packs/shipped";
import { LAW_VALIDITY, monthsAfter, SILENT_DEFAULT } from "./law-validity";

describe("the law-period table of the conformance matrix", () => {
  test("has a period read from the law for every credential type of every shipped pack, and nothing else", () => {
    const issued = allPacks.flatMap((p) => [...new Set(p.credentials.map((c) => c.type))].map((t) => `${p.id} ${t}`));
    const table = Object.entries(LAW_VALIDITY).flatMap(([id, types]) => Object.keys(types).map((t) => `${id} ${t}`));
    expect(table.sort()).toEqual(issued.sort());
  });

  test("takes, where the law is silent, the default ADR 013 documents (validadeCredencialSemPrazoLegal, 12 months)", () => {
    const adr = readFileSync("docs/decisions/013-federal-baseline.md", "utf8").replace(/\s+/g, " ");
    expect(adr).toContain("`validadeCredencialSemPrazoLegal` (unit MONTHS, default 12");
    expect(SILENT_DEFAULT.months).toBe(12);
  });

  test.each([
    ["2025-06-15", 12, "2026-06-15"],
    ["2025-12-15", 6, "2026-06-15"],
    // "ou no imediato, se faltar exata correspondência"
    ["2024-02-29", 12, "2025-03-01"],
    ["2025-08-31", 6, "2026-03-01"],
    ["2025-01-31", 1, "2025-03-01"],
    ["2024-01-31", 1, "2024-03-01"],
  ])("a term of months from %s (%i months) ends on %s (CC art. 132, § 3º)", (from, months, until) => {
    expect(monthsAfter(from, months)).toBe(until);
  });
});
