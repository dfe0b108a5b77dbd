// The boundary and size rules on invented files: each catches its planted offence and passes the
// clean tree, so a green layers.test.ts means something.
import { describe, expect, it } from "vitest";
import {
  handlersAreWrapped,
  noStaleDatabaseOwner,
  onlyHttpBuildsResponses,
  onlyModelsReachTheDatabase,
  utilsImportNothingAbove,
} from "./boundaries";
import { SourceTree, type Violation } from "./rules";
import { layerFileLengths, longFunctions } from "./sizes";

const clean: Record<string, string> = {
  "app/utils/db.server.ts": "export const db = {};",
  "app/utils/env.server.ts": 'import { z } from "zod";\nimport { civil } from "~/domain/time";\nexport const env = z;',
  "app/utils/keys.server.ts": 'import { derive } from "~/credentials/keys";\nexport const k = derive;',
  "app/domain/time.ts": "export const civil = 1;",
  "app/credentials/keys.ts": "export const derive = 1;",
  "app/models/thing.server.ts": 'import { db } from "~/utils/db.server";\nexport const get = () => db;',
  "app/http/answers.server.ts": "export const text = (t: string) => new Response(t, { status: 200 });",
  "app/http/guard.server.ts": 'import { get } from "~/models/thing.server";\nexport const guard = get;',
  "app/routes/thing/route.server.ts": [
    'import { withRefusals } from "~/http/refusal.server";',
    'import { guard } from "~/http/guard.server";',
    'import { text } from "~/http/answers.server";',
    "export const loader = withRefusals(async () => guard());",
    "export const action = withRefusals(async () => text('ok'));",
  ].join("\n"),
  "app/routes/thing/route.tsx": 'export { loader, action } from "./route.server";\nexport default function P() {}',
};

const check = (rule: (tree: SourceTree) => Violation[], extra: Record<string, string> = {}) =>
  rule(new SourceTree(new Map(Object.entries({ ...clean, ...extra }))));
const messages = (v: Violation[]) => v.map((x) => x.message);

describe("each rule passes the clean tree", () => {
  it.each([
    ["utils", (t: SourceTree) => utilsImportNothingAbove(t)],
    ["responses", (t: SourceTree) => onlyHttpBuildsResponses(t, {})],
    ["handlers", (t: SourceTree) => handlersAreWrapped(t, {})],
    ["database", (t: SourceTree) => onlyModelsReachTheDatabase(t, { "app/models/": "models" })],
    ["owners", (t: SourceTree) => noStaleDatabaseOwner(t, { "app/models/": "models" })],
    ["functions", (t: SourceTree) => longFunctions(t)],
    ["lengths", (t: SourceTree) => layerFileLengths(t)],
  ])("%s", (_name, rule) => {
    expect(check(rule)).toEqual([]);
  });
});

describe("utils import nothing above them", () => {
  it.each([
    ['import { get } from "~/models/thing.server";', "app/models/thing.server.ts"],
    ['import { guard } from "../http/guard.server";', "app/http/guard.server.ts"],
    ['import type { P } from "~/routes/thing/route";', "app/routes/thing/route.tsx"],
    ['import { run } from "~/jobs/registry.server";', "app/jobs/registry.server"],
  ])("catches %s", (line, target) => {
    const found = check(utilsImportNothingAbove, { "app/utils/u.server.ts": line });
    expect(messages(found)).toEqual([expect.stringContaining(`app/utils/u.server.ts:1 imports`)]);
    expect(found[0].message).toContain(`(${target}), above infrastructure`);
  });
});

describe("only app/http builds a Response", () => {
  it.each([
    'export const loader = () => new Response("ok");',
    "export const loader = () => Response.json({ ok: true });",
    'export const loader = () => Response.redirect("/");',
  ])("catches %s in a route, a util or a model", (line) => {
    for (const file of ["app/routes/r.tsx", "app/utils/u.server.ts", "app/api/a.server.ts"]) {
      const found = check((t) => onlyHttpBuildsResponses(t, {}), { [file]: line });
      expect(messages(found)).toEqual([expect.stringContaining(`${file}:1 builds a Response`)]);
    }
  });

  it("lets a listed entry point and a type be", () => {
    const entry = { "app/entry.server.tsx": 'export default () => new Response("doc");' };
    expect(check((t) => onlyHttpBuildsResponses(t, { "app/entry.server.tsx": "the document" }), entry)).toEqual([]);
    const typed = { "app/routes/r.tsx": "export const f = (r: Response): Response => r;" };
    expect(check((t) => onlyHttpBuildsResponses(t, {}), typed)).toEqual([]);
  });
});

describe("every loader and action is wrapped", () => {
  it.each([
    ["export async function loader() { return 1; }", "loader as a plain function"],
    ["export const action = async () => 1;", "action unwrapped"],
    ["export const loader = other(async () => 1);", "loader unwrapped"],
  ])("catches %s", (line, what) => {
    const found = check((t) => handlersAreWrapped(t, {}), { "app/routes/r/route.server.ts": line });
    expect(messages(found)).toEqual([expect.stringContaining(`app/routes/r/route.server.ts:1 exports ${what}`)]);
  });

  it("lets a listed handler be", () => {
    const extra = { "app/routes/r.tsx": "export function loader() { return 1; }" };
    expect(check((t) => handlersAreWrapped(t, { "app/routes/r.tsx#loader": "why" }), extra)).toEqual([]);
  });
});

describe("only models reach the database", () => {
  const owners = { "app/models/": "models", "app/utils/store.server.ts": "a store" };
  const rule = (t: SourceTree) => onlyModelsReachTheDatabase(t, owners);

  it("catches a route, an HTTP module or a util that reaches the client directly or through others", () => {
    const found = check(rule, {
      "app/utils/helper.server.ts": 'import { db } from "./db.server";\nexport const h = db;',
      "app/http/h.server.ts": 'import { h } from "~/utils/helper.server";\nexport const x = h;',
      "app/routes/r.tsx": 'import { x } from "~/http/h.server";\nexport const loader = x;',
      "app/components/c.tsx": 'import { PrismaClient } from "@prisma/client";\nexport const C = PrismaClient;',
    });
    expect(messages(found)).toEqual([
      expect.stringContaining(
        "app/components/c.tsx reaches the database client without a model: app/components/c.tsx → @prisma/client",
      ),
      expect.stringContaining("app/http/h.server.ts → app/utils/helper.server.ts → app/utils/db.server.ts"),
      expect.stringContaining(
        "app/routes/r.tsx → app/http/h.server.ts → app/utils/helper.server.ts → app/utils/db.server.ts",
      ),
      expect.stringContaining("app/utils/helper.server.ts → app/utils/db.server.ts"),
    ]);
  });

  it("lets a chain through a model or a listed store be, and ignores type-only imports", () => {
    const found = check(rule, {
      "app/utils/store.server.ts": 'import { db } from "./db.server";\nexport const s = db;',
      "app/routes/r.tsx": 'import { s } from "~/utils/store.server";\nimport type { X } from "~/utils/db.server";',
    });
    expect(found).toEqual([]);
  });

  it("reports an owner that no longer reads the database, or is gone", () => {
    expect(messages(check((t) => noStaleDatabaseOwner(t, owners)))).toEqual([
      "app/utils/store.server.ts is listed in databaseOwners but imports no database client, or is gone: remove its entry.",
    ]);
  });
});

describe("sizes", () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");

  it("catches a function of 121 lines, nested or not, and lets one of 120 be", () => {
    const fn = (name: string, n: number) => `export function ${name}() {\n${body(n - 2)}\n}`;
    const found = check(longFunctions, {
      "app/domain/a.ts": fn("ok", 120),
      "app/domain/b.ts": fn("long", 121),
      "app/components/c.tsx": `export const C = () => {\n  const inner = () => {\n${body(121)}\n  };\n  return inner;\n};`,
    });
    expect(found.map((v) => `${v.file}:${v.line}`)).toEqual([
      "app/components/c.tsx:1",
      "app/components/c.tsx:2",
      "app/domain/b.ts:1",
    ]);
    expect(found[2].message).toContain("a function of 121 lines (over 120)");
  });

  it("catches a route over 250 lines and a model over 300", () => {
    const lines = (n: number) => "x;\n".repeat(n);
    const found = check(layerFileLengths, {
      "app/routes/ok/route.tsx": lines(250),
      "app/routes/long/route.server.ts": lines(251),
      "app/models/ok.server.ts": lines(300),
      "app/models/long.server.ts": lines(301),
    });
    expect(messages(found)).toEqual([
      expect.stringContaining("app/routes/long/route.server.ts has 251 lines, over 250 for a route module"),
      expect.stringContaining("app/models/long.server.ts has 301 lines, over 300 for a model"),
    ]);
  });
});
