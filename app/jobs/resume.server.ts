// Jobs whose worker died mid-run (ADR 052): kill -9, a crash, a power cut. Before, such a job
// stayed active until its lease passed — 30 minutes for the key-revocation re-issue, with the
// credentials still on the revoked key verifying NÃO RECONHECIDO all that time. Now every worker
// server looks, when it starts and then every few polls, for RunningJob rows (written by
// recorded()) of workers its queue engine knows to be gone — PostgreSQL: the worker's presence
// session ended; SQLite: its process did — and hands each such job back to its queue at once,
// as its next attempt (or failed, when it was the last), recording the interruption for
// /admin/tarefas. A live worker's job is never touched, however long it runs: only the dead
// worker's. Each job kind is idempotent step by step, so the attempt that resumes finishes what
// the dead one left, once (a credential re-signed once, one mail, one audit event).
import { db } from "~/utils/db.server";
import type { JobQueue } from "./queue.server";
import { recordInterruption } from "./record.server";
import { thisWorker } from "./worker.server";

const INTERRUPTED =
  "Interrompida: o servidor que executava a tarefa parou no meio (queda ou kill -9); retomada em seguida";
const INTERRUPTED_LAST =
  "Interrompida na última tentativa: o servidor que executava a tarefa parou no meio (queda ou kill -9)";

/** A job held as running that no run has claimed for this long, in two looks in a row, lost its
 * worker between being taken and its run being recorded (recorded() writes the row first thing). */
export const UNCLAIMED_MS = 60_000;

export type ResumedJob = { jobId: string; name: string; attempt: number; outcome: "retry" | "failed" };

type Run = { jobId: string; name: string; attempt: number; data: string; startedAt: Date };

async function handBack(queue: JobQueue, run: Run, resumed: ResumedJob[]) {
  const outcome = await queue.release(run.name, run.jobId, run.attempt, INTERRUPTED);
  // "gone": finished after all, or another server handed it back first (and recorded it).
  if (outcome === "gone") return;
  await recordInterruption(run, outcome === "failed", outcome === "failed" ? INTERRUPTED_LAST : INTERRUPTED);
  resumed.push({ jobId: run.jobId, name: run.name, attempt: run.attempt, outcome });
  console.warn(
    `fila de tarefas: "${run.name}" (tentativa ${run.attempt}) foi interrompida com o processo que a executava; ${
      outcome === "retry" ? "retomada agora" : "sem tentativas restantes"
    }`,
  );
}

/** Per queue, the unclaimed jobs the last look saw (id → attempt). */
const suspects = new WeakMap<JobQueue, Map<string, number>>();

/** One look: hands back every job a gone worker was running. Returns what it handed back. */
export async function resumeInterruptedJobs(queue: JobQueue, signal?: AbortSignal): Promise<ResumedJob[]> {
  // The queue's running jobs before the runs: a run recorded after this read is not taken for missing.
  const active = await queue.activeJobs();
  const runs = await db.runningJob.findMany();
  const resumed: ResumedJob[] = [];

  const others = runs.filter((r) => r.worker !== thisWorker().id);
  const dead = others.length ? await queue.deadWorkers([...new Set(others.map((r) => r.worker))], signal) : new Set();
  for (const run of others) {
    if (!dead.has(run.worker) || signal?.aborted) continue;
    await handBack(queue, run, resumed);
    // The attempt it names is over either way; a new attempt has its own row (same job id, upserted).
    await db.runningJob.deleteMany({ where: { jobId: run.jobId, worker: run.worker, attempt: run.attempt } });
  }

  // Jobs running with no run recorded: their worker died in the moment between taking the job and
  // recording it (a crash while a server starts every kind at once). A run that just ended drops its
  // row a moment before the queue hears it finished, hence two looks in a row.
  const claimed = new Set(runs.map((r) => r.jobId));
  const seenBefore = suspects.get(queue) ?? new Map<string, number>();
  const seenNow = new Map<string, number>();
  for (const job of active) {
    if (signal?.aborted) break;
    if (claimed.has(job.id) || Date.now() - job.startedAt.getTime() < UNCLAIMED_MS) continue;
    if (seenBefore.get(job.id) !== job.attempt) seenNow.set(job.id, job.attempt);
    else await handBack(queue, { ...job, jobId: job.id }, resumed);
  }
  suspects.set(queue, seenNow);
  return resumed;
}
