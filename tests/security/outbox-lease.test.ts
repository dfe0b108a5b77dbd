// "A mail claimed as SENDING by a server that dies stays SENDING forever" (issue #14): a worker
// process is killed with SIGKILL in the middle of the SMTP dialogue; its claim has a lease, and
// once the lease has passed another worker process sends the message — delivered exactly once.
// The workers are real: startJobs() in child processes, with the queue DATABASE_URL selects
// (pg-boss on PostgreSQL, the in-process runner on SQLite). Run on PostgreSQL with
// DATABASE_URL=postgresql://… (see tests/setup/test-database.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HoldingSmtp, startHoldingSmtp } from "../support/holding-smtp";

const LEASE_SECONDS = 3;
const to = `lease.${Date.now()}@exemplo.com.br`;
let smtp: HoldingSmtp;

const children: ChildProcess[] = [];
function worker(smtpUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/security/children/jobs-worker-child.ts"], {
    env: {
      ...process.env,
      JOBS_DISABLED: "0",
      SMTP_URL: smtpUrl,
      OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
      JOBS_POLL_SECONDS: "0.5",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_c, signal) => resolve(signal)));
  return { child, exited };
}

/** Waits (no time asserted: the test's own timeout bounds it) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 200));
}

let smtpUrl = "";
let db: (typeof import("~/utils/db.server"))["db"];
let flushOutbox: (typeof import("~/utils/mail.server"))["flushOutbox"];
beforeAll(async () => {
  smtp = await startHoldingSmtp(to);
  smtpUrl = smtp.url;
  // Before the app's modules read the environment (each test file runs in its own process).
  process.env.SMTP_URL = smtpUrl;
  process.env.OUTBOX_LEASE_SECONDS = String(LEASE_SECONDS);
  db = (await import("~/utils/db.server")).db;
  flushOutbox = (await import("~/utils/mail.server")).flushOutbox;
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await smtp.close();
});

describe("a worker killed mid-send", () => {
  it("leaves the message leased, and after the lease another worker sends it exactly once", async () => {
    await db.outboxMessage.create({ data: { to, subject: "Sua conta", text: "Olá.", status: "PENDING" } });

    const first = worker(smtpUrl);
    await smtp.held; // the first worker is inside the SMTP DATA of our message
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");

    const stuck = await db.outboxMessage.findFirstOrThrow({ where: { to } });
    expect(stuck).toMatchObject({ status: "SENDING", attempts: 1 });
    expect(stuck.leaseUntil).not.toBeNull();
    expect(smtp.delivered).toHaveLength(0);

    // While the lease runs nobody may take it: a flush in this process leaves it alone. (The
    // flush may send other test files' mail: the database is the run's; only ours is checked.)
    const before = new Date(stuck.leaseUntil!.getTime() - 1);
    await flushOutbox(before);
    expect(await db.outboxMessage.findFirstOrThrow({ where: { to } })).toMatchObject({
      status: "SENDING",
      attempts: 1,
    });
    expect(smtp.delivered).toHaveLength(0);

    // Another server's worker, started once the lease has passed, takes it over.
    await until(() => Date.now() > stuck.leaseUntil!.getTime());
    const second = worker(smtpUrl);
    await until(async () => (await db.outboxMessage.findFirstOrThrow({ where: { to } })).status === "SENT");
    second.child.kill("SIGKILL");
    await second.exited;

    expect(smtp.delivered).toHaveLength(1);
    expect(smtp.delivered[0]).toMatch(/Sua conta/);
    // The same Message-ID as the attempt that died: the receiving side can tell them apart.
    expect(smtp.delivered[0]).toMatch(/Message-ID: <outbox-[a-z0-9]+@localhost>/i);
    const done = await db.outboxMessage.findFirstOrThrow({ where: { to } });
    expect(done).toMatchObject({ status: "SENT", attempts: 2, leaseUntil: null });
    // And nothing sends it again.
    await flushOutbox(new Date(Date.now() + 3_600_000));
    expect(smtp.delivered).toHaveLength(1);
    expect(await db.outboxMessage.findFirstOrThrow({ where: { to } })).toMatchObject({ status: "SENT", attempts: 2 });
  }, 90_000);
});
