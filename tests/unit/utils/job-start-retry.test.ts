// ADR 049: a server whose background jobs fail to start tries again, and a queue whose start failed
// is not kept. The queue engines are replaced by a fake whose start fails as the test says (the real
// first boot on PostgreSQL is job-queue-boot.test.ts); the clock is Vitest's.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { JobQueue, QueueRole } from "~/jobs/queue.server";

const engine = vi.hoisted(() => ({
  failuresLeft: 0,
  starts: 0,
  workers: [] as string[],
  enqueued: [] as { name: string; startAfter?: Date }[],
  scheduled: [] as { name: string; everyMs: number }[],
}));

async function start(role: QueueRole): Promise<JobQueue> {
  engine.starts++;
  if (engine.failuresLeft > 0) {
    engine.failuresLeft--;
    throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
  }
  return {
    engine: "local",
    role,
    define: async () => undefined,
    enqueue: async (name, _data, options) => {
      engine.enqueued.push({ name, startAfter: options?.startAfter });
      return "job-id";
    },
    schedule: (name, everyMs) => void engine.scheduled.push({ name, everyMs }),
    work: async (name) => {
      engine.workers.push(name);
    },
    stop: async () => undefined,
    deadWorkers: async () => new Set<string>(),
    activeJobs: async () => [],
    release: async () => "gone" as const,
  };
}
vi.mock("~/jobs/local-queue.server", () => ({ createLocalQueue: (role: QueueRole) => start(role) }));
vi.mock("~/jobs/pg-queue.server", () => ({ createPgQueue: ({ role }: { role: QueueRole }) => start(role) }));

let jobs: typeof import("~/jobs/start.server");
let kinds: typeof import("~/jobs/kinds.server");
let JOB_HANDLERS: import("~/jobs/kinds.server").JobHandlers;
let queues: typeof import("~/jobs/queue.server");
const logged: string[] = [];
beforeAll(async () => {
  process.env.JOBS_DISABLED = "0"; // before env() is first read: this file starts the jobs
  jobs = await import("~/jobs/start.server");
  kinds = await import("~/jobs/kinds.server");
  ({ JOB_HANDLERS } = await import("~/jobs/handlers.server"));
  queues = await import("~/jobs/queue.server");
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
});
afterEach(async () => {
  vi.useRealTimers();
  await jobs.stopJobs(1_000);
  Object.assign(engine, { failuresLeft: 0, starts: 0, workers: [], enqueued: [], scheduled: [] });
  logged.length = 0;
});

describe("starting the background jobs", () => {
  it("waits 5 s, doubling, at most a minute between tries", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(jobs.startRetryMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });

  it("a start that fails is logged and tried again until the jobs run", async () => {
    vi.useFakeTimers();
    engine.failuresLeft = 2;
    let running = false;
    const ready = jobs.startJobs(JOB_HANDLERS).then(() => (running = true));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(engine.starts).toBe(1);
    expect(logged).toEqual([expect.stringContaining("(tentativa 1); nova tentativa em 5 s")]);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.starts).toBe(2);
    expect(logged[1]).toContain("(tentativa 2); nova tentativa em 10 s");
    expect(running).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    await ready;
    expect(engine.starts).toBe(3);
    expect(engine.workers).toEqual(kinds.BACKGROUND_JOBS.map((j) => j.name));
    // Asking again while they run starts nothing more.
    await jobs.startJobs(JOB_HANDLERS);
    expect(engine.starts).toBe(3);
  });

  it("stopJobs() during the wait ends the tries", async () => {
    vi.useFakeTimers();
    engine.failuresLeft = 100;
    const ready = jobs.startJobs(JOB_HANDLERS);
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.starts).toBe(1);
    await jobs.stopJobs(1_000);
    await ready;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(engine.starts).toBe(1);
    expect(engine.workers).toEqual([]);
  });

  it("a queue whose start failed is not kept: the next caller starts another", async () => {
    engine.failuresLeft = 1;
    await expect(queues.jobQueue()).rejects.toThrow("ECONNREFUSED");
    const queue = await queues.jobQueue();
    expect(queue.role).toBe("enqueue");
    expect(engine.starts).toBe(2);
    expect(await kinds.enqueueJob("outbox")).toBe("job-id");
    expect(engine.starts).toBe(2);
  });

  // Issue #35: a key revocation enqueues the re-issue (signing-key.server.ts); if that enqueue is
  // lost — the queue down, the process killed right after the commit — nothing else names the job.
  // The re-issue needs no data (it looks for what a revoked key signed: credential-reissue.test.ts),
  // and every worker server enqueues it at its start and schedules it hourly.
  it("a worker enqueues the re-issue at its start and hourly, so a lost enqueue from a revocation is caught", async () => {
    const before = Date.now();
    await jobs.startJobs(JOB_HANDLERS);
    const atStart = engine.enqueued.filter((j) => j.name === "reissue");
    expect(atStart).toHaveLength(1);
    expect(atStart[0].startAfter === undefined || atStart[0].startAfter.getTime() <= before + 1_000).toBe(true);
    const hourly = engine.scheduled.find((s) => s.name === "reissue");
    expect(hourly?.everyMs).toBeLessThanOrEqual(3_600_000);
  });
});
