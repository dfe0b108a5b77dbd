import { describe, expect, it, vi } from "vitest";
import { dueReminder } from "~/domain/applications/reminders";
import { type Refusal } from "~/domain/refusal";
import { evaluateFor, getApplication, submissionBlockers } from "~/models/application.server";
import { approveAndIssue } from "~/models/approval.server";
import { changeCredentialStatus } from "~/models/credentials/status.server";
import { runDailyJobs } from "~/models/daily-jobs.server";
import { startRenewal } from "~/models/renewal.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../support/factories";
import { submittedAndAccepted } from "../../support/journey";
import { issuedMototaxi, renewalStaff, sendWhatIsAsked } from "../../support/renewal";

const staff = renewalStaff;

/** A moment inside the renewal window: 30 days before the badge's last day (ADR 028). */
const inWindow = (c: { validUntil: string }) =>
  new Date(new Date(`${c.validUntil}T12:00:00-03:00`).getTime() - 30 * 86_400_000);

describe("reminders", () => {
  it("are due at 60, 30 and 7 days and on the day, the closest one only", () => {
    expect([61, 60, 45, 30, 8, 7, 1, 0, -1].map(dueReminder)).toEqual([null, 60, 60, 30, 30, 7, 7, 0, null]);
  });

  it("are sent once even when the job runs twice", async () => {
    const { user, credentials } = await issuedMototaxi();
    const badge = credentials.find((c) => c.type === "CRACHA")!;
    const now = new Date(`${badge.validUntil}T12:00:00-03:00`);
    const in30 = new Date(now.getTime() - 30 * 86_400_000);
    await runDailyJobs(in30);
    await runDailyJobs(in30);
    const mails = await db.outboxMessage.findMany({
      where: { to: user.email, subject: { contains: "vence em 30 dias" } },
    });
    expect(mails).toHaveLength(1);
    await runDailyJobs(now);
    expect(await db.outboxMessage.count({ where: { to: user.email, subject: { contains: "vence hoje" } } })).toBe(1);
  });

  // Issue #31: the job runs hourly; at 100,000 drivers, a transaction per credential in the
  // 60-day horizon (each refused by the reminder's unique key) cost 12 s a run with nothing to send.
  it("with nothing left to send, a second run opens no transaction", async () => {
    const { user, credentials } = await issuedMototaxi();
    const badge = credentials.find((c) => c.type === "CRACHA")!;
    const in30 = new Date(new Date(`${badge.validUntil}T12:00:00-03:00`).getTime() - 30 * 86_400_000);
    await runDailyJobs(in30);
    expect(await db.outboxMessage.count({ where: { to: user.email, subject: { contains: "vence em 30 dias" } } })).toBe(
      1,
    );
    const transactions = vi.spyOn(db, "$transaction");
    try {
      expect((await runDailyJobs(in30)).reminders).toBe(0);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
  });

  it("expire credentials after their last day", async () => {
    const { credentials } = await issuedMototaxi();
    const badge = credentials.find((c) => c.type === "CRACHA")!;
    const dayAfter = new Date(new Date(`${badge.validUntil}T12:00:00-03:00`).getTime() + 86_400_000);
    await runDailyJobs(dayAfter);
    expect((await db.credential.findUniqueOrThrow({ where: { id: badge.id } })).status).toBe("EXPIRED");
  });
});

describe("renewal", () => {
  it("pre-fills everything, keeps valid accepted documents and asks only for the expired medical certificate", async () => {
    const { user, actor, credentials, applicationId, plate } = await issuedMototaxi();
    const medical = await db.document.findFirstOrThrow({ where: { applicationId, type: "ATESTADO_MEDICO" } });
    await db.document.update({ where: { id: medical.id }, data: { issueDate: "2020-01-01" } });
    const badge = credentials.find((c) => c.type === "CRACHA")!;
    const { application } = await startRenewal(badge.id, user.id, actor, inWindow(badge));
    const renewal = (await getApplication(application.id))!;
    expect(renewal.kind).toBe("RENEWAL");
    expect(renewal.draftJson).toContain(plate);
    const { result } = await evaluateFor(renewal);
    const notAccepted = result.requiredDocuments
      .filter((d) => d.status !== "ACCEPTED" && d.status !== "EXPIRING")
      .map((d) => `${d.type}:${d.status}`);
    expect(notAccepted).toEqual(["ATESTADO_MEDICO:EXPIRED"]);
    expect(submissionBlockers(result)).toEqual([expect.stringMatching(/^Documento vencido: Atestado médico/)]);
  });
});

describe("the renewal window", () => {
  it("refuses a renewal on the day of issue, saying when it opens, and starts nothing", async () => {
    const { user, actor, credentials } = await issuedMototaxi();
    const badge = credentials.find((c) => c.type === "CRACHA")!;
    const before = await db.application.count({ where: { person: { userId: user.id } } });
    const refused = (await startRenewal(badge.id, user.id, actor).catch((e: Refusal) => e)) as Refusal;
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toMatch(
      new RegExp(
        `^A renovação da credencial ${badge.serial} abre em \\d{2}/\\d{2}/\\d{4}, 60 dias antes do vencimento`,
      ),
    );
    expect(await db.application.count({ where: { person: { userId: user.id } } })).toBe(before);
  });

  it("refuses another user's credential as not found", async () => {
    const { actor, credentials } = await issuedMototaxi();
    const other = { user: await createUser({ name: "Outra Pessoa" }) };
    const badge = credentials.find((c) => c.type === "CRACHA")!;
    const refused = (await startRenewal(badge.id, other.user.id, actor, inWindow(badge)).catch(
      (e: Refusal) => e,
    )) as Refusal;
    expect(refused.kind).toBe("not-found");
  });
});

describe("approving a renewal does not lift a penalty", () => {
  async function renewalInReview() {
    const r = await issuedMototaxi();
    const badge = r.credentials.find((c) => c.type === "CRACHA")!;
    const { application } = await startRenewal(badge.id, r.user.id, r.actor, inWindow(badge));
    await sendWhatIsAsked(application.id, r.user.id, r.actor, new Date().toISOString().slice(0, 10));
    await submittedAndAccepted(application.id, r.actor, staff);
    const v = await scheduleVistoria(application.id, r.municipality.id, new Date(), "Pátio", staff);
    await recordVistoria(v.id, r.municipality.id, { failedItems: [] }, staff);
    return { ...r, badge, renewalId: application.id };
  }

  it("is refused while the credential is suspended, and goes through once it is reinstated", async () => {
    const { badge, renewalId, municipality } = await renewalInReview();
    await changeCredentialStatus(
      badge.id,
      municipality.id,
      "suspend",
      { reason: "Auto de infração", until: "2099-12-31" },
      staff,
    );
    const refused = (await approveAndIssue(renewalId, municipality.id, staff).catch((e: Refusal) => e)) as Refusal;
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toBe(
      `A credencial ${badge.serial} está suspensa até 31/12/2099: aprovar agora emitiria outra e anularia a suspensão. Aguarde o fim da suspensão ou reative a credencial antes de aprovar.`,
    );
    expect((await db.credential.findUniqueOrThrow({ where: { id: badge.id } })).status).toBe("SUSPENDED");
    expect(await db.credential.count({ where: { applicationId: renewalId } })).toBe(0);

    await changeCredentialStatus(badge.id, municipality.id, "reinstate", { reason: "Suspensão revista" }, staff);
    const renewed = await approveAndIssue(renewalId, municipality.id, staff);
    expect(renewed.length).toBeGreaterThan(0);
    expect((await db.credential.findUniqueOrThrow({ where: { id: badge.id } })).status).toBe("SUPERSEDED");
  });

  it("is refused when the credential was revoked (cassada) while the renewal waited", async () => {
    const { badge, renewalId, municipality } = await renewalInReview();
    await changeCredentialStatus(
      badge.id,
      municipality.id,
      "revoke",
      { reason: "Cassação por auto de infração" },
      staff,
    );
    const refused = (await approveAndIssue(renewalId, municipality.id, staff).catch((e: Refusal) => e)) as Refusal;
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toMatch(new RegExp(`^A credencial ${badge.serial} está .* e não pode ser renovada\\.$`));
    expect(await db.credential.count({ where: { applicationId: renewalId } })).toBe(0);
  });
});
