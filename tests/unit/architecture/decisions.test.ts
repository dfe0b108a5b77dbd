// The decision records keep their Date and Status lines, their links both ways and their index.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decisionProblems } from "./decisions";
import { ROOT } from "./tree";

const dir = path.join(ROOT, "docs/decisions");
const read = (name: string) => readFileSync(path.join(dir, name), "utf8");

describe("decision records", () => {
  it("each has a Date and a Status, names back what amends it, and has its row in the index", () => {
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
  const index = (...rows: string[]) => rows.join("\n");
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
});
