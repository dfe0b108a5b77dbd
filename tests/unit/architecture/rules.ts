// The layer map of docs/architecture.md as checks over a set of files (path → text). The checks
// are plain functions so that they can be tried on a few invented files (rules.test.ts) as well
// as on the real tree (layers.test.ts).
import ts from "typescript";
import { type Import, importsOf, mentions, packageName, parse, resolveImport, type Target } from "./imports";

export type Violation = { file: string; line: number; message: string };

/** The files under check: repository-relative posix paths and their text. */
export class SourceTree {
  private parsed = new Map<string, ts.SourceFile>();
  constructor(readonly files: ReadonlyMap<string, string>) {}

  paths(prefix: string): string[] {
    return [...this.files.keys()].filter((file) => file.startsWith(prefix) && /\.[cm]?[jt]sx?$/.test(file)).sort();
  }

  source(file: string): ts.SourceFile {
    let source = this.parsed.get(file);
    if (!source) this.parsed.set(file, (source = parse(file, this.files.get(file) ?? "")));
    return source;
  }

  imports(file: string): (Import & { target: Target })[] {
    return importsOf(this.source(file)).map((i) => ({
      ...i,
      target: resolveImport(file, i.specifier, (f) => this.files.has(f)),
    }));
  }
}

const isServerModule = (file: string) => /\.server(\.[cm]?[jt]sx?)?$/.test(file) || file.includes(".server/");
const under = (target: Target, folder: string) => target.kind === "file" && target.path.startsWith(folder);
const where = (file: string, line: number) => `${file}:${line}`;

// ---------------------------------------------------------------------------------------------
// Routes call models; only models touch the database.

function isDatabaseClient(target: Target): boolean {
  if (target.kind === "package") return packageName(target.name) === "@prisma/client";
  return target.path === "app/utils/db.server.ts" || target.path.startsWith("prisma/generated/");
}

/** Not even a type: a route that names the schema is tied to it (boundaries.ts checks run-time chains). */
export function routesDoNotTouchTheDatabase(tree: SourceTree): Violation[] {
  return tree.paths("app/routes/").flatMap((file) =>
    tree
      .imports(file)
      .filter((i) => isDatabaseClient(i.target))
      .map((i) => ({
        file,
        line: i.line,
        message:
          `${where(file, i.line)} imports the database client ("${i.specifier}")` +
          (i.typeOnly ? " (even a type ties the route to the schema)" : "") +
          `: move the query into a model (app/models/*.server.ts) and call that model from the route.`,
      })),
  );
}

// ---------------------------------------------------------------------------------------------
// Components render; they get data as props (from a loader) and never reach the server.

export function componentsStayOffTheServer(tree: SourceTree): Violation[] {
  return tree.paths("app/components/").flatMap((file) =>
    tree
      .imports(file)
      .filter((i) => !i.typeOnly)
      .flatMap((i) => {
        const model = under(i.target, "app/models/");
        const server = i.target.kind === "file" && isServerModule(i.target.path);
        if (!model && !server) return [];
        const what = model ? "a model" : "a server-only module";
        return [
          {
            file,
            line: i.line,
            message:
              `${where(file, i.line)} imports ${what} ("${i.specifier}"): a component gets its data as props ` +
              `from the route's loader; move server code to app/http or app/models (\`import type\` is fine).`,
          },
        ];
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// Models take plain data and throw the domain's Refusal (app/domain/refusal.ts); they know
// nothing of HTTP, Remix or the screens.

export const HTTP_GLOBALS = ["Request", "Response"] as const;

export function modelsKnowNoHttp(tree: SourceTree): Violation[] {
  return tree.paths("app/models/").flatMap((file) => {
    const imports: Violation[] = tree.imports(file).flatMap((i) => {
      const layer = under(i.target, "app/components/")
        ? "a component module"
        : under(i.target, "app/http/")
          ? "the HTTP layer"
          : under(i.target, "app/routes/")
            ? "a route"
            : i.target.kind === "package" && i.target.name.startsWith("@remix-run/")
              ? "Remix"
              : undefined;
      if (!layer) return [];
      const instead =
        layer === "a component module"
          ? "a model does not depend on the screens: move what both need (vocabularies, labels) into app/domain."
          : "models take plain data and throw a Refusal (app/domain/refusal.ts); the HTTP layer (app/http) " +
            "turns refusals into answers.";
      return [
        { file, line: i.line, message: `${where(file, i.line)} imports ${layer} ("${i.specifier}"): ${instead}` },
      ];
    });
    const globals = mentions(tree.source(file), HTTP_GLOBALS).map(({ name, line }) => ({
      file,
      line,
      message:
        `${where(file, line)} uses the global ${name}: models never see a Request nor build a Response — ` +
        `take plain values and throw a Refusal (app/domain/refusal.ts) for the HTTP layer to answer.`,
    }));
    return [...imports, ...globals];
  });
}

// ---------------------------------------------------------------------------------------------
// A route refuses with the domain's Refusal (notFound, forbidden, invalid, conflict), which
// withRefusals turns into its answer: one path for every refusal, never `throw new Response`.

export function routesThrowRefusals(tree: SourceTree): Violation[] {
  return tree.paths("app/routes/").flatMap((file) => {
    const source = tree.source(file);
    const found: Violation[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isThrowStatement(node) &&
        ts.isNewExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === "Response"
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({
          file,
          line,
          message:
            `${where(file, line)} throws a Response: throw a Refusal (notFound, forbidden, invalid, conflict ` +
            `from app/domain/refusal.ts) inside withRefusals, which answers it.`,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

// ---------------------------------------------------------------------------------------------
// The domain is pure TypeScript: it imports the domain and a short list of libraries that
// compute without I/O, and nothing else of the app.

/** Libraries the domain may use, each with its reason. Anything else needs a line here first. */
export const domainLibraries: Record<string, string> = {
  zod: "schemas of rule packs, drafts and the eligibility API: validation is computation",
  "@brazilian-utils/brazilian-utils": "check digits of CPF, CNPJ, CEP, phone: pure functions",
  "@zxcvbn-ts/core": "the password-strength estimate (auth/password-policy.ts): a pure function of the password",
  "@zxcvbn-ts/language-common": "zxcvbn's dictionaries (data)",
  "@zxcvbn-ts/language-pt-br": "zxcvbn's Portuguese dictionaries (data)",
  "node:crypto": "sha256 of audit events (audit/chain.ts); keys and randomness stay outside the domain",
  "pdf-lib": "is the upload a well-formed, unencrypted PDF (files/pdf.ts): it parses bytes in memory",
  "file-type": "what an upload's leading bytes are (files/content-type.ts): it reads a buffer, no file",
  "node:async_hooks":
    "the PDF decode budget (files/pdf.ts) counts inflated bytes per check with AsyncLocalStorage: no I/O",
};

export function domainIsPure(tree: SourceTree): Violation[] {
  return tree.paths("app/domain/").flatMap((file) =>
    tree.imports(file).flatMap((i) => {
      const target = i.target;
      if (target.kind === "package") {
        if (packageName(target.name) in domainLibraries) return [];
        return [
          {
            file,
            line: i.line,
            message:
              `${where(file, i.line)} imports the library "${i.specifier}", which the domain has not vetted: ` +
              `keep I/O outside app/domain, or add the library to domainLibraries (tests/unit/architecture/rules.ts) ` +
              `with the reason it is pure.`,
          },
        ];
      }
      if (target.path.startsWith("app/domain/") && !isServerModule(target.path)) return [];
      return [
        {
          file,
          line: i.line,
          message:
            `${where(file, i.line)} imports "${i.specifier}" (${target.path}), outside the pure domain: ` +
            `the domain never reaches models, utils, http, components, routes or *.server code — ` +
            `pass the value in as an argument, or move the pure part into app/domain.`,
        },
      ];
    }),
  );
}

export const layerRules = {
  "routes do not touch the database": routesDoNotTouchTheDatabase,
  "components stay off the server": componentsStayOffTheServer,
  "models know no HTTP": modelsKnowNoHttp,
  "the domain is pure": domainIsPure,
  "routes throw refusals, not responses": routesThrowRefusals,
} satisfies Record<string, (tree: SourceTree) => Violation[]>;
