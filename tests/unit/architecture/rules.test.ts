// The architecture checks on a few invented files: each rule catches one offence of each kind it
// names and passes a clean tree, so a green layers.test.ts means something.
import { describe, expect, it } from "vitest";
import { noImportCircles } from "./circles";
import { fileLengthViolations, lineCount } from "./file-length";
import {
  componentsStayOffTheServer,
  domainIsPure,
  modelsKnowNoHttp,
  routesDoNotTouchTheDatabase,
  routesThrowRefusals,
  SourceTree,
  type Violation,
} from "./rules";

// A clean tree that uses every permitted path: route → model → db, component → domain and a
// type from a model, model → domain refusal, domain → domain and zod.
const clean: Record<string, string> = {
  "app/utils/db.server.ts": "export const db = {};",
  "app/utils/env.server.ts": "export const env = {};",
  "app/domain/refusal.ts": "export const notFound = (m: string) => new Error(m);",
  "app/domain/status.ts":
    'import { z } from "zod";\nimport { notFound } from "./refusal";\nexport const S = z.string();',
  "app/models/thing.server.ts": [
    'import { db } from "~/utils/db.server";',
    'import { notFound } from "~/domain/refusal";',
    "export type Thing = { id: string };",
    'export const get = (id: string) => db ?? notFound("Não encontrado.");',
    "export const headers = { Response: 1 };",
  ].join("\n"),
  "app/components/thing.tsx": [
    'import type { Thing } from "~/models/thing.server";',
    'import { type Thing as T2 } from "../models/thing.server";',
    'import { S } from "~/domain/status";',
    "export const View = (p: { t: Thing; u: T2 }) => S.parse(p.t.id + p.u.id);",
  ].join("\n"),
  "app/routes/thing.tsx": 'import { get } from "~/models/thing.server";\nexport const loader = () => get("1");',
};

const check = (rule: (tree: SourceTree) => Violation[], extra: Record<string, string> = {}) =>
  rule(new SourceTree(new Map(Object.entries({ ...clean, ...extra }))));

describe("each rule passes a tree without violations", () => {
  it.each([
    routesDoNotTouchTheDatabase,
    componentsStayOffTheServer,
    modelsKnowNoHttp,
    domainIsPure,
    routesThrowRefusals,
  ])("%o", (rule) => {
    expect(check(rule)).toEqual([]);
  });
});

describe("routes do not touch the database", () => {
  it.each([
    ['import { db } from "~/utils/db.server";', "~/utils/db.server"],
    ['import { db } from "../utils/db.server";', "../utils/db.server"],
    ['import type { Tx } from "~/utils/db.server";', "~/utils/db.server"],
    ['import { PrismaClient } from "@prisma/client";', "@prisma/client"],
    [
      'import { PrismaClient } from "../../prisma/generated/sqlite/index.js";',
      "../../prisma/generated/sqlite/index.js",
    ],
    ['const { db } = await import("~/utils/db.server");', "~/utils/db.server"],
  ])("catches %s", (line, specifier) => {
    const found = check(routesDoNotTouchTheDatabase, { "app/routes/r.tsx": `// a route\n${line}` });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: "app/routes/r.tsx", line: 2 });
    expect(found[0].message).toContain(`app/routes/r.tsx:2 imports the database client ("${specifier}")`);
    expect(found[0].message).toContain("move the query into a model");
  });
});

describe("components stay off the server", () => {
  it.each([
    ['import { get } from "~/models/thing.server";', "a model"],
    ['import { get } from "../models/thing.server";', "a model"],
    ['import { type Thing, get } from "~/models/thing.server";', "a model"],
    ['import { env } from "~/utils/env.server";', "a server-only module"],
    ['import { x } from "./local.server";', "a server-only module"],
  ])("catches %s", (line, what) => {
    const found = check(componentsStayOffTheServer, { "app/components/c.tsx": line });
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain(`app/components/c.tsx:1 imports ${what}`);
    expect(found[0].message).toContain("as props");
  });
});

describe("models know no HTTP", () => {
  it.each([
    [
      'import { LABELS } from "~/components/back-office/labels";',
      'imports a component module ("~/components/',
      "app/domain",
    ],
    [
      'import { requireStaff } from "~/http/guards.server";',
      'imports the HTTP layer ("~/http/guards.server")',
      "Refusal",
    ],
    ['import { redirect } from "@remix-run/node";', 'imports Remix ("@remix-run/node")', "Refusal"],
    ['import type { X } from "~/routes/thing";', 'imports a route ("~/routes/thing")', "Refusal"],
    ['throw new Response("Não encontrado", { status: 404 });', "uses the global Response", "Refusal"],
    ["export async function f(request: Request) {}", "uses the global Request", "Refusal"],
    ["export const f = () => Response.json({});", "uses the global Response", "Refusal"],
  ])("catches %s", (line, what, instead) => {
    const found = check(modelsKnowNoHttp, { "app/models/m.server.ts": line });
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain(`app/models/m.server.ts:1 ${what}`);
    expect(found[0].message).toContain(instead);
  });
});

describe("the domain is pure", () => {
  it.each([
    ['import { db } from "~/utils/db.server";', "outside the pure domain"],
    ['import { get } from "~/models/thing.server";', "outside the pure domain"],
    ['import type { Thing } from "~/models/thing.server";', "outside the pure domain"],
    ['import { View } from "../components/thing";', "outside the pure domain"],
    ['import { x } from "~/http/refusal.server";', "outside the pure domain"],
    ['import { loader } from "~/routes/thing";', "outside the pure domain"],
    ['import { x } from "./secret.server";', "outside the pure domain"],
    ['import { readFile } from "node:fs/promises";', 'the library "node:fs/promises", which the domain has not vetted'],
    ['import { PrismaClient } from "@prisma/client";', 'the library "@prisma/client", which the domain has not vetted'],
  ])("catches %s", (line, what) => {
    const found = check(domainIsPure, { "app/domain/d.ts": line });
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain(`app/domain/d.ts:1 imports`);
    expect(found[0].message).toContain(what);
  });

  it("accepts a deep import of a vetted library", () => {
    expect(check(domainIsPure, { "app/domain/d.ts": 'import { z } from "zod/v4";' })).toEqual([]);
  });
});

describe("file length", () => {
  const lines = (n: number) => "x;\n".repeat(n);

  it("counts formatted lines, with or without the final newline", () => {
    expect([lineCount(""), lineCount("a"), lineCount("a\n"), lineCount("a\nb"), lineCount(lines(301))]).toEqual([
      0, 1, 1, 2, 301,
    ]);
  });

  it("passes files up to the limit and listed long files", () => {
    const files = new Map([
      ["app/a.ts", lines(300)],
      ["app/b.tsx", lines(400)],
      ["tests/fixtures/big.json", lines(999)],
      ["docs/long.ts", lines(999)],
    ]);
    expect(fileLengthViolations(files, { "app/b.tsx": "one law in one place" })).toEqual([]);
  });

  it("names an unlisted long file in app/, tests/ or server.js", () => {
    for (const file of ["app/a.ts", "app/s.css", "tests/unit/t.test.ts", "server.js"]) {
      const found = fileLengthViolations(new Map([[file, lines(301)]]), {});
      expect(found.map((v) => v.message)).toEqual([
        `${file} has 301 lines (over 300): split it by reason to change, or, if it is one thing that reads best ` +
          `whole, add it to tests/unit/architecture/long-files.ts with that reason.`,
      ]);
    }
  });

  it("fails on a stale entry: a file gone, a file split, an entry without its reason", () => {
    const files = new Map([
      ["app/short.ts", lines(120)],
      ["app/long.ts", lines(301)],
    ]);
    const found = fileLengthViolations(files, {
      "app/gone.ts": "was long",
      "app/short.ts": "was long",
      "app/long.ts": " ",
    });
    expect(found.map((v) => v.message)).toEqual([
      "app/gone.ts no longer exists: remove its entry in tests/unit/architecture/long-files.ts.",
      "app/short.ts is down to 120 lines: remove its entry in tests/unit/architecture/long-files.ts.",
      "app/long.ts is listed without a reason: say why it stays whole in tests/unit/architecture/long-files.ts.",
    ]);
  });
});

describe("import circles", () => {
  const tree = (files: Record<string, string>) => new SourceTree(new Map(Object.entries(files)));
  const circle = {
    "app/models/a.server.ts": 'import { b } from "./b.server";\nexport const a = () => b;',
    "app/models/b.server.ts": 'import { c } from "~/utils/c.server";\nexport const b = 1;',
    "app/utils/c.server.ts": 'import { a } from "~/models/a.server";\nexport const c = a;',
  };

  it("finds a circle through three files and names them", () => {
    const found = noImportCircles(tree(circle), []);
    expect(found).toHaveLength(1);
    expect(found[0].message).toContain(
      "import circle: app/models/a.server.ts → app/models/b.server.ts → app/utils/c.server.ts",
    );
  });

  it("does not count type-only imports nor a lazy import()", () => {
    for (const closing of [
      'import type { A } from "~/models/a.server";\nexport const c = 1;',
      'export const c = async () => (await import("~/models/a.server")).a;',
    ])
      expect(noImportCircles(tree({ ...circle, "app/utils/c.server.ts": closing }), [])).toEqual([]);
  });

  it("lets a listed circle be, and reports a listed circle that is gone", () => {
    const listed = [{ files: Object.keys(circle), toBreak: "an invented circle" }];
    expect(noImportCircles(tree(circle), listed)).toEqual([]);
    const broken = { ...circle, "app/utils/c.server.ts": "export const c = 1;" };
    expect(noImportCircles(tree(broken), listed).map((v) => v.message)).toEqual([
      expect.stringContaining("circles.ts lists a circle that is gone or changed"),
    ]);
  });
});

describe("routes throw refusals, not responses", () => {
  it("catches `throw new Response` in a route, and lets a Refusal, a returned Response and a redirect be", () => {
    const route = [
      'import { notFound } from "~/domain/refusal";',
      "export const loader = async () => {",
      '  if (Math.random()) throw notFound("Não encontrado.");',
      '  if (Math.random()) throw redirect("/entrar");',
      '  throw new Response("Não encontrado.", { status: 404 });',
      "};",
      'export const other = () => new Response("ok");',
    ].join("\n");
    const found = check(routesThrowRefusals, { "app/routes/r.tsx": route });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: "app/routes/r.tsx", line: 5 });
    expect(found[0].message).toContain("throw a Refusal");
  });
});
