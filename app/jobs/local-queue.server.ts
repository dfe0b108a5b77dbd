// The SQLite runner (ADR 037) over LocalJob: claimed by a conditional update, so even two processes
// on one file never run a job twice; a job past its lease is taken again, or FAILED if none is left.
import { redactPersonalData } from "~/domain/jobs/redact";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import {
  type EnqueueOptions,
  type JobData,
  type JobHandler,
  type JobKindOptions,
  type JobQueue,
  type QueueRole,
  retryDelayMs,
  SCHEDULE_KEY,
  slotStart,
} from "./queue.server";
import { processGone } from "./worker.server";

const DIED = "o processo que executava a tarefa parou antes de terminar (prazo de posse vencido)";

export function createLocalQueue(role: QueueRole): JobQueue {
  return new LocalQueue(role);
}

class LocalQueue implements JobQueue {
  readonly engine = "local";
  private readonly kinds = new Map<string, JobKindOptions>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;
  private pruning: NodeJS.Timeout | null = null;

  constructor(readonly role: QueueRole) {}

  private kindOf(name: string) {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`tarefa "${name}" não definida`);
    return kind;
  }

  private mustWork(what: string) {
    if (this.role !== "work") throw new Error(`fila só de envio: "${what}" exige uma fila que executa tarefas`);
  }

  async define(name: string, options: JobKindOptions) {
    this.kinds.set(name, options);
  }

  async enqueue(name: string, data: JobData = {}, options: EnqueueOptions = {}) {
    const kind = this.kindOf(name);
    const now = new Date();
    try {
      const row = await db.localJob.create({
        data: {
          name,
          data: JSON.stringify(data),
          retryLimit: kind.retryLimit,
          runAfter: options.startAfter ?? now,
          singleton: options.slot
            ? `${name}:${options.slot.key}@${slotStart(now, options.slot.seconds).toISOString()}`
            : null,
        },
      });
      return row.id;
    } catch (e) {
      if ((e as { code?: string }).code === "P2002") return null; // the slot already has its job
      throw e;
    }
  }

  /** Takes the next due job of `name`, if any; returns it with its attempt number. */
  private async claim(name: string, now: Date) {
    const kind = this.kindOf(name);
    if (kind.oneAtATime) {
      const active = await db.localJob.count({ where: { name, state: "ACTIVE", leaseUntil: { gte: now } } });
      if (active > 0) return null;
    }
    for (;;) {
      const due = await db.localJob.findFirst({
        where: {
          name,
          OR: [
            { state: "CREATED", runAfter: { lte: now } },
            { state: "ACTIVE", leaseUntil: { lt: now } },
          ],
        },
        orderBy: { runAfter: "asc" },
      });
      if (!due) return null;
      if (due.state === "ACTIVE" && due.attempts > due.retryLimit) {
        // Its last attempt died with its process: nothing left to retry.
        await db.localJob.updateMany({
          where: { id: due.id, state: "ACTIVE", attempts: due.attempts },
          data: { state: "FAILED", lastError: DIED, leaseUntil: null, finishedAt: now },
        });
        continue;
      }
      const { count } = await db.localJob.updateMany({
        where: { id: due.id, state: due.state, attempts: due.attempts },
        data: {
          state: "ACTIVE",
          attempts: { increment: 1 },
          leaseUntil: new Date(now.getTime() + kind.leaseSeconds * 1000),
          ...(due.state === "ACTIVE" ? { lastError: DIED } : {}),
        },
      });
      if (count === 1) return { ...due, attempt: due.attempts + 1 };
    }
  }

  private async runOne(name: string, handler: JobHandler): Promise<boolean> {
    const job = await this.claim(name, new Date());
    if (!job) return false;
    const final = job.attempt > job.retryLimit;
    try {
      await handler(JSON.parse(job.data) as JobData, { id: job.id, name, attempt: job.attempt, final });
      await db.localJob.updateMany({
        where: { id: job.id, state: "ACTIVE", attempts: job.attempt },
        data: { state: "DONE", leaseUntil: null, finishedAt: new Date() },
      });
    } catch (error) {
      const lastError = redactPersonalData(String((error as Error)?.message ?? error));
      await db.localJob.updateMany({
        where: { id: job.id, state: "ACTIVE", attempts: job.attempt },
        data: final
          ? { state: "FAILED", leaseUntil: null, lastError, finishedAt: new Date() }
          : {
              state: "CREATED",
              leaseUntil: null,
              lastError,
              runAfter: new Date(Date.now() + retryDelayMs(job.attempt, this.kindOf(name).retryDelaySeconds)),
            },
      });
    }
    return true;
  }

  /** One loop per name: drains what is due, then waits for the next poll. */
  private loop(name: string, handler: JobHandler) {
    const tick = async () => {
      if (this.stopped || this.running.has(name)) return;
      const pass = (async () => {
        try {
          while (!this.stopped && (await this.runOne(name, handler)));
        } catch (e) {
          console.error(`fila de tarefas: falha ao buscar "${name}":`, e);
        }
      })();
      this.running.set(name, pass);
      await pass;
      this.running.delete(name);
    };
    const timer = setInterval(tick, env().JOBS_POLL_SECONDS * 1000);
    timer.unref();
    this.timers.push(timer);
    void tick();
  }

  schedule(name: string, everyMs: number) {
    this.mustWork(`agendar ${name}`);
    const tick = () =>
      this.enqueue(name, {}, { slot: { key: SCHEDULE_KEY, seconds: everyMs / 1000 } }).catch((e) =>
        console.error(`fila de tarefas: falha ao agendar "${name}":`, e),
      );
    const first = setTimeout(tick, 1_000);
    const every = setInterval(tick, everyMs);
    first.unref();
    every.unref();
    this.timers.push(first, every);
  }

  async work(name: string, handler: JobHandler) {
    this.mustWork(`executar ${name}`);
    this.kindOf(name);
    this.loop(name, handler);
    if (!this.pruning) {
      this.pruning = setInterval(prune, 3_600_000);
      this.pruning.unref();
      this.timers.push(this.pruning);
    }
  }

  async deadWorkers(workers: string[]) {
    // SQLite is one machine's file: its workers are processes of this machine.
    return new Set(workers.filter((worker) => processGone(worker) === true));
  }

  async activeJobs() {
    const rows = await db.localJob.findMany({ where: { state: "ACTIVE" } });
    return rows.flatMap((r) => {
      // Taken when its lease began: the lease is the kind's, counted from the claim.
      const kind = this.kinds.get(r.name);
      if (!kind || !r.leaseUntil) return [];
      const startedAt = new Date(r.leaseUntil.getTime() - kind.leaseSeconds * 1000);
      return [{ id: r.id, name: r.name, attempt: r.attempts, startedAt, data: r.data }];
    });
  }

  async release(name: string, id: string, attempt: number, reason: string) {
    const job = await db.localJob.findUnique({ where: { id } });
    if (!job || job.name !== name || job.state !== "ACTIVE" || job.attempts !== attempt) return "gone";
    const final = attempt > job.retryLimit;
    const now = new Date();
    const { count } = await db.localJob.updateMany({
      where: { id, state: "ACTIVE", attempts: attempt },
      data: final
        ? { state: "FAILED", leaseUntil: null, lastError: reason, finishedAt: now }
        : { state: "CREATED", leaseUntil: null, lastError: reason, runAfter: now },
    });
    if (count !== 1) return "gone";
    return final ? "failed" : "retry";
  }

  async stop(timeoutMs = 25_000) {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    const all = Promise.all(this.running.values());
    const late = await Promise.race([
      all.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), timeoutMs).unref()),
    ]);
    if (late) {
      // Still running at the deadline: hand the jobs back at once rather than when the lease ends.
      await db.localJob.updateMany({
        where: { state: "ACTIVE", name: { in: [...this.running.keys()] } },
        data: { state: "CREATED", leaseUntil: null, attempts: { decrement: 1 } },
      });
    }
  }
}

// Finished jobs are kept for a day (failed ones a week), like pg-boss's retention.
const prune = () =>
  db.localJob
    .deleteMany({
      where: {
        OR: [
          { state: "DONE", finishedAt: { lt: new Date(Date.now() - 86_400_000) } },
          { state: "FAILED", finishedAt: { lt: new Date(Date.now() - 7 * 86_400_000) } },
        ],
      },
    })
    .catch((e) => console.error("fila de tarefas: falha ao limpar tarefas antigas:", e));
