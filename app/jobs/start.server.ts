// Background work (ADR 037): every server starts the same workers and schedules, and each job runs
// once across them all. Every kind is safe to run twice; a dead worker's job comes back at once (ADR 052).
import { env } from "~/utils/env.server";
import { BACKGROUND_JOBS, type BackgroundJob, definedQueue, type JobHandlers } from "./kinds.server";
import { stopJobQueue } from "./queue.server";
import { recorded } from "./record.server";
import { resumeInterruptedJobs } from "./resume.server";

/** Waits before the next try to start the jobs: 5 s, doubling, at most a minute. */
export const startRetryMs = (failures: number) => Math.min(60_000, 5_000 * 2 ** (failures - 1));

/** How often a worker server looks for jobs a dead worker left (ADR 052): every 15 polls (30 s). */
const resumeEveryMs = () => Math.max(5_000, env().JOBS_POLL_SECONDS * 15_000);

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

/** Starts this server's workers and schedules, retrying a failed start until it succeeds or
 * stopJobs() is called — else a server would serve pages and never send a mail. */
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

/** Stops taking jobs (SIGTERM): resolves when running ones finish, or past `timeoutMs` are handed back. */
export async function stopJobs(timeoutMs = 25_000): Promise<void> {
  if (starting) {
    starting.cancel();
    await starting.ready;
  }
  starting = null;
  await stopResuming();
  await stopJobQueue(timeoutMs);
}
