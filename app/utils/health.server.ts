// Readiness (GET /readyz, ADR 035): the database migrated and answering, the storage answering, no
// shutdown. Redis only degrades (the server works without it, ADR 042), so its outage does not pull
// every server from the proxy at once. Each check has a time limit, so a hung one fails fast.
import { readdirSync } from "node:fs";
import path from "node:path";
import { db } from "./db.server";
import { isPostgres } from "./env.server";
import { projectRoot } from "./project-root.server";
import { redisReachable } from "./redis.server";
import { getStorage } from "./storage.server";

const CHECK_TIMEOUT_MS = 2_000;

/** `degraded`: failing, but the server works without it (it does not make the server unready). */
export type Check = { ok: boolean; degraded?: boolean; detail?: string };
export type Readiness = { ready: boolean; checks: Record<string, Check> };

let draining = false;
/** Called when SIGTERM arrives: from then on the server says it is not ready. */
export function markDraining(): void {
  draining = true;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: sem resposta em ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function check(what: string, run: () => Promise<string | void>): Promise<Check> {
  try {
    const problem = await withTimeout(run(), what);
    return problem ? { ok: false, detail: problem } : { ok: true };
  } catch (e) {
    return { ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
}

/** The migrations this build ships (folder names), for the database's provider. */
function shippedMigrations(root = projectRoot()): string[] {
  const dir = path.join(root, "prisma", ...(isPostgres() ? ["postgres"] : []), "migrations");
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Migrations of this build the database has not applied (empty when up to date). */
async function pendingMigrations(): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ migration_name: string }>>`
    SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((r) => r.migration_name));
  return shippedMigrations().filter((m) => !applied.has(m));
}

export async function readiness(): Promise<Readiness> {
  const [database, storage, redis] = await Promise.all([
    check("banco de dados", async () => {
      const pending = await pendingMigrations();
      if (pending.length) return `migrações pendentes: ${pending.join(", ")} (rode npm run db:deploy)`;
    }),
    check("armazenamento", async () => {
      await getStorage().exists("readyz/sonda");
    }),
    check("redis", async () => {
      const reachable = await redisReachable();
      if (reachable === false) return "sem resposta ao PING";
      if (reachable === null) return "não configurado";
    }),
  ]);
  const checks: Record<string, Check> = { database, storage };
  // Redis is optional: reported only when REDIS_URL is set; down, it degrades the server.
  if (redis.detail !== "não configurado") checks.redis = redis.ok ? redis : { ...redis, degraded: true };
  if (draining) checks.shutdown = { ok: false, detail: "encerrando: não aceita novas requisições" };
  return { ready: Object.values(checks).every((c) => c.ok || c.degraded), checks };
}
