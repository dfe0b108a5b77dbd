// The files that share a worker's modules (vitest.config.ts, project "shared") must not change
// what those modules hold: every file that mocks, stubs the environment, fakes the clock or spies,
// itself or through a helper, is listed in tests/setup/own-process.ts and runs in its own.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OWN_PROCESS } from "../../setup/own-process";
import { helperModuleState, processWideChangers, testTree } from "./test-isolation";

describe("test files that change the process run in their own", () => {
  it("finds a mock, an environment change, a fake clock or a spy, in the file or in a helper it imports", () => {
    const files = new Map([
      ["tests/unit/a.test.ts", 'vi.mock("~/utils/mail.server");'],
      ["tests/unit/b.test.ts", "process.env.GOVBR_ISSUER = 'x';"],
      ["tests/unit/c.test.ts", 'import { fake } from "../support/fake";\nfake();'],
      ["tests/support/fake.ts", "export const fake = () => vi.useFakeTimers();"],
      ["tests/unit/d.test.ts", 'if (process.env.CI === "1") expect(process.env.X ?? "").toBe("");'],
      ["tests/unit/e.test.ts", "delete process.env.REDIS_URL;"],
      ["tests/unit/f.test.ts", "process.env.DATA_DIR ??= '/tmp';"],
    ]);
    expect(processWideChangers(files)).toEqual([
      "tests/unit/a.test.ts",
      "tests/unit/b.test.ts",
      "tests/unit/c.test.ts",
      "tests/unit/e.test.ts",
      "tests/unit/f.test.ts",
    ]);
  });

  it("lists every such file of the suite in own-process.ts, and nothing that is not there", () => {
    // This file's planted offences are strings, not calls.
    const suite = processWideChangers(testTree()).filter(
      (p) => /^tests\/(unit|security)\//.test(p) && p !== "tests/unit/architecture/test-isolation.test.ts",
    );
    expect(suite.filter((p) => !OWN_PROCESS.includes(p))).toEqual([]);
    expect(OWN_PROCESS.filter((p) => !existsSync(p))).toEqual([]);
  });
});

describe("helpers keep no state of one file for the next", () => {
  it("finds a written Map, Set or let at a helper's top level, unless per file or said to be on purpose", () => {
    const files = new Map([
      [
        "tests/support/world.ts",
        "const towns = new Map<string, string>();\nexport const town = (k: string) => towns.set(k, k);",
      ],
      ["tests/support/count.ts", "let n = 0;\nexport const next = () => ++n;"],
      ["tests/support/fixed.ts", 'const KINDS = new Set(["A"]);\nexport const known = (k: string) => KINDS.has(k);'],
      [
        "tests/support/per.ts",
        "const towns = perFile(() => new Map());\nexport const town = (k: string) => towns().set(k, k);",
      ],
      [
        "tests/support/bytes.ts",
        '// The same bytes for every file: kept across files on purpose.\nlet bytes: Buffer | null = null;\nexport const b = () => (bytes ??= Buffer.from("x"));',
      ],
      ["tests/unit/a.test.ts", "let w = 1;\nw = 2;"],
    ]);
    expect(helperModuleState(files)).toEqual(["tests/support/count.ts: n", "tests/support/world.ts: towns"]);
  });

  it("the suite's helpers keep none", () => {
    expect(helperModuleState(testTree())).toEqual([]);
  });
});
