// The PostgreSQL queue: pg-boss 10 (ADR 037) in the schema "pgboss" of the portal's database.
// pg-boss gives each job to one worker of one server (SELECT … FOR UPDATE SKIP LOCKED), retries
// a failed job with a growing delay, and fails by timeout a job still active past its
// expiration — the lease — which its supervisor (one server at a time) then retries. A queue in
// the "enqueue" role (ADR 042) starts no supervisor and refuses work() and schedule().
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import type PgBossType from "pg-boss";
import { env } from "../env.server";
import { projectRoot } from "../project-root.server";
import type { EnqueueOptions, JobData, JobHandler, JobKindOptions, JobQueue, QueueRole } from "./queue.server";

type PgBoss = PgBossType;

function loadPgBoss(): typeof PgBossType {
  // Loaded at run time like the Prisma adapters (db.server.ts): a CommonJS package the Remix
  // compiler would otherwise bundle.
  const require = createRequire(path.join(projectRoot(), "package.json"));
  return require("pg-boss");
}

/**
 * Runs `fn` while holding a PostgreSQL advisory lock shared by every server, on a connection of
 * its own. pg-boss creates a queue in one transaction that inserts its row and then attaches a
 * partition with a foreign key to the queue table; two servers creating the same queues at once
 * (a deployment's first boot) deadlock there, and PostgreSQL aborts one of them — that server
 * then ran no background jobs at all. One server at a time, they cannot.
 */
async function oneServerAtATime<T>(connectionString: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: "credencia-jobs-setup" });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('credencia:pg-boss:define'))");
    return await fn();
  } finally {
    // Closing the session releases its lock.
    await client.end();
  }
}

export type PgQueueOptions = {
  role: QueueRole;
  /** The database (the portal's, DATABASE_URL, unless a test gives another). */
  connectionString?: string;
  /** How often the supervisor looks for expired leases (30 s; tests shorten it). */
  maintenanceIntervalSeconds?: number;
};

export async function createPgQueue({
  role,
  connectionString = env().DATABASE_URL,
  maintenanceIntervalSeconds = 30,
}: PgQueueOptions): Promise<JobQueue> {
  const PgBoss = loadPgBoss();
  const boss: PgBoss = new PgBoss({
    connectionString,
    schema: "pgboss",
    application_name: "credencia-jobs",
    max: 4,
    // Expired leases are found by the supervisor (one server at a time, by an advisory lock),
    // which runs only where jobs are worked: an enqueue-only process opens a pool and sends.
    supervise: role === "work",
    maintenanceIntervalSeconds,
    // Our schedules are intervals ticked by every server (see schedule below), not pg-boss cron.
    schedule: false,
    // Finished jobs are kept a week for the back office's history, then removed.
    deleteAfterDays: 7,
    // They move to the archive after a day, not pg-boss's 12 h: pg-boss refuses a throttle slot
    // longer than this, and the longest schedule (govbr-purge) has a slot of a day.
    archiveCompletedAfterSeconds: 86_400,
  });
  boss.on("error", (e) => console.error("fila de tarefas (pg-boss):", e));
  try {
    await boss.start();
  } catch (e) {
    // Its pool closed, so that a caller trying again does not leave one open per try.
    await boss.stop({ graceful: false, close: true, timeout: 1_000 }).catch(() => undefined);
    throw e;
  }

  const timers: NodeJS.Timeout[] = [];
  const limits = new Map<string, number>();
  const mustWork = (what: string) => {
    if (role !== "work") throw new Error(`fila só de envio: "${what}" exige uma fila que executa tarefas`);
  };

  return {
    engine: "pg-boss",
    role,
    async define(name, options: JobKindOptions) {
      const queue = {
        name,
        policy: options.oneAtATime ? ("singleton" as const) : ("standard" as const),
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds ?? 10,
        retryBackoff: true,
        expireInSeconds: options.leaseSeconds,
      };
      await oneServerAtATime(connectionString, async () => {
        await boss.createQueue(name, queue);
        // A queue made by an earlier version keeps its old options unless they are updated.
        await boss.updateQueue(name, queue);
      });
      limits.set(name, options.retryLimit);
    },
    async enqueue(name, data: JobData = {}, options: EnqueueOptions = {}) {
      return boss.send(name, data, {
        ...(options.slot ? { singletonKey: options.slot.key, singletonSeconds: options.slot.seconds } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    schedule(name, everyMs) {
      mustWork(`agendar ${name}`);
      const tick = () =>
        boss
          .send(name, {}, { singletonKey: "schedule", singletonSeconds: Math.max(1, Math.round(everyMs / 1000)) })
          .catch((e) => console.error(`fila de tarefas: falha ao agendar "${name}":`, e));
      const first = setTimeout(tick, 1_000);
      const every = setInterval(tick, everyMs);
      first.unref();
      every.unref();
      timers.push(first, every);
    },
    async work(name, handler: JobHandler) {
      mustWork(`executar ${name}`);
      const retryLimit = limits.get(name);
      if (retryLimit === undefined) throw new Error(`tarefa "${name}" não definida`);
      await boss.work<JobData>(
        name,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: env().JOBS_POLL_SECONDS },
        async ([job]) => {
          const attempt = job.retryCount + 1;
          await handler(job.data ?? {}, { id: job.id, name, attempt, final: attempt > job.retryLimit });
        },
      );
    },
    async stop(timeoutMs = 25_000) {
      for (const t of timers) clearTimeout(t);
      // Waits for running handlers up to the timeout; past it pg-boss fails them, so they are
      // retried at once instead of when their lease expires. Then closes its pool.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
    },
  };
}
