// What /admin/tarefas shows: each run updates its kind's JobStatus, a failure leaves a JobFailure
// without personal data, and a RunningJob row names the worker so a killed run is handed back at
// once (ADR 052). Wraps the handlers; the queues know nothing of it.
import { redactPersonalData } from "~/domain/jobs/redact";
import { db } from "~/utils/db.server";
import type { JobData, JobHandler } from "./queue.server";
import { thisWorker } from "./worker.server";

export function recorded(name: string, everyMs: number | null, run: (data: JobData) => Promise<unknown>): JobHandler {
  return async (data, ctx) => {
    const startedAt = new Date();
    const nextRunAt = everyMs ? new Date(startedAt.getTime() + everyMs) : undefined;
    const running = { name, attempt: ctx.attempt, data: JSON.stringify(data), worker: thisWorker().id, startedAt };
    await db.$transaction([
      db.jobStatus.upsert({
        where: { name },
        create: { name, lastStartedAt: startedAt, runs: 1, nextRunAt },
        update: { lastStartedAt: startedAt, runs: { increment: 1 }, ...(nextRunAt ? { nextRunAt } : {}) },
      }),
      // A later attempt of the same job takes the row over from the one that died.
      db.runningJob.upsert({ where: { jobId: ctx.id }, create: { jobId: ctx.id, ...running }, update: running }),
    ]);
    try {
      const result = await run(data);
      await db.jobStatus.update({
        where: { name },
        data: { lastFinishedAt: new Date(), lastOk: true, lastError: null },
      });
      return result;
    } catch (error) {
      const message = redactPersonalData(String((error as Error)?.message ?? error) || "erro sem mensagem");
      await db.$transaction([
        db.jobStatus.update({
          where: { name },
          data: { lastFinishedAt: new Date(), lastOk: false, lastError: message, failures: { increment: 1 } },
        }),
        db.jobFailure.create({
          data: {
            name,
            jobId: ctx.id,
            data: JSON.stringify(data),
            attempt: ctx.attempt,
            error: message,
            final: ctx.final,
          },
        }),
      ]);
      throw error;
    } finally {
      await db.runningJob
        .deleteMany({ where: { jobId: ctx.id, worker: running.worker, attempt: ctx.attempt } })
        .catch((e) => console.error(`fila de tarefas: "${name}" terminou e não foi possível registrá-lo:`, e));
    }
  };
}

/** A run killed midway, as the server that handed it back records it: a failed attempt, with why. */
export async function recordInterruption(
  run: { jobId: string; name: string; attempt: number; data: string; startedAt: Date },
  final: boolean,
  message: string,
  now = new Date(),
) {
  await db.$transaction([
    db.jobStatus.upsert({
      where: { name: run.name },
      create: { name: run.name, lastStartedAt: run.startedAt, failures: 1 },
      update: { failures: { increment: 1 } },
    }),
    // The kind's last result, unless a later run (the one resumed, say) has started since.
    db.jobStatus.updateMany({
      where: { name: run.name, lastStartedAt: { lte: run.startedAt } },
      data: { lastFinishedAt: now, lastOk: false, lastError: message },
    }),
    db.jobFailure.create({
      data: { name: run.name, jobId: run.jobId, data: run.data, attempt: run.attempt, error: message, final },
    }),
  ]);
}
