// Background work, run through the job queue (app/utils/jobs/, ADR 037): every server starts the
// same workers and ticks the same schedules, and each job runs once across all of them — pg-boss
// on PostgreSQL, the in-process runner over the LocalJob table on SQLite. Every kind is safe to
// run twice (a retry after a worker died re-runs it), and each run is recorded for /admin/tarefas.
// A job whose worker died mid-run is handed back at once, not after its lease (ADR 052).
// The kinds are here, as data: a model enqueues by name. What each runs is the models' own
// (models/job-handlers.server.ts), handed to startJobs() by the server's entry: this file imports
// no model, so no model that enqueues sits in a circle with the ones the jobs run.
import { env } from "./env.server";
import { TEMP_GRACE_MS } from "./storage.server";
import { jobQueue, stopJobQueue, type JobData, type JobKindOptions, type QueueRole } from "./jobs/queue.server";
import { recorded } from "./jobs/record.server";
import { resumeInterruptedJobs } from "./jobs/resume.server";

export type BackgroundJob = JobKindOptions & {
  name: string;
  /** pt-BR, for the back office. */
  label: string;
  /** Run every this many milliseconds (once per period across servers); null: only when enqueued. */
  everyMs: number | null;
  /** Also run by every server that starts, this long after its start (0: at once) — whatever the
   * schedule's slot says: the period's run may have been taken before a crash and restart. */
  atStartMs?: readonly number[];
};

/** What each kind of job runs (models/job-handlers.server.ts). */
export type JobHandlers = Readonly<
  Record<(typeof BACKGROUND_JOBS)[number]["name"], (data: JobData) => Promise<unknown>>
>;

export const BACKGROUND_JOBS = [
  {
    name: "outbox",
    label: "Envio de e-mails (caixa de saída)",
    everyMs: 10_000,
    // Each message has its own lease (OutboxMessage.leaseUntil): a run that dies costs nothing,
    // the next tick takes over. The job's own lease only bounds one pass.
    leaseSeconds: 300,
    retryLimit: 0,
  },
  {
    // Hourly is enough for a daily job: each run does only what is due and is idempotent.
    name: "daily",
    label: "Rotina diária (vencimentos, fim de suspensões, lembretes)",
    everyMs: 3_600_000,
    leaseSeconds: 1_800,
    retryLimit: 2,
    oneAtATime: true,
  },
  {
    // Spool files, interrupted writes and orphaned objects a crash left behind
    // (storage-sweep.server.ts): at every start (what the last crash left), again once the spool's
    // grace period has passed since the start (what the crash left inside it), and hourly.
    name: "storage-sweep",
    label: "Limpeza do armazenamento (sobras de envios interrompidos)",
    everyMs: 3_600_000,
    atStartMs: [0, TEMP_GRACE_MS + 60_000],
    leaseSeconds: 1_800,
    retryLimit: 1,
    oneAtATime: true,
  },
  {
    // Enqueued by a key revocation (signing-key.server.ts), and at every start and hourly in case
    // that enqueue was lost: re-signs what a revoked key signed and is still in force, and stores
    // the PDF of a re-issued credential a crash left without one (models/credentials/reissue.server.ts).
    name: "reissue",
    label: "Reemissão das credenciais de chave revogada",
    everyMs: 3_600_000,
    atStartMs: [0],
    leaseSeconds: 1_800,
    retryLimit: 3,
    oneAtATime: true,
  },
  {
    // gov.br sign-ins in flight, held links and remembered logout tokens past their time (ADR 044).
    name: "govbr-purge",
    label: "Limpeza das entradas com gov.br vencidas",
    everyMs: 86_400_000,
    leaseSeconds: 600,
    retryLimit: 2,
    oneAtATime: true,
  },
] as const satisfies readonly BackgroundJob[];

export const backgroundJob = (name: string): BackgroundJob | undefined => BACKGROUND_JOBS.find((j) => j.name === name);

async function definedQueue(role: QueueRole = "enqueue") {
  const queue = await jobQueue(role);
  const g = globalThis as unknown as { __jobsDefined?: WeakSet<object> };
  g.__jobsDefined ??= new WeakSet();
  if (!g.__jobsDefined.has(queue)) {
    for (const job of BACKGROUND_JOBS) await queue.define(job.name, job);
    g.__jobsDefined.add(queue);
  }
  return queue;
}

/** Puts one job of a known kind in the queue. A process that never called startJobs() (a server
 * with JOBS_DISABLED, a command) gets an enqueue-only queue: no workers, no supervisor. */
export async function enqueueJob(name: string, data: JobData = {}) {
  if (!backgroundJob(name)) throw new Error(`tarefa "${name}" desconhecida`);
  return (await definedQueue()).enqueue(name, data);
}

/** Waits before the next try to start the jobs: 5 s, doubling, at most a minute. */
export const startRetryMs = (failures: number) => Math.min(60_000, 5_000 * 2 ** (failures - 1));

/** How often a worker server looks for jobs a dead worker left (ADR 052): every 15 polls (30 s). */
export const resumeEveryMs = () => Math.max(5_000, env().JOBS_POLL_SECONDS * 15_000);

let starting: { ready: Promise<void>; cancel: () => void } | null = null;
let resuming: { timer: NodeJS.Timeout; abort: AbortController; pass: Promise<void> | null } | null = null;

async function startWorkers(handlers: JobHandlers) {
  const queue = await definedQueue("work");
  for (const job of BACKGROUND_JOBS) {
    await queue.work(job.name, recorded(job.name, job.everyMs, handlers[job.name]));
    if (job.everyMs) queue.schedule(job.name, job.everyMs);
  }
  const started = Date.now();
  for (const job of BACKGROUND_JOBS as readonly BackgroundJob[])
    for (const afterMs of job.atStartMs ?? [])
      await queue.enqueue(job.name, {}, afterMs > 0 ? { startAfter: new Date(started + afterMs) } : {});
  // What a dead worker — this server before its restart, or another — was running: at once, then
  // every few polls. One look at a time.
  const abort = new AbortController();
  const look = () => {
    if (!resuming || resuming.pass || abort.signal.aborted) return;
    const state = resuming;
    state.pass = resumeInterruptedJobs(queue, abort.signal)
      .then(() => undefined)
      .catch((e) => console.error("fila de tarefas: falha ao procurar tarefas interrompidas:", e))
      .finally(() => (state.pass = null));
  };
  const timer = setInterval(look, resumeEveryMs());
  timer.unref();
  resuming = { timer, abort, pass: null };
  look();
}

async function stopResuming() {
  if (!resuming) return;
  const { timer, abort, pass } = resuming;
  resuming = null;
  clearInterval(timer);
  abort.abort();
  await pass;
}

/**
 * Starts this server's workers and schedule ticks (called by server.js once it listens). A start
 * that fails (the database not up yet, a dropped connection) is undone and tried again, until it
 * succeeds or stopJobs() is called — a server whose jobs failed once would otherwise serve pages
 * and never send a mail. Resolves once the jobs run (or were stopped before they could).
 */
export function startJobs(handlers: JobHandlers): Promise<void> {
  if (env().JOBS_DISABLED) return Promise.resolve();
  if (starting) return starting.ready;
  let cancelled = false;
  let wake = () => {};
  const ready = (async () => {
    for (let failures = 1; !cancelled; failures++) {
      try {
        await startWorkers(handlers);
        return;
      } catch (e) {
        // Whatever part of it did start (a queue, some workers) stops: the next try starts afresh.
        await stopResuming();
        await stopJobQueue(1_000).catch(() => undefined);
        if (cancelled) return;
        const waitMs = startRetryMs(failures);
        console.error(
          `Não foi possível iniciar as tarefas em segundo plano (tentativa ${failures}); nova tentativa em ${waitMs / 1000} s:`,
          e,
        );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();
  starting = {
    ready,
    cancel: () => {
      cancelled = true;
      wake();
    },
  };
  return ready;
}

/**
 * Stops taking jobs (for SIGTERM): resolves when the running ones finished, or, past
 * `timeoutMs`, once they were handed back for another server to take at once.
 */
export async function stopJobs(timeoutMs = 25_000): Promise<void> {
  if (starting) {
    starting.cancel();
    await starting.ready;
  }
  starting = null;
  await stopResuming();
  await stopJobQueue(timeoutMs);
}
