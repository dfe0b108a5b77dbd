// The SQLite runner (ADR 037): the same JobQueue as pg-boss, in this process, over the LocalJob
// table. A job is claimed by a conditional update (state and attempts as read), so even two
// processes on one file never run it twice; the claim carries a lease, and a job whose lease has
// passed (its process died) is taken again — as a new attempt, or FAILED when none is left.
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { redactPersonalData } from "~/domain/jobs/redact";
import { processGone } from "./worker.server";
import {
  retryDelayMs,
  SCHEDULE_KEY,
  slotStart,
  type EnqueueOptions,
  type JobData,
  type JobHandler,
  type JobKindOptions,
  type JobQueue,
  type QueueRole,
} from "./queue.server";

const DIED = "o processo que executava a tarefa parou antes de terminar (prazo de posse vencido)";

export function createLocalQueue(role: QueueRole): JobQueue {
  const kinds = new Map<string, JobKindOptions>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const kindOf = (name: string) => {
    const kind = kinds.get(name);
    if (!kind) throw new Error(`tarefa "${name}" não definida`);
    return kind;
  };

  async function enqueue(name: string, data: JobData = {}, options: EnqueueOptions = {}) {
    const kind = kindOf(name);
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
  async function claim(name: string, now: Date) {
    const kind = kindOf(name);
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

  async function runOne(name: string, handler: JobHandler): Promise<boolean> {
    const job = await claim(name, new Date());
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
              runAfter: new Date(Date.now() + retryDelayMs(job.attempt, kindOf(name).retryDelaySeconds)),
            },
      });
    }
    return true;
  }

  /** One loop per name: drains what is due, then waits for the next poll. */
  function loop(name: string, handler: JobHandler) {
    const tick = async () => {
      if (stopped || running.has(name)) return;
      const pass = (async () => {
        try {
          while (!stopped && (await runOne(name, handler)));
        } catch (e) {
          console.error(`fila de tarefas: falha ao buscar "${name}":`, e);
        }
      })();
      running.set(name, pass);
      await pass;
      running.delete(name);
    };
    const timer = setInterval(tick, env().JOBS_POLL_SECONDS * 1000);
    timer.unref();
    timers.push(timer);
    void tick();
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
  let pruning: NodeJS.Timeout | null = null;

  const mustWork = (what: string) => {
    if (role !== "work") throw new Error(`fila só de envio: "${what}" exige uma fila que executa tarefas`);
  };

  return {
    engine: "local",
    role,
    async define(name, options) {
      kinds.set(name, options);
    },
    enqueue,
    schedule(name, everyMs) {
      mustWork(`agendar ${name}`);
      const tick = () =>
        enqueue(name, {}, { slot: { key: SCHEDULE_KEY, seconds: everyMs / 1000 } }).catch((e) =>
          console.error(`fila de tarefas: falha ao agendar "${name}":`, e),
        );
      const first = setTimeout(tick, 1_000);
      const every = setInterval(tick, everyMs);
      first.unref();
      every.unref();
      timers.push(first, every);
    },
    async work(name, handler) {
      mustWork(`executar ${name}`);
      kindOf(name);
      loop(name, handler);
      if (!pruning) {
        pruning = setInterval(prune, 3_600_000);
        pruning.unref();
        timers.push(pruning);
      }
    },
    async deadWorkers(workers) {
      // SQLite is one machine's file: its workers are processes of this machine.
      return new Set(workers.filter((worker) => processGone(worker) === true));
    },
    async activeJobs() {
      const rows = await db.localJob.findMany({ where: { state: "ACTIVE" } });
      return rows.flatMap((r) => {
        // Taken when its lease began: the lease is the kind's, counted from the claim.
        const kind = kinds.get(r.name);
        if (!kind || !r.leaseUntil) return [];
        const startedAt = new Date(r.leaseUntil.getTime() - kind.leaseSeconds * 1000);
        return [{ id: r.id, name: r.name, attempt: r.attempts, startedAt, data: r.data }];
      });
    },
    async release(name, id, attempt, reason) {
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
    },
    async stop(timeoutMs = 25_000) {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      const all = Promise.all(running.values());
      const late = await Promise.race([
        all.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), timeoutMs).unref()),
      ]);
      if (late) {
        // Still running at the deadline: hand the jobs back at once rather than when the lease ends.
        await db.localJob.updateMany({
          where: { state: "ACTIVE", name: { in: [...running.keys()] } },
          data: { state: "CREATED", leaseUntil: null, attempts: { decrement: 1 } },
        });
      }
    },
  };
}
