// The layer map's boundaries beyond rules.ts: what infrastructure may import, who builds an HTTP
// answer, which handlers are wrapped, and who reaches the database — directly or through others.
import ts from "typescript";
import { packageName } from "./imports";
import type { SourceTree, Violation } from "./rules";

const at = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

// ---------------------------------------------------------------------------------------------
// Infrastructure (app/utils) sits under the models: it imports utils, the pure domain and the
// credential formats, never a model, the HTTP layer, a route, a component or the jobs.

const BELOW_UTILS = ["app/utils/", "app/domain/", "app/credentials/"];

export function utilsImportNothingAbove(tree: SourceTree): Violation[] {
  return tree.paths("app/utils/").flatMap((file) =>
    tree.imports(file).flatMap((i) => {
      const target = i.target;
      if (target.kind !== "file" || !target.path.startsWith("app/")) return [];
      if (BELOW_UTILS.some((folder) => target.path.startsWith(folder))) return [];
      return [
        {
          file,
          line: i.line,
          message:
            `${file}:${i.line} imports "${i.specifier}" (${target.path}), above infrastructure: app/utils ` +
            `imports only app/utils, app/domain and app/credentials — pass the value in, or move the code up.`,
        },
      ];
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Only app/http builds an HTTP answer by hand (`new Response`, `Response.json`, `Response.redirect`):
// content types, cache policy and the headers every file carries live in one place. Routes
// answer with Remix's `data`/`redirect` or an app/http helper.

export const responseBuilders: Readonly<Record<string, string>> = {
  "app/entry.server.tsx": "Remix's document answer: the streamed page with its CSP nonce (HTTP by nature)",
};

function handBuiltResponses(source: ts.SourceFile): number[] {
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "Response")
      lines.push(at(source, node));
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === "Response"
    )
      lines.push(at(source, node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

export function onlyHttpBuildsResponses(
  tree: SourceTree,
  allowed: Readonly<Record<string, string>> = responseBuilders,
): Violation[] {
  return tree
    .paths("app/")
    .filter((file) => !file.startsWith("app/http/") && !(file in allowed))
    .flatMap((file) =>
      handBuiltResponses(tree.source(file)).map((line) => ({
        file,
        line,
        message:
          `${file}:${line} builds a Response: answer with Remix's data()/redirect() or a helper of ` +
          `app/http/answers.server.ts, where content types, caching and security headers are set once.`,
      })),
    );
}

// ---------------------------------------------------------------------------------------------
// Every loader and action is wrapped in withRefusals or withFormRefusals, so that a Refusal thrown
// anywhere below becomes its answer (404, 403, 409…) and never a 500.

const WRAPPERS = new Set(["withRefusals", "withFormRefusals"]);
const HANDLERS = new Set(["loader", "action"]);

export const unwrappedHandlers: Readonly<Record<string, string>> = {};

export function handlersAreWrapped(
  tree: SourceTree,
  allowed: Readonly<Record<string, string>> = unwrappedHandlers,
): Violation[] {
  return tree.paths("app/routes/").flatMap((file) => {
    const source = tree.source(file);
    const found: Violation[] = [];
    const report = (name: string, node: ts.Node, what: string) => {
      if (`${file}#${name}` in allowed) return;
      const line = at(source, node);
      found.push({
        file,
        line,
        message:
          `${file}:${line} exports ${name} ${what}: write \`export const ${name} = withRefusals(async (…) => …)\` ` +
          `(or withFormRefusals), so a Refusal thrown below it becomes its answer.`,
      });
    };
    for (const statement of source.statements) {
      const exported = ts.canHaveModifiers(statement)
        ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        : false;
      if (!exported) continue;
      if (ts.isFunctionDeclaration(statement) && statement.name && HANDLERS.has(statement.name.text))
        report(statement.name.text, statement, "as a plain function");
      if (!ts.isVariableStatement(statement)) continue;
      for (const d of statement.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || !HANDLERS.has(d.name.text)) continue;
        const init = d.initializer;
        const wrapped =
          !!init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && WRAPPERS.has(init.expression.text);
        if (!wrapped) report(d.name.text, d, "unwrapped");
      }
    }
    return found;
  });
}

// ---------------------------------------------------------------------------------------------
// Only models reach the database, and the few infrastructure stores and entry points listed here
// (a folder when the entry ends in "/"). No route, HTTP module, API path or component reaches the
// client through any chain of imports that passes no model and no listed store.

export const databaseOwners: Readonly<Record<string, string>> = {
  "app/models/": "all database access, one file per aggregate (the layer map)",
  "app/entry.server.tsx": "prepares the database when the server starts and disconnects it on shutdown",
  "app/commands/audit-verify.ts": "a command-line entry point: disconnects the client when done",
  "app/commands/rotate-key.ts": "a command-line entry point: finds the municipality it was asked about",
  "app/utils/audit.server.ts": "the audit writer: appends to the hash chain inside the caller's transaction",
  "app/utils/rate-limit.server.ts": "the rate-limit counters' table, when Redis is not configured",
  "app/utils/mail.server.ts": "the mail outbox: a message is stored in the caller's transaction and sent after",
  "app/utils/health.server.ts": "/readyz asks the database one `SELECT 1`",
  "app/jobs/": "the job queue's own tables (records, resume after a crash)",
};

const owns = (owners: Readonly<Record<string, string>>, file: string) =>
  Object.keys(owners).some((owner) => (owner.endsWith("/") ? file.startsWith(owner) : file === owner));

const isClient = (path: string) => path === "app/utils/db.server.ts" || path.startsWith("prisma/generated/");

/** The first chain of run-time imports from `file` to the database client that passes no owner. */
function chainToDatabase(tree: SourceTree, file: string, owners: Readonly<Record<string, string>>): string[] | null {
  const seen = new Set([file]);
  const queue: string[][] = [[file]];
  while (queue.length) {
    const chain = queue.shift()!;
    for (const i of tree.imports(chain[chain.length - 1])) {
      if (i.typeOnly) continue;
      if (i.target.kind === "package") {
        if (packageName(i.target.name) === "@prisma/client") return [...chain, i.target.name];
        continue;
      }
      const next = i.target.path;
      if (isClient(next)) return [...chain, next];
      if (seen.has(next) || owns(owners, next) || !tree.files.has(next)) continue;
      seen.add(next);
      queue.push([...chain, next]);
    }
  }
  return null;
}

export function onlyModelsReachTheDatabase(
  tree: SourceTree,
  owners: Readonly<Record<string, string>> = databaseOwners,
): Violation[] {
  return tree
    .paths("app/")
    .filter((file) => !isClient(file) && !owns(owners, file))
    .flatMap((file) => {
      const chain = chainToDatabase(tree, file, owners);
      if (!chain) return [];
      return [
        {
          file,
          line: 1,
          message:
            `${file} reaches the database client without a model: ${chain.join(" → ")}. ` +
            `Move the query into app/models and import the model instead.`,
        },
      ];
    });
}

/** An owner that is gone, or no longer imports the client, goes from the list. */
export function noStaleDatabaseOwner(
  tree: SourceTree,
  owners: Readonly<Record<string, string>> = databaseOwners,
): Violation[] {
  return Object.keys(owners)
    .filter((owner) => {
      const files = owner.endsWith("/") ? tree.paths(owner) : tree.files.has(owner) ? [owner] : [];
      return !files.some((f) =>
        tree.imports(f).some((i) => !i.typeOnly && i.target.kind === "file" && isClient(i.target.path)),
      );
    })
    .map((owner) => ({
      file: owner,
      line: 0,
      message: `${owner} is listed in databaseOwners but imports no database client, or is gone: remove its entry.`,
    }));
}

export const boundaryRules = {
  "utils import nothing above them": utilsImportNothingAbove,
  "only app/http builds a Response": onlyHttpBuildsResponses,
  "every loader and action is wrapped": handlersAreWrapped,
  "only models reach the database": onlyModelsReachTheDatabase,
  "no database owner is listed without reading it": noStaleDatabaseOwner,
} satisfies Record<string, (tree: SourceTree) => Violation[]>;
