// The PostgreSQL queue: pg-boss 10 (ADR 037) in the schema "pgboss" of the portal's database.
// pg-boss gives each job to one worker of one server (SELECT … FOR UPDATE SKIP LOCKED), retries
// a failed job with a growing delay, and fails by timeout a job still active past its
// expiration — the lease — which its supervisor (one server at a time) then retries. A queue in
// the "enqueue" role (ADR 042) starts no supervisor and refuses work() and schedule().
// A worker queue also keeps one session open for its whole life, named after its worker identity
// (ADR 052): while that session is in pg_stat_activity the worker is alive; once its process dies,
// PostgreSQL ends the session, and the jobs it was running are handed back at once (release).
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import type PgBossType from "pg-boss";
import { env } from "~/utils/env.server";
import { projectRoot } from "~/utils/project-root.server";
import {
  SCHEDULE_KEY,
  type EnqueueOptions,
  type JobData,
  type JobHandler,
  type JobKindOptions,
  type JobQueue,
  type QueueRole,
} from "./queue.server";
import { parseWorker, thisWorker } from "./worker.server";

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

/** The application_name of a worker's presence session (at most 63 characters are kept). */
const presenceName = (token: string) => `credencia-worker ${token}`;

/**
 * This worker's presence: a session of its own, open as long as the process lives, opened again
 * at once if it drops. Other servers look it up in pg_stat_activity (deadWorkers).
 */
async function holdPresence(connectionString: string, token: string) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const open = async () => {
    const c = new pg.Client({ connectionString, application_name: presenceName(token), keepAlive: true });
    c.on("error", (e) => console.error("fila de tarefas: a sessão de presença caiu:", e.message));
    c.on("end", () => {
      // Only the session that was open: a connection that failed is retried by its caller.
      if (client !== c) return;
      client = null;
      if (!closed) reopen();
    });
    await c.connect();
    if (closed) await c.end();
    else client = c;
  };
  const reopen = () => {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = null;
      open().catch(() => reopen());
    }, 500);
    retry.unref();
  };
  await open();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export type PgQueueOptions = {
  role: QueueRole;
  /** The database (the portal's, DATABASE_URL, unless a test gives another). */
  connectionString?: string;
  /** How often the supervisor looks for expired leases (30 s; tests shorten it). */
  maintenanceIntervalSeconds?: number;
  /** A worker is gone when its session is missing twice, this far apart (5 s): a live worker whose
   * presence session dropped opens it again well within it. */
  confirmGoneMs?: number;
};

export async function createPgQueue({
  role,
  connectionString = env().DATABASE_URL,
  maintenanceIntervalSeconds = 30,
  confirmGoneMs = 5_000,
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

  let presence: Awaited<ReturnType<typeof holdPresence>> | null = null;
  if (role === "work") {
    try {
      presence = await holdPresence(connectionString, thisWorker().token);
    } catch (e) {
      await boss.stop({ graceful: false, close: true, timeout: 1_000 }).catch(() => undefined);
      throw e;
    }
  }

  const timers: NodeJS.Timeout[] = [];
  const limits = new Map<string, number>();
  const oneAtATime = new Set<string>();

  /** Of these presence sessions, the ones PostgreSQL does not have. */
  async function missing(tokens: string[]): Promise<Set<string>> {
    const client = new pg.Client({ connectionString, application_name: "credencia-jobs-resume" });
    await client.connect();
    try {
      const { rows } = await client.query<{ application_name: string }>(
        "SELECT DISTINCT application_name FROM pg_stat_activity WHERE application_name = ANY($1::text[])",
        [tokens.map(presenceName)],
      );
      const present = new Set(rows.map((r) => r.application_name));
      return new Set(tokens.filter((t) => !present.has(presenceName(t))));
    } finally {
      await client.end();
    }
  }
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
      if (options.oneAtATime) oneAtATime.add(name);
    },
    async enqueue(name, data: JobData = {}, options: EnqueueOptions = {}) {
      return boss.send(name, data, {
        ...(options.slot
          ? { singletonKey: options.slot.key, singletonSeconds: options.slot.seconds }
          : // pg-boss's "singleton" policy allows one active job per singleton key: a job enqueued
            // without one (a revocation's re-issue, a start's sweep) would run beside the schedule's.
            oneAtATime.has(name)
            ? { singletonKey: SCHEDULE_KEY }
            : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    schedule(name, everyMs) {
      mustWork(`agendar ${name}`);
      const tick = () =>
        boss
          .send(name, {}, { singletonKey: SCHEDULE_KEY, singletonSeconds: Math.max(1, Math.round(everyMs / 1000)) })
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
    async deadWorkers(workers, signal) {
      mustWork("procurar tarefas interrompidas");
      const tokens = new Map<string, string>();
      for (const w of workers) {
        const token = parseWorker(w)?.token;
        if (token) tokens.set(token, w);
      }
      if (tokens.size === 0) return new Set();
      const first = await missing([...tokens.keys()]);
      if (first.size === 0) return new Set();
      // Missing once may be a live worker reconnecting its presence session: look again.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        const timer = setTimeout(done, confirmGoneMs);
        signal?.addEventListener("abort", done, { once: true });
      });
      if (signal?.aborted) return new Set();
      const second = await missing([...first]);
      return new Set([...second].map((t) => tokens.get(t)!));
    },
    async activeJobs() {
      // pg-boss lists no jobs by state: its own table, read only (pinned pg-boss 10, schema "pgboss").
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT id, name, retry_count AS "retryCount", started_on AS "startedOn", data FROM pgboss.job WHERE state = 'active'`,
          [],
        );
      return (rows as { id: string; name: string; retryCount: number; startedOn: Date; data: unknown }[]).map((r) => ({
        id: r.id,
        name: r.name,
        attempt: r.retryCount + 1,
        startedAt: new Date(r.startedOn),
        data: JSON.stringify(r.data ?? {}),
      }));
    },
    async release(name, id, attempt, reason) {
      // One transaction, through pg-boss's own commands: a job that is not the last attempt is
      // cancelled and resumed (state "created", its start time passed: fetched at once, and its
      // retry count goes up when fetched), the last one failed. Two servers releasing the same
      // job take turns (the advisory lock) and the second finds it no longer active.
      const client = new pg.Client({ connectionString, application_name: "credencia-jobs-resume" });
      await client.connect();
      const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
      try {
        await client.query("BEGIN");
        await client.query("SELECT pg_advisory_xact_lock(hashtext('credencia:job:' || $1::text))", [id]);
        const job = await boss.getJobById<JobData>(name, id, { db, includeArchive: false });
        let outcome: "retry" | "failed" | "gone" = "gone";
        if (job && job.state === "active" && job.retryCount + 1 === attempt) {
          if (job.retryCount >= job.retryLimit) {
            await boss.fail(name, id, { message: reason }, { db });
            outcome = "failed";
          } else {
            await boss.cancel(name, id, { db });
            await boss.resume(name, id, { db });
            outcome = "retry";
          }
        }
        await client.query("COMMIT");
        return outcome;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw e;
      } finally {
        await client.end();
      }
    },
    async stop(timeoutMs = 25_000) {
      for (const t of timers) clearTimeout(t);
      // Waits for running handlers up to the timeout; past it pg-boss fails them, so they are
      // retried at once instead of when their lease expires. Then closes its pool.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
      // Last: while a handler still ran, its worker had to look alive.
      await presence?.close();
    },
  };
}
