// Prisma CLI configuration. Prisma 6.19's native engines cannot be downloaded on our machines,
// so the CLI runs its WebAssembly schema engine through driver adapters (ADR 001).
// The provider follows DATABASE_URL: a postgresql:// URL selects prisma/postgres/, anything
// else is a SQLite file (default ./data/portal.db).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { PrismaConfig } from "prisma";

// The schema reads env("DATABASE_URL"); without it Prisma falls back to a downloaded engine.
const url = (process.env.DATABASE_URL ??= "file:./data/portal.db");
const isPostgres = /^postgres(ql)?:\/\//.test(url);

// pg_catalog's `name` (OID 19) and `"char"` (OID 18) columns are not known to the pg adapter;
// the schema engine reads them during migrations. Reported as `text` (OID 25) they work.
class CatalogFriendlyPool extends pg.Pool {
  override query(...args: any[]): any {
    const result = (super.query as any)(...args);
    return result && typeof result.then === "function" ? result.then(patchFields) : result;
  }
}
function patchFields<T>(result: T): T {
  const fields = (result as { fields?: { dataTypeID: number }[] })?.fields;
  for (const f of fields ?? []) if (f.dataTypeID === 19 || f.dataTypeID === 18) f.dataTypeID = 25;
  return result;
}

function pgConfig(): pg.PoolConfig {
  // Discrete fields, not a connection string: with a string the adapter's "shadow database"
  // would be the main one.
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username || "postgres"),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: u.pathname.replace(/^\//, "") || "postgres",
  };
}

function sqliteFile(): string {
  const file = url.replace(/^file:/, "");
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return file;
}

// The schema engine replays a migration file on the shadow database as one prepared statement,
// which fails (P3006) when the file holds several. Running argument-less statements as a
// script on the shadow connection fixes it.
type Factory = PrismaBetterSQLite3 | PrismaPg;
function withScriptingShadow<F extends Factory>(factory: F): F {
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connectToShadowDb = async () => {
    const adapter = await connectToShadowDb();
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) => {
      if (query.args.length === 0) {
        await adapter.executeScript(query.sql);
        return 0;
      }
      return executeRaw(query);
    };
    return adapter;
  };
  return factory;
}

export default {
  experimental: { adapter: true },
  engine: "js",
  schema: isPostgres ? path.join("prisma", "postgres", "schema.prisma") : path.join("prisma", "schema.prisma"),
  migrations: {
    path: isPostgres ? path.join("prisma", "postgres", "migrations") : path.join("prisma", "migrations"),
  },
  async adapter() {
    if (isPostgres) return new PrismaPg(new CatalogFriendlyPool(pgConfig()));
    return withScriptingShadow(new PrismaBetterSQLite3({ url: sqliteFile() }));
  },
} satisfies PrismaConfig;
