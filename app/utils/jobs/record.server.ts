// What the back office shows of the jobs (/admin/tarefas): every run, on any server and with
// either queue, updates its kind's JobStatus row, and a failed attempt leaves a JobFailure with
// its error stripped of personal data. The queues know nothing of this: it wraps the handlers.
import { db } from "../db.server";
import { redactPersonalData } from "~/domain/jobs/redact";
import type { JobData, JobHandler } from "./queue.server";

export function recorded(name: string, everyMs: number | null, run: (data: JobData) => Promise<unknown>): JobHandler {
  return async (data, ctx) => {
    const startedAt = new Date();
    const nextRunAt = everyMs ? new Date(startedAt.getTime() + everyMs) : undefined;
    await db.jobStatus.upsert({
      where: { name },
      create: { name, lastStartedAt: startedAt, runs: 1, nextRunAt },
      update: { lastStartedAt: startedAt, runs: { increment: 1 }, ...(nextRunAt ? { nextRunAt } : {}) },
    });
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
    }
  };
}
