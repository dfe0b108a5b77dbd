// The job queue's interface, against the engine DATABASE_URL selects: pg-boss on PostgreSQL,
// the LocalJob runner on SQLite (run the file both ways). Two queue instances in one process
// stand for two servers: each job runs on one of them, once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobContext, JobData, JobQueue } from "~/jobs/queue.server";

process.env.JOBS_POLL_SECONDS = "0.5";
let db: (typeof import("~/utils/db.server"))["db"];
let isPostgres: () => boolean;
let makeQueue: () => Promise<JobQueue>;
let recorded: (typeof import("~/jobs/record.server"))["recorded"];
const queues: JobQueue[] = [];

beforeAll(async () => {
  db = (await import("~/utils/db.server")).db;
  isPostgres = (await import("~/utils/env.server")).isPostgres;
  recorded = (await import("~/jobs/record.server")).recorded;
  makeQueue = async () => {
    const q = isPostgres()
      ? await (await import("~/jobs/pg-queue.server")).createPgQueue({ role: "work" })
      : (await import("~/jobs/local-queue.server")).createLocalQueue("work");
    queues.push(q);
    return q;
  };
});
afterAll(async () => {
  for (const q of queues) await q.stop(1_000);
});

async function until(check: () => Promise<boolean> | boolean) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
}

describe("job queue", () => {
  it("runs each enqueued job once across two servers, with its data", async () => {
    const name = `teste-uma-vez-${Date.now()}`;
    const [a, b] = [await makeQueue(), await makeQueue()];
    const runs: { server: string; data: JobData; id: string }[] = [];
    for (const [server, q] of [
      ["a", a],
      ["b", b],
    ] as const) {
      await q.define(name, { leaseSeconds: 30, retryLimit: 0 });
      await q.work(name, async (data, ctx) => {
        runs.push({ server, data, id: ctx.id });
      });
    }
    for (let i = 0; i < 6; i++) expect(await a.enqueue(name, { n: i })).toBeTruthy();
    await until(() => runs.length >= 6);
    expect(runs.map((r) => r.data.n).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(runs.map((r) => r.id)).size).toBe(6);
  });

  it("gives one job per slot, whichever server asks", async () => {
    const name = `teste-slot-${Date.now()}`;
    const [a, b] = [await makeQueue(), await makeQueue()];
    await a.define(name, { leaseSeconds: 30, retryLimit: 0 });
    await b.define(name, { leaseSeconds: 30, retryLimit: 0 });
    const slot = { key: "schedule", seconds: 3600 };
    const first = await a.enqueue(name, {}, { slot });
    const second = await b.enqueue(name, {}, { slot });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
  });

  it("takes a slot as long as the longest schedule's period (govbr-purge: a day)", async () => {
    const { BACKGROUND_JOBS } = await import("~/jobs/kinds.server");
    const longest = Math.max(...BACKGROUND_JOBS.map((j) => j.everyMs ?? 0)) / 1000;
    expect(longest).toBe(86_400);
    const name = `teste-slot-longo-${Date.now()}`;
    const [a, b] = [await makeQueue(), await makeQueue()];
    await a.define(name, { leaseSeconds: 30, retryLimit: 0 });
    await b.define(name, { leaseSeconds: 30, retryLimit: 0 });
    // pg-boss refused a throttle slot longer than its archive interval (12 h by default), so the
    // daily purge was never scheduled on PostgreSQL: each tick only logged the refusal.
    expect(await a.enqueue(name, {}, { slot: { key: "schedule", seconds: longest } })).toBeTruthy();
    expect(await b.enqueue(name, {}, { slot: { key: "schedule", seconds: longest } })).toBeNull();
  });

  it("retries a failing job, then records the final failure with the e-mail masked", async () => {
    const name = `teste-falha-${Date.now()}`;
    const q = await makeQueue();
    await q.define(name, { leaseSeconds: 30, retryLimit: 1, retryDelaySeconds: 1 });
    const attempts: JobContext[] = [];
    await q.work(
      name,
      recorded(name, null, async () => {
        attempts.push({ id: "", name, attempt: attempts.length + 1, final: false });
        throw new Error("550 caixa inexistente: <maria.souza@exemplo.com.br>");
      }),
    );
    const id = await q.enqueue(name, { municipio: "x" });
    await until(async () => (await db.jobFailure.count({ where: { name, final: true } })) === 1);
    const failures = await db.jobFailure.findMany({ where: { name }, orderBy: { attempt: "asc" } });
    expect(failures.map((f) => [f.attempt, f.final, f.jobId])).toEqual([
      [1, false, id],
      [2, true, id],
    ]);
    expect(failures[1].error).toBe("550 caixa inexistente: <m***@***.br>");
    expect(failures[1].error).not.toMatch(/souza|exemplo/);
    expect(JSON.parse(failures[1].data)).toEqual({ municipio: "x" });
    const status = await db.jobStatus.findUniqueOrThrow({ where: { name } });
    expect(status).toMatchObject({ runs: 2, failures: 2, lastOk: false });
    expect(attempts).toHaveLength(2);
  });

  it("stop() waits for the running job to finish", async () => {
    const name = `teste-parada-${Date.now()}`;
    const q = await makeQueue();
    await q.define(name, { leaseSeconds: 30, retryLimit: 0 });
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((r) => (started = r));
    let finished = false;
    await q.work(name, async () => {
      started();
      await new Promise<void>((r) => (release = r));
      finished = true;
    });
    await q.enqueue(name);
    await running;
    const stopping = q.stop(20_000).then(() => finished);
    setImmediate(() => release());
    expect(await stopping).toBe(true);
  });
});

// SQLite only: on PostgreSQL the lease is pg-boss's expiration (its own tested code), and
// tests/security/outbox-lease.test.ts kills a real pg-boss worker process there.
describe.runIf(!process.env.DATABASE_URL?.startsWith("postgres"))("the SQLite runner's lease", () => {
  it("takes over a job whose worker died (lease passed) as its next attempt, and fails it when none is left", async () => {
    const name = `teste-posse-${Date.now()}`;
    const q = await makeQueue();
    await q.define(name, { leaseSeconds: 30, retryLimit: 1 });
    const past = new Date(Date.now() - 1_000);
    // As a killed process leaves them: claimed, lease over.
    const retried = await db.localJob.create({
      data: { name, state: "ACTIVE", attempts: 1, retryLimit: 1, leaseUntil: past, data: '{"k":1}' },
    });
    const exhausted = await db.localJob.create({
      data: { name, state: "ACTIVE", attempts: 2, retryLimit: 1, leaseUntil: past, data: '{"k":2}' },
    });
    const seen: [JobData, JobContext][] = [];
    await q.work(name, async (data, ctx) => {
      seen.push([data, ctx]);
    });
    await until(async () => (await db.localJob.findUniqueOrThrow({ where: { id: retried.id } })).state === "DONE");
    expect(seen).toEqual([[{ k: 1 }, { id: retried.id, name, attempt: 2, final: true }]]);
    const dead = await db.localJob.findUniqueOrThrow({ where: { id: exhausted.id } });
    expect(dead.state).toBe("FAILED");
    expect(dead.lastError).toMatch(/parou antes de terminar/);
  });

  it("release (ADR 052): hands a dead worker's attempt back at once — the next attempt, or FAILED when it was the last — and nothing else", async () => {
    const name = `teste-devolve-${Date.now()}`;
    const q = await makeQueue();
    await q.define(name, { leaseSeconds: 1_800, retryLimit: 1 });
    const leased = new Date(Date.now() + 1_800_000); // a long lease, not over
    const active = (attempts: number) =>
      db.localJob.create({ data: { name, state: "ACTIVE", attempts, retryLimit: 1, leaseUntil: leased } });
    const [first, last, other] = [await active(1), await active(2), await active(1)];
    expect(await q.release(name, first.id, 1, "interrompida")).toBe("retry");
    expect(await db.localJob.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      state: "CREATED",
      attempts: 1,
      leaseUntil: null,
      lastError: "interrompida",
    });
    expect(await q.release(name, first.id, 1, "interrompida")).toBe("gone"); // once
    expect(await q.release(name, last.id, 2, "interrompida")).toBe("failed");
    expect((await db.localJob.findUniqueOrThrow({ where: { id: last.id } })).state).toBe("FAILED");
    // Another attempt than the one that died (taken over meanwhile) is not touched.
    expect(await q.release(name, other.id, 2, "interrompida")).toBe("gone");
    expect((await db.localJob.findUniqueOrThrow({ where: { id: other.id } })).state).toBe("ACTIVE");
    // The released one runs at once as its second (and last) attempt.
    const seen: JobContext[] = [];
    await q.work(name, async (_data, ctx) => {
      seen.push(ctx);
    });
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ id: first.id, name, attempt: 2, final: true }]);
  });

  it("a job running for a minute with no run recorded (its worker died right after taking it) is handed back on the second look", async () => {
    const { resumeInterruptedJobs, UNCLAIMED_MS } = await import("~/jobs/resume.server");
    const name = `teste-sem-dono-${Date.now()}`;
    const q = await makeQueue();
    await q.define(name, { leaseSeconds: 1_800, retryLimit: 1 });
    // Taken a minute ago (its lease runs from then), and never recorded by recorded().
    const takenAt = Date.now() - UNCLAIMED_MS - 1_000;
    const lost = await db.localJob.create({
      data: { name, state: "ACTIVE", attempts: 1, retryLimit: 1, leaseUntil: new Date(takenAt + 1_800_000) },
    });
    // Taken just now: too early to tell from a run about to be recorded.
    const fresh = await db.localJob.create({
      data: { name, state: "ACTIVE", attempts: 1, retryLimit: 1, leaseUntil: new Date(Date.now() + 1_800_000) },
    });
    const mine = (r: { jobId: string }[]) => r.filter((x) => [lost.id, fresh.id].includes(x.jobId));
    expect(mine(await resumeInterruptedJobs(q))).toEqual([]);
    expect((await db.localJob.findUniqueOrThrow({ where: { id: lost.id } })).state).toBe("ACTIVE");
    expect(mine(await resumeInterruptedJobs(q))).toEqual([{ jobId: lost.id, name, attempt: 1, outcome: "retry" }]);
    expect((await db.localJob.findUniqueOrThrow({ where: { id: lost.id } })).state).toBe("CREATED");
    expect((await db.localJob.findUniqueOrThrow({ where: { id: fresh.id } })).state).toBe("ACTIVE");
    const failures = await db.jobFailure.findMany({ where: { jobId: lost.id } });
    expect(failures.map((f) => [f.attempt, f.final, f.error.startsWith("Interrompida")])).toEqual([[1, false, true]]);
  });
});
