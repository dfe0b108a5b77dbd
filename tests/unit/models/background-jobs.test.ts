// The back office's model of the background jobs: every kind listed (also one that never ran),
// runs and failures as the recording wrapper leaves them, errors shown without personal data,
// and "run again" only for a job whose retries ran out — once. SQLite and PostgreSQL.
import { afterAll, describe, expect, it } from "vitest";
import { BACKGROUND_JOBS } from "~/jobs/kinds.server";
import { jobQueue, stopJobQueue } from "~/jobs/queue.server";
import { recorded } from "~/jobs/record.server";
import { jobsOverview, retryFailedJob, retryMail, undeliveredMail } from "~/models/background-jobs.server";
import { db } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { testActor } from "../../support/factories";

afterAll(() => stopJobQueue(1_000));
const admin = { ...testActor, role: "ADMIN", municipalityId: null };

async function queued(name: string) {
  await jobQueue();
  if (isPostgres())
    return Number(
      (
        (await db.$queryRawUnsafe(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, name)) as { n: number }[]
      )[0].n,
    );
  return db.localJob.count({ where: { name } });
}

/** A failed attempt of `name`, recorded as a worker records it. */
async function failOnce(name: string, message: string, final: boolean) {
  const handler = recorded(name, 3_600_000, async () => {
    throw new Error(message);
  });
  await expect(
    handler({ lote: 7 }, { id: `job-${Date.now()}`, name, attempt: final ? 3 : 1, final }),
  ).rejects.toThrow();
  return db.jobFailure.findFirstOrThrow({ where: { name }, orderBy: { failedAt: "desc" } });
}

describe("background jobs in the back office", () => {
  it("lists every kind with its last run, next run and failures, errors masked", async () => {
    const ok = recorded("daily", 3_600_000, async () => "feito");
    await ok({}, { id: "j1", name: "daily", attempt: 1, final: false });
    await failOnce("storage-sweep", "sem acesso ao arquivo de joao.pereira@exemplo.com.br (CPF 123.456.789-09)", true);

    const view = await jobsOverview();
    expect(view.kinds.map((k) => k.name)).toEqual(BACKGROUND_JOBS.map((j) => j.name));
    const daily = view.kinds.find((k) => k.name === "daily")!;
    expect(daily).toMatchObject({ lastOk: true, label: expect.stringMatching(/Rotina diária/) });
    expect(daily.runs).toBeGreaterThanOrEqual(1);
    expect(new Date(daily.nextRunAt!).getTime() - new Date(daily.lastStartedAt!).getTime()).toBe(3_600_000);
    const sweep = view.kinds.find((k) => k.name === "storage-sweep")!;
    expect(sweep.lastOk).toBe(false);
    const failure = view.failures.find((f) => f.name === "storage-sweep")!;
    expect(failure.error).toBe("sem acesso ao arquivo de j***@***.br (CPF ***)");
    expect(JSON.stringify(view)).not.toMatch(/joao|pereira|123\.456/);
  });

  it("runs a job whose retries ran out again, once, and audits it", async () => {
    const failure = await failOnce("storage-sweep", "disco cheio", true);
    const before = await queued("storage-sweep");
    await retryFailedJob(failure.id, admin);
    expect(await queued("storage-sweep")).toBe(before + 1);
    expect((await db.jobFailure.findUniqueOrThrow({ where: { id: failure.id } })).retriedAt).not.toBeNull();
    const event = await db.auditEvent.findFirst({ where: { action: "job.retry", subjectId: failure.id } });
    expect(event?.afterJson).toMatch(/storage-sweep/);
    // A second click (or a second admin) enqueues nothing more.
    await expect(retryFailedJob(failure.id, admin)).rejects.toMatchObject({ kind: "conflict" });
    expect(await queued("storage-sweep")).toBe(before + 1);
  });

  it("refuses to run again a failure that will still be retried, or one that does not exist", async () => {
    const pending = await failOnce("daily", "tempo esgotado", false);
    await expect(retryFailedJob(pending.id, admin)).rejects.toMatchObject({ kind: "conflict" });
    await expect(retryFailedJob("c" + "x".repeat(24), admin)).rejects.toMatchObject({ kind: "not-found" });
  });

  it("lists the e-mails the SMTP server refused with the address masked, and gives a given-up one one more attempt", async () => {
    const to = `ana.lima.${Date.now()}@exemplo.com.br`;
    const failed = await db.outboxMessage.create({
      data: {
        to,
        subject: "Assunto",
        text: "x",
        status: "FAILED",
        attempts: 8,
        lastError: `550 5.1.1 <${to}>: no such user`,
      },
    });
    const retrying = await db.outboxMessage.create({
      data: { to, subject: "Assunto", text: "x", status: "PENDING", attempts: 2, lastError: "451 tente depois" },
    });
    const view = await undeliveredMail();
    const shown = view.filter((m) => m.id === failed.id || m.id === retrying.id);
    expect(shown).toHaveLength(2);
    expect(JSON.stringify(shown)).not.toMatch(/ana\.lima|exemplo/);
    expect(shown.find((m) => m.id === failed.id)).toMatchObject({
      to: "a***@***.br",
      status: "FAILED",
      error: "550 5.1.1 <a***@***.br>: no such user",
      nextAttemptAt: null,
    });

    await retryMail(failed.id, admin);
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: "PENDING" });
    expect(await db.auditEvent.count({ where: { action: "mail.retry", subjectId: failed.id } })).toBe(1);
    // Already back in the queue: a second click changes nothing; an unknown id is not found.
    await expect(retryMail(failed.id, admin)).rejects.toMatchObject({ kind: "conflict" });
    await expect(retryMail(retrying.id, admin)).rejects.toMatchObject({ kind: "conflict" });
    await expect(retryMail("c" + "y".repeat(24), admin)).rejects.toMatchObject({ kind: "not-found" });
  });
});
