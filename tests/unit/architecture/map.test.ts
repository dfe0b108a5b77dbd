// docs/architecture.md's table of rules and the checks of this folder are the same list: a rule
// added here without its row there (or a row whose check is gone) fails.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { boundaryRules } from "./boundaries";
import { layerRules } from "./rules";
import { sizeRules } from "./sizes";

// The two checks layers.test.ts runs on their own (with their allow-lists) rather than from a table.
const CHECKED_APART = ["no file passes 300 lines without a reason", "no import circles"];

function documentedRules(): string[] {
  const doc = readFileSync("docs/architecture.md", "utf8");
  const section = doc.split("## The rules, as the tests check them")[1]?.split("\n## ")[0] ?? "";
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
}

describe("the layer map", () => {
  it("lists, one for one, the rules the architecture tests check", () => {
    const checked = [...Object.keys({ ...layerRules, ...boundaryRules, ...sizeRules }), ...CHECKED_APART];
    expect(documentedRules().sort()).toEqual(checked.sort());
  });
});
