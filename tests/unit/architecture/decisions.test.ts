// The decision records keep their Date and Status lines, their links both ways and their index.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decisionProblems } from "./decisions";
import { ROOT } from "./tree";

const dir = path.join(ROOT, "docs/decisions");
const read = (name: string) => readFileSync(path.join(dir, name), "utf8");

describe("decision records", () => {
  it("each has a Date and a Status in known verbs, names back what amends it, and has its row in the one index table", () => {
    const files = new Map(
      readdirSync(dir)
        .filter((name) => /^\d{3}-/.test(name))
        .map((name) => [name, read(name)] as const),
    );
    expect(files.size).toBeGreaterThanOrEqual(20);
    expect(decisionProblems(files, read("README.md"))).toEqual([]);
  });

  const a =
    "# 001 — One\n\nDate: 2026-11-29\n\nStatus: Accepted; amended by [002](002-two.md) (a part)\n\n## Context\n";
  const b = "# 002 — Two\n\nDate: 2026-11-30\n\nStatus: Accepted; amends [001](001-one.md) (a part)\n\n## Context\n";
  const index = (...rows: string[]) =>
    ["| ADR | Decision | Status | Date |", "| --- | --- | --- | --- |", ...rows].join("\n");
  const rowA = "| [001](001-one.md) | One | Accepted; amended by [002](002-two.md) (a part) | 2026-11-29 |";
  const rowB = "| [002](002-two.md) | Two | Accepted; amends [001](001-one.md) (a part) | 2026-11-30 |";
  const check = (files: Record<string, string>, readme = index(rowA, rowB)) =>
    decisionProblems(new Map(Object.entries(files)), readme);

  it("passes records that agree with each other and with the index", () => {
    expect(check({ "001-one.md": a, "002-two.md": b })).toEqual([]);
  });

  it("catches a missing date or status, an addendum, a one-way link and a stale index", () => {
    expect(check({ "001-one.md": a.replace(/Date: .*\n/, ""), "002-two.md": b })).toContain(
      '001-one.md: no "Date: YYYY-MM-DD" line under the title',
    );
    expect(check({ "001-one.md": a.replace(/Status: .*\n/, ""), "002-two.md": b })[0]).toMatch(
      /^001-one.md: no "Status:/,
    );
    expect(check({ "001-one.md": `${a}\n## Addendum — later\n`, "002-two.md": b })).toContain(
      "001-one.md: has an addendum; write a new record that amends it",
    );
    const oneWay = a.replace("Status: Accepted; amended by [002](002-two.md) (a part)", "Status: Accepted");
    expect(
      check(
        { "001-one.md": oneWay, "002-two.md": b },
        index("| [001](001-one.md) | One | Accepted | 2026-11-29 |", rowB),
      ),
    ).toEqual([`002-two.md says it amends 001: 001-one.md's status must say "amended by [002](002-two.md)"`]);
    expect(check({ "001-one.md": a, "002-two.md": b }, index(rowA))).toEqual([
      `docs/decisions/README.md lacks the row: ${rowB}`,
    ]);
  });

  it("reports a link after a verb it does not know, outside brackets or inside them", () => {
    for (const verb of ["replaces", "see"]) {
      const status = `Accepted; amends [001](001-one.md) (a part); ${verb} [001](001-one.md)`;
      const planted = b.replace(/Status: .*/, `Status: ${status}`);
      const row = `| [002](002-two.md) | Two | ${status} | 2026-11-30 |`;
      expect(check({ "001-one.md": a, "002-two.md": planted }, index(rowA, row))).toEqual([
        `002-two.md: its status puts "${verb}" before [001](001-one.md); the verbs it knows are amended by, amends, superseded by, supersedes, complemented by, complements ("and" or "," repeat one)`,
      ]);
    }
    const aside = "Accepted; amends [001](001-one.md) (see [001](001-one.md))";
    const row = `| [002](002-two.md) | Two | ${aside} | 2026-11-30 |`;
    expect(
      check({ "001-one.md": a, "002-two.md": b.replace(/Status: .*/, `Status: ${aside}`) }, index(rowA, row))[0],
    ).toMatch(/^002-two.md: its status puts "\(see" before \[001\]/);
  });

  it("knows 'complements' and 'complemented by' as a pair, and repeats a verb after a comma", () => {
    const c =
      "# 003 — Three\n\nDate: 2026-12-01\n\nStatus: Accepted; complements [001](001-one.md), [002](002-two.md)\n";
    const back = (text: string) => text.replace(/(Status: .*)/, "$1; complemented by [003](003-three.md)");
    const rows = [
      rowA.replace(" | 2026", "; complemented by [003](003-three.md) | 2026"),
      rowB.replace(" | 2026", "; complemented by [003](003-three.md) | 2026"),
      "| [003](003-three.md) | Three | Accepted; complements [001](001-one.md), [002](002-two.md) | 2026-12-01 |",
    ];
    expect(check({ "001-one.md": back(a), "002-two.md": back(b), "003-three.md": c }, index(...rows))).toEqual([]);
    expect(check({ "001-one.md": back(a), "002-two.md": b, "003-three.md": c }, index(rows[0], rowB, rows[2]))).toEqual(
      [`003-three.md says it complements 002: 002-two.md's status must say "complemented by [003](003-three.md)"`],
    );
  });

  it("reports index rows that a blank line or a stray line has cut out of the table", () => {
    for (const between of ["", "## Template for a new record"])
      expect(check({ "001-one.md": a, "002-two.md": b }, index(rowA, between, rowB))).toEqual([
        `docs/decisions/README.md has a row outside the index table (a blank or other line ends it): ${rowB}`,
      ]);
    expect(check({ "001-one.md": a, "002-two.md": b }, [rowA, rowB].join("\n"))).toEqual([
      'docs/decisions/README.md has no table headed "| ADR | Decision | Status | Date |"',
    ]);
  });
});
