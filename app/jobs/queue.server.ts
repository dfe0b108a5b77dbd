// The job queue's one interface (ADR 037): pg-boss on PostgreSQL, an in-process runner over LocalJob
// on SQLite, both with persisted jobs, retries and a lease. A process that only enqueues gets the
// "enqueue" role: no workers, ticks or supervisor (ADR 042); startJobs() asks for "work".
import { isPostgres } from "~/utils/env.server";

export type JobData = Record<string, string | number | boolean | null>;
export type JobContext = { id: string; name: string; attempt: number; final: boolean };
export type JobHandler = (data: JobData, ctx: JobContext) => Promise<unknown>;

/** How a kind of job runs, set once per name before it is enqueued or worked. */
export type JobKindOptions = {
  /** How long a worker holds a job: past it, the job counts as failed (its worker died) and is retried. */
  leaseSeconds: number;
  /** Attempts after the first, with a growing delay between them. */
  retryLimit: number;
  /** The wait before the first retry (10 s unless said); it grows with each attempt. */
  retryDelaySeconds?: number;
  /** At most one job of this name runs at a time across all servers. */
  oneAtATime?: boolean;
};

export type EnqueueOptions = {
  /** One job per key and per slot of this many seconds, whichever server asks (a schedule's tick). */
  slot?: { key: string; seconds: number };
  startAfter?: Date;
};

/** "enqueue": persists jobs only; "work": also runs workers and schedules (startJobs). */
export type QueueRole = "enqueue" | "work";

export interface JobQueue {
  readonly engine: "pg-boss" | "local";
  readonly role: QueueRole;
  define(name: string, options: JobKindOptions): Promise<void>;
  /** Persists a job; returns its id, or null when its slot already has one. */
  enqueue(name: string, data?: JobData, options?: EnqueueOptions): Promise<string | null>;
  /** Every server ticks; each tick enqueues into the period's slot, so the job runs once per period.
   * Only in the "work" role (throws otherwise), like work(). */
  schedule(name: string, everyMs: number): void;
  /** Starts taking jobs of this name on this server. */
  work(name: string, handler: JobHandler): Promise<void>;
  /** Stops taking jobs; resolves when the running ones ended or their lease was released. */
  stop(timeoutMs?: number): Promise<void>;
  /** Of these workers (RunningJob.worker, ADR 052), the ones known to be gone: their process ended.
   * A worker that cannot be judged is not among them. Resolves early (empty) when `signal` aborts. */
  deadWorkers(workers: string[], signal?: AbortSignal): Promise<Set<string>>;
  /** Every job held as running now, by any worker: its attempt, when it was taken, its data (JSON). */
  activeJobs(): Promise<ActiveJob[]>;
  /** Hands back a job whose `attempt` died with its worker: "retry" at once, "failed" if it was the
   * last, "gone" if it is no longer that active attempt (finished, or handed back elsewhere). */
  release(name: string, id: string, attempt: number, reason: string): Promise<"retry" | "failed" | "gone">;
}

type ActiveJob = { id: string; name: string; attempt: number; startedAt: Date; data: string };

/** The singleton key of the schedules' slots; on PostgreSQL a one-at-a-time kind's other jobs get it too. */
export const SCHEDULE_KEY = "schedule";

const globalForJobs = globalThis as unknown as { __jobQueue?: { role: QueueRole; queue: Promise<JobQueue> } };

async function createQueue(role: QueueRole): Promise<JobQueue> {
  if (isPostgres()) {
    const { createPgQueue } = await import("./pg-queue.server");
    return createPgQueue({ role });
  }
  const { createLocalQueue } = await import("./local-queue.server");
  return createLocalQueue(role);
}

/** This process's queue, started on first use; asking for "work" replaces an enqueue-only one. */
export function jobQueue(role: QueueRole = "enqueue"): Promise<JobQueue> {
  const current = globalForJobs.__jobQueue;
  if (current && (current.role === "work" || role === "enqueue")) return current.queue;
  const previous = current?.queue;
  const queue = (async () => {
    if (previous) await previous.then((q) => q.stop(1_000)).catch(() => undefined);
    return createQueue(role);
  })();
  globalForJobs.__jobQueue = { role, queue };
  // A queue that failed to start is not kept: the next caller starts another.
  queue.catch(() => {
    if (globalForJobs.__jobQueue?.queue === queue) globalForJobs.__jobQueue = undefined;
  });
  return queue;
}

/** Stops this process's queue if one was started; the next jobQueue() starts a new one. */
export async function stopJobQueue(timeoutMs?: number): Promise<void> {
  const started = globalForJobs.__jobQueue;
  if (!started) return;
  globalForJobs.__jobQueue = undefined;
  await (await started.queue).stop(timeoutMs);
}

/** The wait before attempt `attempt + 1` (1-based attempts): base, 4×, 9×… capped at an hour. */
export const retryDelayMs = (attempt: number, baseSeconds = 10) =>
  Math.min(3_600_000, baseSeconds * 1000 * attempt * attempt);

/** The start of the slot `now` falls in, for slots of `seconds` (the same on every server). */
export const slotStart = (now: Date, seconds: number) =>
  new Date(Math.floor(now.getTime() / (seconds * 1000)) * seconds * 1000);
