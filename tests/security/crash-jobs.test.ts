// Issue #35 finding 4, "a crash stalls key-revocation re-issuance", and its "Done when": kill -9
// during each background job, then restart — every job completes, nothing duplicated. Before, a
// job whose worker was killed stayed active until its lease passed (30 min for the re-issue: the
// credentials left on the revoked key verified NÃO RECONHECIDO all that time), and the storage
// sweep "at start" did not run on a restart within the hour. Each case starts a real worker
// process (tests/security/children/jobs-crash-child.ts: startJobs() with the queue of the
// database, as server.js runs it), stops it at an exact point inside a job, kills it with
// SIGKILL, starts another ("the restart") and requires the job to finish within a minute —
// far inside every kind's lease — with its effects once. ADR 052. Runs on SQLite and, with
// DATABASE_URL=postgresql://…, on PostgreSQL (pg-boss).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, stat, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { JobQueue } from "~/jobs/queue.server";
import { listFiles } from "../fixtures/files/requests";
import { createMunicipality, createSignedCredential, testActor } from "../support/factories";
import { type HoldingSmtp, startHoldingSmtp } from "../support/holding-smtp";
import { eligibleMototaxiApplication, submittedAndAccepted } from "../support/journey";

/** Every kind's lease is 5 min or more (the re-issue's 30): a job resumed within this was not waiting for it. */
const RESUMED_WITHIN_MS = 60_000;
const ENV = { JOBS_DISABLED: "0", JOBS_POLL_SECONDS: "0.5" };
/** The longest a worker may take to start, reach its point or stop. */
const STEP_MS = 90_000;

let db: (typeof import("~/utils/db.server"))["db"];
let isPostgres: () => boolean;
let enqueueJob: (typeof import("~/jobs/kinds.server"))["enqueueJob"];
let dataDir: string;
const children: ChildProcess[] = [];
const queues: JobQueue[] = [];

beforeAll(async () => {
  db = (await import("~/utils/db.server")).db;
  isPostgres = (await import("~/utils/env.server")).isPostgres;
  enqueueJob = (await import("~/jobs/kinds.server")).enqueueJob;
  dataDir = process.env.DATA_DIR!;
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  for (const q of queues) await q.stop(1_000);
  await (await import("~/jobs/queue.server")).stopJobQueue(1_000);
});

/** Kills every worker a case left alive (a failed case never reaches its stop), and waits for it. */
async function killLeftWorkers() {
  await Promise.all(
    children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map((c) => {
        const gone = new Promise((resolve) => c.once("exit", resolve));
        c.kill("SIGKILL");
        return gone;
      }),
  );
}

/**
 * Each case starts from a queue with nothing due or running: the jobs the earlier cases' workers
 * enqueued at their starts (a sweep 16 minutes later, say) or handed back at their stops would be
 * taken by this case's worker, which could then be killed on a job's last attempt instead of its
 * first (on a loaded machine, seen in CI). Test set-up only: no worker is alive here.
 */
async function emptyQueue() {
  if (isPostgres()) {
    // pg-boss makes its schema when the first worker starts.
    const [{ made }] = (await db.$queryRawUnsafe(`SELECT to_regclass('pgboss.job') IS NOT NULL AS made`)) as {
      made: boolean;
    }[];
    if (made) await db.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE state < 'completed'`);
  } else await db.localJob.deleteMany({ where: { state: { in: ["CREATED", "ACTIVE"] } } });
  await db.runningJob.deleteMany();
}

type Worker = { child: ChildProcess; exited: Promise<NodeJS.Signals | null>; said: (line: string) => Promise<void> };

/** A worker process (jobs-crash-child.ts) stopping at `point`. */
function worker(point: string, env: Record<string, string> = {}): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/security/children/jobs-crash-child.ts", point], {
    env: { ...process.env, ...ENV, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_c, signal) => resolve(signal)));
  const seen = new Set<string>();
  const waiting = new Map<string, () => void>();
  createInterface({ input: child.stdout! }).on("line", (line) => {
    seen.add(line);
    waiting.get(line)?.();
  });
  const said = async (line: string) => {
    if (seen.has(line)) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        new Promise<void>((resolve) => waiting.set(line, resolve)),
        exited.then((signal) => {
          throw new Error(`the worker ended (${signal}) before saying "${line}"`);
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => void queueState().then((state) => reject(new Error(`the worker never said "${line}"; ${state}`))),
            STEP_MS,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  return { child, exited, said };
}

/** Starts a worker, waits until it stands at `point` inside a job, and kills it with SIGKILL. */
async function killAt(point: string, env: Record<string, string> = {}) {
  const w = worker(point, env);
  await w.said(`at:${point}`);
  w.child.kill("SIGKILL");
  expect(await w.exited).toBe("SIGKILL");
}

/** The restart: a new worker process running every job; stopped with SIGTERM (stopJobs) at the end. */
async function restarted(env: Record<string, string> = {}) {
  const w = worker("none", env);
  await w.said("jobs:started");
  return {
    async stop() {
      w.child.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), STEP_MS)));
      const ended = await Promise.race([w.exited, late]);
      clearTimeout(timer);
      if (ended === "late") {
        w.child.kill("SIGKILL");
        throw new Error(`the worker did not stop on SIGTERM; ${await queueState()}`);
      }
    },
  };
}

/** Waits (polling) until `check` holds, at most `withinMs`. */
async function until(what: string, check: () => Promise<boolean> | boolean, withinMs = RESUMED_WITHIN_MS) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s; ${await queueState()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** For a failure's message: the jobs not finished, and the runs recorded as in progress. */
async function queueState(): Promise<string> {
  const jobs = isPostgres()
    ? await db.$queryRawUnsafe(
        `SELECT name, id, state::text, retry_count, singleton_key, started_on, start_after FROM pgboss.job WHERE state < 'completed' ORDER BY name`,
      )
    : await db.localJob.findMany({ where: { state: { in: ["CREATED", "ACTIVE"] } }, orderBy: { name: "asc" } });
  const running = await db.runningJob.findMany();
  return `jobs not finished: ${JSON.stringify(jobs)}; runs in progress: ${JSON.stringify(running)}`;
}

/** The ids of the jobs of `name` the queue holds as running. */
async function activeJobs(name: string): Promise<string[]> {
  if (isPostgres())
    return (
      (await db.$queryRawUnsafe(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, name)) as {
        id: string;
      }[]
    ).map((r) => r.id);
  return (await db.localJob.findMany({ where: { name, state: "ACTIVE" } })).map((j) => j.id);
}

/** The queue's state of job `id`, in pg-boss's words (created, retry, active, completed, failed…). */
async function jobState(id: string): Promise<string | null> {
  if (isPostgres())
    return (
      (
        (await db.$queryRawUnsafe(`SELECT state::text AS state FROM pgboss.job WHERE id = $1::uuid`, id)) as {
          state: string;
        }[]
      )[0]?.state ?? null
    );
  const state = (await db.localJob.findUnique({ where: { id } }))?.state;
  return state === "DONE" ? "completed" : (state?.toLowerCase() ?? null);
}

/** The one job of `name` a killed worker left running, on its first attempt (so it has a retry left). */
async function theInterruptedJob(name: string) {
  const active = await activeJobs(name);
  expect(active, `one "${name}" job left running by the killed worker`).toHaveLength(1);
  expect(await attemptOf(active[0]), `the killed "${name}" job was on its first attempt`).toBe(1);
  return active[0];
}

/** How many times job `id` has been taken. */
async function attemptOf(id: string): Promise<number | null> {
  if (isPostgres()) {
    const rows = (await db.$queryRawUnsafe(`SELECT retry_count FROM pgboss.job WHERE id = $1::uuid`, id)) as {
      retry_count: number;
    }[];
    return rows[0] ? rows[0].retry_count + 1 : null;
  }
  return (await db.localJob.findUnique({ where: { id } }))?.attempts ?? null;
}

/** The interrupted job was handed back and finished: completed, its interruption recorded once. */
async function expectResumedAndDone(name: string, jobId: string) {
  await until(
    `the interrupted "${name}" job finished after the restart`,
    async () => (await jobState(jobId)) === "completed",
  );
  const failures = await db.jobFailure.findMany({ where: { jobId } });
  expect(failures.map((f) => [f.name, f.final, f.error.startsWith("Interrompida")])).toEqual([[name, false, true]]);
  expect(await db.runningJob.count({ where: { jobId } })).toBe(0);
}

/** An application approved and issued: its credentials, signed by its municipality's key. */
async function issued() {
  const { approveAndIssue } = await import("~/models/approval.server");
  const { signerFor } = await import("~/models/signing-key.server");
  const { recordVistoria, scheduleVistoria } = await import("~/models/vistoria.server");
  const staff = { ...testActor, userId: null, role: "ANALISTA" };
  const { municipality, actor, applicationId, user } = await eligibleMototaxiApplication();
  await submittedAndAccepted(applicationId, actor, staff);
  const vistoria = await scheduleVistoria(applicationId, municipality.id, new Date(), "Pátio da Prefeitura", staff);
  await recordVistoria(vistoria.id, municipality.id, { failedItems: [] }, staff);
  await signerFor(municipality.id, staff);
  await approveAndIssue(applicationId, municipality.id, staff);
  const credentials = await db.credential.findMany({ where: { applicationId }, orderBy: { serial: "asc" } });
  return { municipality, user, applicationId, credentials };
}

/** A signing key revoked as revokeKey leaves it: REVOKED, and the re-issue enqueued. */
async function revoke(kid: string) {
  await db.signingKey.updateMany({
    where: { kid },
    data: { status: "REVOKED", revokedAt: new Date(), revokedReason: "chave vazada (teste de queda)" },
  });
  await enqueueJob("reissue");
}

const storedObjects = async () =>
  (await listFiles(join(dataDir, "files"))).filter((f) => !f.split("/").pop()!.startsWith("."));

/** Everything a re-issue of these credentials writes, per credential. */
async function reissueEffects(ids: string[]) {
  const rows = await db.credential.findMany({ where: { id: { in: ids } }, orderBy: { serial: "asc" } });
  return Promise.all(
    rows.map(async (c) => ({
      serial: c.serial,
      kid: c.kid,
      token: c.token,
      pdfStorageKey: c.pdfStorageKey,
      audits: await db.auditEvent.count({ where: { action: "credential.reissue", subjectId: c.id } }),
      mails: await db.outboxMessage.count({
        where: { subject: { startsWith: "Credencial reemitida" }, text: { contains: c.serial } },
      }),
    })),
  );
}

/** Every credential re-issued exactly once: on the active key, a new token that verifies, one new
 * PDF, one audit event, one e-mail to its holder — and not one PDF more stored than credentials. */
async function expectReissuedOnce(
  before: Awaited<ReturnType<typeof issued>>["credentials"],
  revokedKid: string,
  objectsBefore: number,
) {
  const { verifyToken } = await import("~/credentials/token");
  const { resolveKey } = await import("~/models/signing-key.server");
  const after = await reissueEffects(before.map((c) => c.id));
  expect(after).toHaveLength(before.length);
  for (const [i, c] of after.entries()) {
    const old = before[i];
    expect(c.serial).toBe(old.serial);
    expect(c.kid).not.toBe(revokedKid);
    expect(c.token).not.toBe(old.token);
    expect(await verifyToken(c.token, { resolveKey, now: new Date() })).toMatchObject({ ok: true });
    expect(c.pdfStorageKey).toBeTruthy();
    expect(c.pdfStorageKey).not.toBe(old.pdfStorageKey);
    expect(c.audits, `${c.serial}: one credential.reissue event`).toBe(1);
    expect(c.mails, `${c.serial}: one e-mail`).toBe(old.holderPersonId ? 1 : 0);
  }
  expect(new Set(after.map((c) => c.pdfStorageKey)).size).toBe(after.length);
  // The old PDFs stay until the storage sweep finds them orphaned (an hour); one new PDF each.
  expect((await storedObjects()).length - objectsBefore).toBe(before.length);
}

describe(
  "kill -9 during each background job, then restart: the job completes, nothing duplicated",
  { timeout: 300_000 },
  () => {
    const to = `queda.${Date.now()}@exemplo.com.br`;
    let smtp: HoldingSmtp;
    beforeAll(async () => {
      smtp = await startHoldingSmtp(to);
    });
    afterAll(() => smtp.close());
    beforeEach(emptyQueue);
    afterEach(killLeftWorkers);

    it("mail outbox: killed mid-send, the message is sent once after its own lease, and the dead pass is handed back at once", async () => {
      const mail = { SMTP_URL: smtp.url, OUTBOX_LEASE_SECONDS: "3" };
      const message = await db.outboxMessage.create({
        data: { to, subject: "Sua conta", text: "Olá.", status: "PENDING" },
      });
      const first = worker("none", mail);
      await smtp.held; // inside the SMTP DATA of our message, never answered
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");
      const jobId = await theInterruptedJob("outbox");
      expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
        status: "SENDING",
        attempts: 1,
      });

      const server = await restarted(mail);
      // The pass has no retries (the next tick is its retry): handed back as failed, with why. The
      // queue marks it failed a moment before the server records why (resume.server.ts): wait for both.
      await until(
        "the interrupted outbox pass handed back, with why",
        async () => (await jobState(jobId)) === "failed" && (await db.jobFailure.count({ where: { jobId } })) > 0,
      );
      const failures = await db.jobFailure.findMany({ where: { jobId } });
      expect(failures.map((f) => [f.name, f.final, f.error])).toEqual([
        ["outbox", true, expect.stringMatching(/^Interrompida na última tentativa/)],
      ]);
      await until("the message sent after its lease", async () => {
        return (await db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).status === "SENT";
      });
      await server.stop();
      expect(smtp.delivered).toHaveLength(1);
      expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
        status: "SENT",
        attempts: 2,
      });
    });

    it("key-revocation re-issue: killed inside a credential's transaction, the restart re-issues the rest at once, each credential once", async () => {
      const { jobsOverview, reissueOverview } = await import("~/models/background-jobs.server");
      const { municipality, credentials } = await issued();
      const revokedKid = credentials[0].kid;
      const objectsBefore = (await storedObjects()).length;
      await revoke(revokedKid);
      const town = `${municipality.name}/${municipality.uf}`;
      const waiting = async () =>
        (await reissueOverview()).byMunicipality.find((m) => m.municipality === town)?.count ?? 0;
      expect(await waiting()).toBe(credentials.length);

      await killAt("reissue-commit");
      const jobId = await theInterruptedJob("reissue");
      // The first credential re-issued and committed; the second's transaction died uncommitted.
      const halfway = await reissueEffects(credentials.map((c) => c.id));
      expect(halfway.filter((c) => c.audits === 1 && c.kid !== revokedKid)).toHaveLength(1);
      expect(halfway.filter((c) => c.audits === 0 && c.kid === revokedKid)).toHaveLength(credentials.length - 1);
      // The back office sees what is left on the revoked key.
      expect(await waiting()).toBe(credentials.length - 1);

      const server = await restarted();
      await expectResumedAndDone("reissue", jobId);
      await server.stop();
      await expectReissuedOnce(credentials, revokedKid, objectsBefore);
      expect(await waiting()).toBe(0);
      // …and the run the crash cut short, among the failures.
      const view = await jobsOverview();
      expect(view.failures.find((f) => f.name === "reissue")?.error).toMatch(/^Interrompida: o servidor/);
      expect(view.kinds.find((k) => k.name === "reissue")?.running).toEqual([]);
    });

    it("key-revocation re-issue: killed between a credential's commit and its PDF — a live server's job is left alone, a dead one's handed back, the PDF stored once", async () => {
      const { resumeInterruptedJobs } = await import("~/jobs/resume.server");
      const { credentials } = await issued();
      const revokedKid = credentials[0].kid;
      const objectsBefore = (await storedObjects()).length;
      await revoke(revokedKid);

      // Another server's view (this test process) while the worker stands frozen, alive, mid-job.
      const other = isPostgres()
        ? await (await import("~/jobs/pg-queue.server")).createPgQueue({ role: "work", confirmGoneMs: 1_000 })
        : (await import("~/jobs/local-queue.server")).createLocalQueue("work");
      queues.push(other);
      const frozen = worker("reissue-pdf");
      await frozen.said("at:reissue-pdf");
      const jobId = await theInterruptedJob("reissue");
      expect(await resumeInterruptedJobs(other)).toEqual([]);
      expect(await jobState(jobId)).toBe("active");
      expect(await db.runningJob.count({ where: { jobId } })).toBe(1);

      frozen.child.kill("SIGKILL");
      expect(await frozen.exited).toBe("SIGKILL");
      const halfway = await reissueEffects(credentials.map((c) => c.id));
      const reissued = halfway.filter((c) => c.audits === 1 && c.kid !== revokedKid);
      expect(reissued).toHaveLength(2);
      expect(halfway.filter((c) => c.audits === 0 && c.kid === revokedKid)).toHaveLength(credentials.length - 2);
      // The second one re-signed and committed, its new PDF never stored.
      expect(reissued.filter((c) => c.pdfStorageKey === null)).toHaveLength(1);
      // Its process gone, the same look hands the job back, once.
      // (Whatever else the dead worker had running — an outbox pass, say — is handed back with it.)
      const reissues = async () => (await resumeInterruptedJobs(other)).filter((r) => r.jobId === jobId);
      expect(await reissues()).toEqual([{ jobId, name: "reissue", attempt: 1, outcome: "retry" }]);
      expect(await reissues()).toEqual([]);

      const server = await restarted();
      await expectResumedAndDone("reissue", jobId);
      await server.stop();
      await expectReissuedOnce(credentials, revokedKid, objectsBefore);
    });

    it("daily routine: killed between two reminders, the restart sends the rest, each reminder once", async () => {
      const { addDays } = await import("~/domain/eligibility/calendar");
      const { today } = await import("~/models/application.server");
      const { runDailyJobs } = await import("~/models/daily-jobs.server");
      const { municipality, user, applicationId, credentials } = await issued();
      // What earlier files left due on this worker's database is reminded first, so the routine
      // the worker runs below is killed between two reminders of this case's, not of theirs.
      await runDailyJobs();
      const date = today(new Date(), municipality.timeZone);
      // A badge 30 days from its end and every document 7 days from theirs: a reminder each.
      await db.credential.updateMany({
        where: { applicationId, type: "CRACHA" },
        data: { validUntil: addDays(date, 30) },
      });
      await db.document.updateMany({
        where: { applicationId, reviewStatus: "ACCEPTED", replacedById: null },
        data: { expiryDate: addDays(date, 7) },
      });
      const subjects = [
        ...credentials.filter((c) => c.type === "CRACHA").map((c) => c.id),
        ...(await db.document.findMany({ where: { applicationId, reviewStatus: "ACCEPTED", replacedById: null } })).map(
          (d) => d.id,
        ),
      ];
      expect(subjects.length).toBeGreaterThanOrEqual(3);
      const reminders = () => db.reminder.count({ where: { subjectId: { in: subjects } } });
      const mails = () => db.outboxMessage.count({ where: { to: user.email, subject: { contains: "vence" } } });
      await enqueueJob("daily");

      await killAt("daily");
      const jobId = await theInterruptedJob("daily");
      expect([await reminders(), await mails()]).toEqual([1, 1]);

      const server = await restarted();
      await expectResumedAndDone("daily", jobId);
      await server.stop();
      expect(await reminders()).toBe(subjects.length);
      expect(await mails()).toBe(subjects.length);
    });

    it("storage sweep: killed between the spool and the orphans, the restart removes the orphans and nothing else", async () => {
      const files = join(dataDir, "files");
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      const plant = async (path: string) => {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, "dados pessoais");
        await utimes(path, twoHoursAgo, twoHoursAgo);
        return path;
      };
      const key = () => `2020/01/${randomBytes(16).toString("hex")}`;
      const spool = await plant(join(dataDir, "tmp", "uploads", `upload-${randomBytes(12).toString("hex")}`));
      const temp = await plant(
        join(files, "2020", "01", `.${randomBytes(16).toString("hex")}.${randomBytes(6).toString("hex")}.tmp`),
      );
      const orphans = [key(), key()];
      for (const k of orphans) await plant(join(files, k));
      // An object a credential names: never removed.
      const kept = key();
      await plant(join(files, kept));
      const m = await createMunicipality();
      const { credential } = await createSignedCredential(m);
      await db.credential.update({ where: { id: credential.id }, data: { pdfStorageKey: kept } });
      const exists = (path: string) =>
        stat(path).then(
          () => true,
          () => false,
        );

      await killAt("storage-sweep");
      const jobId = await theInterruptedJob("storage-sweep");
      expect([await exists(spool), await exists(temp)]).toEqual([false, false]);
      expect(await Promise.all(orphans.map((k) => exists(join(files, k))))).toEqual([true, true]);

      const server = await restarted();
      await expectResumedAndDone("storage-sweep", jobId);
      await server.stop();
      expect(await Promise.all(orphans.map((k) => exists(join(files, k))))).toEqual([false, false]);
      expect(await exists(join(files, kept))).toBe(true);
    });

    it("storage sweep at every start: a personal document spooled by a server killed mid-upload is gone after its restart, within the hour", async () => {
      const spoolDir = join(dataDir, "tmp", "uploads");
      const before = new Set(await listFiles(spoolDir));
      // This hour's scheduled sweep has run (or runs now) in the first server; then it is killed mid-upload.
      await killAt("upload");
      const left = (await listFiles(spoolDir)).filter((f) => !before.has(f));
      expect(left).toEqual([expect.stringMatching(/^upload-[0-9a-f]{24}$/)]);
      const path = join(spoolDir, left[0]);
      // The restart comes 20 minutes later, past the spool's grace period (15 min), still in the hour.
      const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000);
      await utimes(path, twentyMinutesAgo, twentyMinutesAgo);

      const server = await restarted();
      await until("the spooled document removed by the restarted server's sweep", () =>
        stat(path).then(
          () => false,
          () => true,
        ),
      );
      await server.stop();
    });

    it("gov.br purge: killed between its two deletions, the restart finishes it", async () => {
      const past = new Date(Date.now() - 3_600_000);
      const future = new Date(Date.now() + 3_600_000);
      const login = (expiresAt: Date) => ({
        tokenHash: randomBytes(16).toString("hex"),
        state: "s",
        nonce: "n",
        codeVerifier: "v",
        expiresAt,
      });
      const token = (expiresAt: Date) => ({ jtiHash: randomBytes(16).toString("hex"), expiresAt });
      const expiredLogins = [login(past), login(past)];
      const expiredTokens = [token(past), token(past)];
      const live = { login: login(future), token: token(future) };
      await db.govbrLogin.createMany({ data: [...expiredLogins, live.login] });
      await db.govbrLogoutToken.createMany({ data: [...expiredTokens, live.token] });
      const logins = () => db.govbrLogin.count({ where: { tokenHash: { in: expiredLogins.map((l) => l.tokenHash) } } });
      const tokens = () =>
        db.govbrLogoutToken.count({ where: { jtiHash: { in: expiredTokens.map((t) => t.jtiHash) } } });
      await enqueueJob("govbr-purge");

      await killAt("govbr-purge");
      const jobId = await theInterruptedJob("govbr-purge");
      expect([await logins(), await tokens()]).toEqual([0, 2]);

      const server = await restarted();
      await expectResumedAndDone("govbr-purge", jobId);
      await server.stop();
      expect(await tokens()).toBe(0);
      expect(await db.govbrLogin.count({ where: { tokenHash: live.login.tokenHash } })).toBe(1);
      expect(await db.govbrLogoutToken.count({ where: { jtiHash: live.token.jtiHash } })).toBe(1);
    });
  },
);
