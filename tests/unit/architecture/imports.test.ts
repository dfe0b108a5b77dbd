// The import reader the architecture checks stand on.
import { describe, expect, it } from "vitest";
import { importsOf, mentions, packageName, parse, resolveImport } from "./imports";

const read = (text: string, file = "app/x.tsx") => importsOf(parse(file, text));

describe("importsOf", () => {
  it("finds every way of importing, with its line", () => {
    const text = [
      'import a from "a";',
      'import * as b from "b";',
      'import "c";',
      'export { d } from "d";',
      'export * from "e";',
      'import f = require("f");',
      'const g = await import("g");',
      'const h = require("h");',
    ].join("\n");
    expect(read(text)).toEqual(
      ["a", "b", "c", "d", "e", "f", "g", "h"].map((specifier, i) => ({
        specifier,
        typeOnly: false,
        line: i + 1,
        // import() and require() in code load when they run, not with the file (circles.ts).
        ...(specifier === "g" || specifier === "h" ? { lazy: true } : {}),
      })),
    );
  });

  it("marks as type-only what compilation erases, and only that", () => {
    const text = [
      'import type { A } from "type-clause";',
      'import { type B, type C } from "type-names";',
      'import { type D, E } from "mixed";',
      'import F, { type G } from "default-kept";',
      'export type { H } from "type-export";',
      'type I = import("type-node").I;',
    ].join("\n");
    expect(read(text).map((i) => [i.specifier, i.typeOnly])).toEqual([
      ["type-clause", true],
      ["type-names", true],
      ["mixed", false],
      ["default-kept", false],
      ["type-export", true],
      ["type-node", true],
    ]);
  });

  it("ignores module names in comments and strings", () => {
    expect(read('// import { db } from "~/utils/db.server";\nconst s = "import x from \'y\'";')).toEqual([]);
  });
});

describe("resolveImport", () => {
  const files = new Set(["app/utils/db.server.ts", "app/domain/br/index.ts", "app/models/a.server.ts"]);
  const exists = (f: string) => files.has(f);

  it("maps ~/ to app/ and tries the extensions and index files", () => {
    expect(resolveImport("app/routes/r.tsx", "~/utils/db.server", exists)).toEqual({
      kind: "file",
      path: "app/utils/db.server.ts",
    });
    expect(resolveImport("app/domain/x.ts", "./br", exists)).toEqual({ kind: "file", path: "app/domain/br/index.ts" });
  });

  it("resolves relative paths from the importing file, and .js to .ts", () => {
    expect(resolveImport("app/routes/r.tsx", "../models/a.server.js", exists)).toEqual({
      kind: "file",
      path: "app/models/a.server.ts",
    });
  });

  it("keeps an unresolved relative path as a path, and a bare name as a package", () => {
    expect(resolveImport("app/utils/db.server.ts", "../../prisma/generated/sqlite/index.js", exists)).toEqual({
      kind: "file",
      path: "prisma/generated/sqlite/index.js",
    });
    expect(resolveImport("app/x.ts", "@prisma/client/runtime", exists)).toEqual({
      kind: "package",
      name: "@prisma/client/runtime",
    });
  });

  it("names the package of a deep import", () => {
    expect(packageName("@prisma/client/runtime")).toBe("@prisma/client");
    expect(packageName("zod/v4")).toBe("zod");
    expect(packageName("node:fs/promises")).toBe("node:fs/promises");
  });
});

describe("mentions", () => {
  it("finds the global used as a value or a type, not a property of the same name", () => {
    const text = [
      "throw new Response(null, { status: 404 });",
      "function f(r: Request) {}",
      "const o = { Response: 1 };",
      "o.Response;",
      "// a Response in a comment",
      'const s = "Request";',
    ].join("\n");
    expect(mentions(parse("app/m.ts", text), ["Request", "Response"])).toEqual([
      { name: "Response", line: 1 },
      { name: "Request", line: 2 },
    ]);
  });
});
