// The PostgreSQL queue: pg-boss 10 (ADR 037) in the schema "pgboss". An "enqueue" queue (ADR 042)
// starts no supervisor and refuses work() and schedule(); a worker queue keeps a presence session
// open (ADR 052).
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import type PgBossType from "pg-boss";
import { env } from "~/utils/env.server";
import { projectRoot } from "~/utils/project-root.server";
import { holdPresence, missingPresences, type Presence } from "./pg-presence.server";
import {
  type EnqueueOptions,
  type JobData,
  type JobHandler,
  type JobKindOptions,
  type JobQueue,
  type QueueRole,
  SCHEDULE_KEY,
} from "./queue.server";
import { parseWorker, thisWorker } from "./worker.server";

type PgBoss = PgBossType;

function loadPgBoss(): typeof PgBossType {
  // Loaded at run time, like the Prisma adapters: the Remix compiler would bundle this CommonJS package.
  const require = createRequire(path.join(projectRoot(), "package.json"));
  return require("pg-boss");
}

/** Runs `fn` under an advisory lock shared by every server: two servers creating pg-boss's queues at
 * once (a first boot) deadlock, and the aborted one then ran no background jobs at all. */
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

type PgQueueOptions = {
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
    // The supervisor finds expired leases, only where jobs are worked; an enqueue-only process just sends.
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

  let presence: Presence | null = null;
  if (role === "work") {
    try {
      presence = await holdPresence(connectionString, thisWorker().token);
    } catch (e) {
      await boss.stop({ graceful: false, close: true, timeout: 1_000 }).catch(() => undefined);
      throw e;
    }
  }

  return new PgQueue(role, boss, presence, connectionString, confirmGoneMs);
}

class PgQueue implements JobQueue {
  readonly engine = "pg-boss";
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly limits = new Map<string, number>();
  private readonly oneAtATime = new Set<string>();

  constructor(
    readonly role: QueueRole,
    private readonly boss: PgBoss,
    private readonly presence: Presence | null,
    private readonly connectionString: string,
    private readonly confirmGoneMs: number,
  ) {}

  private mustWork(what: string) {
    if (this.role !== "work") throw new Error(`fila só de envio: "${what}" exige uma fila que executa tarefas`);
  }

  async define(name: string, options: JobKindOptions) {
    const queue = {
      name,
      policy: options.oneAtATime ? ("singleton" as const) : ("standard" as const),
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds ?? 10,
      retryBackoff: true,
      expireInSeconds: options.leaseSeconds,
    };
    await oneServerAtATime(this.connectionString, async () => {
      await this.boss.createQueue(name, queue);
      // A queue made by an earlier version keeps its old options unless they are updated.
      await this.boss.updateQueue(name, queue);
    });
    this.limits.set(name, options.retryLimit);
    if (options.oneAtATime) this.oneAtATime.add(name);
  }

  async enqueue(name: string, data: JobData = {}, options: EnqueueOptions = {}) {
    return this.boss.send(name, data, {
      ...(options.slot
        ? { singletonKey: options.slot.key, singletonSeconds: options.slot.seconds }
        : // pg-boss's "singleton" policy allows one active job per singleton key: a job enqueued
          // without one (a revocation's re-issue, a start's sweep) would run beside the schedule's.
          this.oneAtATime.has(name)
          ? { singletonKey: SCHEDULE_KEY }
          : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  schedule(name: string, everyMs: number) {
    this.mustWork(`agendar ${name}`);
    const tick = () =>
      this.boss
        .send(name, {}, { singletonKey: SCHEDULE_KEY, singletonSeconds: Math.max(1, Math.round(everyMs / 1000)) })
        .catch((e) => console.error(`fila de tarefas: falha ao agendar "${name}":`, e));
    const first = setTimeout(tick, 1_000);
    const every = setInterval(tick, everyMs);
    first.unref();
    every.unref();
    this.timers.push(first, every);
  }

  async work(name: string, handler: JobHandler) {
    this.mustWork(`executar ${name}`);
    const retryLimit = this.limits.get(name);
    if (retryLimit === undefined) throw new Error(`tarefa "${name}" não definida`);
    await this.boss.work<JobData>(
      name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: env().JOBS_POLL_SECONDS },
      async ([job]) => {
        const attempt = job.retryCount + 1;
        await handler(job.data ?? {}, { id: job.id, name, attempt, final: attempt > job.retryLimit });
      },
    );
  }

  async deadWorkers(workers: string[], signal?: AbortSignal): Promise<Set<string>> {
    this.mustWork("procurar tarefas interrompidas");
    const tokens = new Map<string, string>();
    for (const w of workers) {
      const token = parseWorker(w)?.token;
      if (token) tokens.set(token, w);
    }
    if (tokens.size === 0) return new Set();
    const first = await missingPresences(this.connectionString, [...tokens.keys()]);
    if (first.size === 0) return new Set();
    // Missing once may be a live worker reconnecting its presence session: look again.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, this.confirmGoneMs);
      signal?.addEventListener("abort", done, { once: true });
    });
    if (signal?.aborted) return new Set();
    const second = await missingPresences(this.connectionString, [...first]);
    return new Set([...second].map((t) => tokens.get(t)!));
  }

  async activeJobs() {
    // pg-boss lists no jobs by state: its own table, read only (pinned pg-boss 10, schema "pgboss").
    const { rows } = await this.boss
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
  }

  async release(name: string, id: string, attempt: number, reason: string) {
    // One transaction of pg-boss's own commands: cancel and resume (fetched at once, as its next
    // attempt), or fail the last attempt. Two servers take turns on the lock; the second finds it done.
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: "credencia-jobs-resume",
    });
    await client.connect();
    const db = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
    try {
      await client.query("BEGIN");
      await client.query("SELECT pg_advisory_xact_lock(hashtext('credencia:job:' || $1::text))", [id]);
      const job = await this.boss.getJobById<JobData>(name, id, { db, includeArchive: false });
      let outcome: "retry" | "failed" | "gone" = "gone";
      if (job && job.state === "active" && job.retryCount + 1 === attempt) {
        if (job.retryCount >= job.retryLimit) {
          await this.boss.fail(name, id, { message: reason }, { db });
          outcome = "failed";
        } else {
          await this.boss.cancel(name, id, { db });
          await this.boss.resume(name, id, { db });
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
  }

  async stop(timeoutMs = 25_000) {
    for (const t of this.timers) clearTimeout(t);
    // Past the timeout pg-boss fails running handlers, so they retry at once, not after their lease.
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
    // Last: while a handler still ran, its worker had to look alive.
    await this.presence?.close();
  }
}
