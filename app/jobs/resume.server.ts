// Jobs whose worker died mid-run are handed back at once, not after their lease (ADR 052: 30 min
// of credentials on a revoked key verifying NÃO RECONHECIDO). Only a worker the engine knows is
// gone; a live one's job is never touched. Each kind is idempotent step by step, so the resumed
// attempt finishes the dead one's work once.
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

type ResumedJob = { jobId: string; name: string; attempt: number; outcome: "retry" | "failed" };

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

  // Jobs running with no run recorded: their worker died between taking and recording them. A run
  // that just ended drops its row a moment before the queue hears of it, hence two looks in a row.
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
