// The one Prisma client of the process, for DATABASE_URL's provider, loaded at run time from
// prisma/generated/<provider>: bundling it would break its WebAssembly query compiler.
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Prisma, PrismaClient } from "../../prisma/generated/sqlite/index.js";
import { env, isPostgres } from "./env.server";
import { projectRoot } from "./project-root.server";
import { safeForConcurrentRequests, SQLITE_LOCK_WAIT_MS } from "./sqlite-adapter.server";

export type { Prisma, PrismaClient };
export type Tx = Prisma.TransactionClient;

type GeneratedClient = { PrismaClient: new (options: object) => PrismaClient; Prisma: typeof Prisma };

/** The generated client for the provider of DATABASE_URL (loaded once by Node's require cache). */
function generated(): GeneratedClient {
  const root = projectRoot();
  const require = createRequire(path.join(root, "package.json"));
  return require(path.join(root, `prisma/generated/${isPostgres() ? "postgres" : "sqlite"}/index.js`));
}

function createClient(): PrismaClient {
  const root = projectRoot();
  const require = createRequire(path.join(root, "package.json"));
  const url = env().DATABASE_URL;
  const { PrismaClient } = generated();
  if (isPostgres()) {
    const { PrismaPg } = require("@prisma/adapter-pg");
    return new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }), errorFormat: "minimal" });
  }
  const { PrismaBetterSQLite3 } = require("@prisma/adapter-better-sqlite3");
  const file = path.resolve(root, url.replace(/^file:/, ""));
  mkdirSync(path.dirname(file), { recursive: true });
  const adapter = safeForConcurrentRequests(new PrismaBetterSQLite3({ url: file, timeout: SQLITE_LOCK_WAIT_MS }));
  return new PrismaClient({ adapter, errorFormat: "minimal" });
}

const globalForDb = globalThis as unknown as { __prisma?: PrismaClient; __pragmas?: Promise<void> };
export const db: PrismaClient = (globalForDb.__prisma ??= createClient());

/** SQLite in WAL mode with NORMAL sync: readers never wait for a writer, and a crash may lose the last
 * commits but never corrupts the file. Once at start; PostgreSQL needs nothing. */
export function prepareDatabase(): Promise<void> {
  if (isPostgres()) return Promise.resolve();
  globalForDb.__pragmas ??= (async () => {
    await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await db.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
  })();
  return globalForDb.__pragmas;
}
