// ADR 042: a process that only enqueues (a server with JOBS_DISABLED, a command) runs no workers,
// no schedule ticks and — on PostgreSQL — no pg-boss supervisor; a worker server does. Against the
// engine DATABASE_URL selects (run the file both ways). Its own file: the supervisor check reads
// pg-boss's shared "last maintained" mark, which another file's worker queues would also set.
import { afterAll, describe, expect, it } from "vitest";
import { JOB_HANDLERS } from "~/jobs/handlers.server";
import { enqueueJob } from "~/jobs/kinds.server";
import { createPgQueue } from "~/jobs/pg-queue.server";
import type { JobQueue } from "~/jobs/queue.server";
import * as queues from "~/jobs/queue.server";
import { startJobs } from "~/jobs/start.server";
import { db } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";

const extra: JobQueue[] = [];
afterAll(async () => {
  for (const q of extra) await q.stop(1_000);
  await queues.stopJobQueue(1_000);
});

async function until(check: () => Promise<boolean> | boolean) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
}

async function jobsNamed(name: string) {
  if (isPostgres())
    return (
      (await db.$queryRawUnsafe(`SELECT state FROM pgboss.job WHERE name = $1`, name)) as Array<{ state: string }>
    ).map((r) => r.state);
  return (await db.localJob.findMany({ where: { name } })).map((r) => r.state.toLowerCase());
}

describe("a process that only enqueues", () => {
  it("with JOBS_DISABLED: enqueueJob persists the job in an enqueue-only queue, startJobs starts nothing", async () => {
    expect(process.env.JOBS_DISABLED).toBe("1");
    const before = (await jobsNamed("reissue")).length;
    startJobs(JOB_HANDLERS); // JOBS_DISABLED: returns at once
    expect(await enqueueJob("reissue")).toBeTruthy();
    const queue = await queues.jobQueue();
    expect(queue.role).toBe("enqueue");
    expect((await jobsNamed("reissue")).length).toBe(before + 1);
    // Nothing in this process works it or ticks a schedule: asking for either is refused.
    await expect(queue.work("reissue", async () => undefined)).rejects.toThrow(/fila só de envio/);
    expect(() => queue.schedule("reissue", 60_000)).toThrow(/fila só de envio/);
  });

  it("a worker asked for later replaces the enqueue-only queue, and runs what was enqueued", async () => {
    const name = `teste-papel-${Date.now()}`;
    const enqueueOnly = await queues.jobQueue();
    await enqueueOnly.define(name, { leaseSeconds: 30, retryLimit: 0 });
    await enqueueOnly.enqueue(name, { n: 1 });
    const worker = await queues.jobQueue("work");
    expect(worker).not.toBe(enqueueOnly);
    expect(worker.role).toBe("work");
    // Once a worker queue exists, an enqueue gets it too (one queue per process).
    expect(await queues.jobQueue()).toBe(worker);
    await worker.define(name, { leaseSeconds: 30, retryLimit: 0 });
    const seen: unknown[] = [];
    await worker.work(name, async (data) => {
      seen.push(data);
    });
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ n: 1 }]);
  });
});

describe.runIf(process.env.DATABASE_URL?.startsWith("postgres"))("pg-boss's supervisor", () => {
  const maintainedOn = async () =>
    ((await db.$queryRawUnsafe(`SELECT maintained_on FROM pgboss.version`)) as Array<{ maintained_on: Date | null }>)[0]
      .maintained_on;

  it("does not run in an enqueue-only process; runs in a worker process", async () => {
    await queues.jobQueue(); // pg-boss's schema exists once a queue has started
    await queues.stopJobQueue(1_000);
    await db.$executeRawUnsafe(`UPDATE pgboss.version SET maintained_on = NULL`);
    // An enqueue-only queue whose supervisor, were it started, would mark a maintenance every second.
    const sender = await createPgQueue({ role: "enqueue", maintenanceIntervalSeconds: 1 });
    extra.push(sender);
    const name = `teste-supervisor-${Date.now()}`;
    await sender.define(name, { leaseSeconds: 30, retryLimit: 0 });
    await sender.enqueue(name);
    // Three of its would-be intervals pass: no maintenance happened.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await maintainedOn()).toBeNull();
    expect(await jobsNamed(name)).toEqual(["created"]);
    // The same settings in the worker role: the supervisor marks its maintenance (the check can fail).
    const worker = await createPgQueue({ role: "work", maintenanceIntervalSeconds: 1 });
    extra.push(worker);
    await until(async () => (await maintainedOn()) !== null);
  });
});
