// Issue #29, "Renewal to the end" (ADR 057), through the models the pages call: twenty days before
// a Patrocínio crachá's last day the renewal asks again the medical certificate that runs out ten
// days later, the new crachá follows the old one, and bad starts are refused creating nothing.
import { describe, expect, it } from "vitest";
import { addDays, addDuration, addYears } from "~/domain/eligibility/calendar";
import { type Refusal } from "~/domain/refusal";
import { evaluateFor, getApplication } from "~/models/application.server";
import { approveAndIssue } from "~/models/approval.server";
import { runDailyJobs } from "~/models/daily-jobs.server";
import { startRenewal } from "~/models/renewal.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { db } from "~/utils/db.server";
import { submittedAndAccepted } from "../../support/journey";
import { issuedMototaxi, renewalStaff, sendWhatIsAsked } from "../../support/renewal";

const staff = renewalStaff;
/** Noon in Patrocínio (UTC−3) on a civil day. */
const noon = (day: string) => new Date(`${day}T12:00:00-03:00`);

async function renewedOn(day: string) {
  const r = await issuedMototaxi();
  const { application } = await startRenewal(r.badge.id, r.user.id, r.actor, noon(day));
  const asked = await sendWhatIsAsked(application.id, r.user.id, r.actor, day);
  await submittedAndAccepted(application.id, r.actor, staff);
  const v = await scheduleVistoria(application.id, r.municipality.id, noon(day), "Pátio", staff);
  await recordVistoria(v.id, r.municipality.id, { failedItems: [] }, staff, noon(day));
  return { ...r, renewalId: application.id, asked };
}

describe("a renewal twenty days before the crachá's last day", () => {
  it("asks again the medical certificate that runs out within days, and says what it carried over until when", async () => {
    const r = await issuedMototaxi();
    const day = addDays(r.badge.validUntil, -20);
    // The certificate on file ends ten days after the renewal (issued a year before that).
    const medical = await db.document.findFirstOrThrow({
      where: { applicationId: r.applicationId, type: "ATESTADO_MEDICO" },
    });
    await db.document.update({ where: { id: medical.id }, data: { issueDate: addYears(addDays(day, 10), -1) } });
    const { application } = await startRenewal(r.badge.id, r.user.id, r.actor, noon(day));
    const { result } = await evaluateFor((await getApplication(application.id))!, day);
    expect(result.renewal?.asked.map((a) => `${a.type}:${a.reason}`)).toContain("ATESTADO_MEDICO:YEARLY");
    expect(result.requiredDocuments.find((d) => d.type === "ATESTADO_MEDICO")).toMatchObject({
      status: "MISSING",
      reason: expect.stringMatching(/renovação anual/),
    });
    const rg = result.renewal?.carried.find((c) => c.type === "RG");
    expect(rg).toMatchObject({ decision: "CARRIED", until: null });
    const cnh = result.renewal?.carried.find((c) => c.type === "CNH");
    expect(cnh?.decision).toBe("CARRIED");
  });

  it("issues a crachá valid from the approval day until a year after the old one's last day; the old one is superseded", async () => {
    const probe = await issuedMototaxi();
    const day = addDays(probe.badge.validUntil, -20);
    const r = await renewedOn(day);
    // The confirmation page's preview (the same engine) shows the dates the approval issues.
    const { result } = await evaluateFor((await getApplication(r.renewalId))!, day);
    const preview = result.credentials.find((c) => c.type === "CRACHA")!;
    const renewed = await approveAndIssue(r.renewalId, r.municipality.id, staff, noon(day));
    const badge = renewed.find((c) => c.type === "CRACHA")!;
    expect({ validFrom: preview.validFrom, validUntil: preview.validUntil }).toEqual({
      validFrom: badge.validFrom,
      validUntil: badge.validUntil,
    });
    expect(badge.validFrom).toBe(day);
    expect(badge.validUntil).toBe(addDuration(r.badge.validUntil, "P1Y"));
    expect((await db.credential.findUniqueOrThrow({ where: { id: r.badge.id } })).status).toBe("SUPERSEDED");
  });

  it("counts from the approval day once the old crachá has expired", async () => {
    const probe = await issuedMototaxi();
    const day = addDays(probe.badge.validUntil, 5);
    const r = await renewedOn(day);
    const renewed = await approveAndIssue(r.renewalId, r.municipality.id, staff, noon(day));
    expect(renewed.find((c) => c.type === "CRACHA")!.validUntil).toBe(addDuration(day, "P1Y"));
  });
});

describe("bad starts create nothing", () => {
  it("refuses a second renewal, pointing to the one in progress", async () => {
    const r = await issuedMototaxi();
    const day = addDays(r.badge.validUntil, -20);
    const { application } = await startRenewal(r.badge.id, r.user.id, r.actor, noon(day));
    const before = await db.application.count({ where: { personId: application.personId } });
    const refused = (await startRenewal(r.badge.id, r.user.id, r.actor, noon(day)).catch((e: Refusal) => e)) as Refusal;
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toBe(
      `A renovação desta credencial já foi iniciada: é o requerimento ${application.number}. Continue por ele, em “Meus requerimentos”.`,
    );
    expect(await db.application.count({ where: { personId: application.personId } })).toBe(before);
  });

  it("two renewals pressed at the same instant make one application; the other is refused pointing to it", async () => {
    const r = await issuedMototaxi();
    const day = addDays(r.badge.validUntil, -20);
    const before = await db.application.count({ where: { person: { userId: r.user.id } } });
    const results = await Promise.allSettled(
      [0, 1, 2].map(() => startRenewal(r.badge.id, r.user.id, r.actor, noon(day))),
    );
    const started = results.flatMap((x) => (x.status === "fulfilled" ? [x.value.application] : []));
    expect(started).toHaveLength(1);
    for (const x of results)
      if (x.status === "rejected")
        expect((x.reason as Refusal).message).toBe(
          `A renovação desta credencial já foi iniciada: é o requerimento ${started[0].number}. Continue por ele, em “Meus requerimentos”.`,
        );
    expect(await db.application.count({ where: { person: { userId: r.user.id } } })).toBe(before + 1);
  });

  it("refuses to renew a crachá already replaced, saying which to renew", async () => {
    const probe = await issuedMototaxi();
    const day = addDays(probe.badge.validUntil, -20);
    const r = await renewedOn(day);
    await approveAndIssue(r.renewalId, r.municipality.id, staff, noon(day));
    const before = await db.application.count({ where: { person: { userId: r.user.id } } });
    const refused = (await startRenewal(r.badge.id, r.user.id, r.actor, noon(day)).catch((e: Refusal) => e)) as Refusal;
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toMatch(/substituída por outra: renove a credencial em vigor, em “Minhas credenciais”\.$/);
    expect(await db.application.count({ where: { person: { userId: r.user.id } } })).toBe(before);
  });
});

describe("reminders where no crachá is in force", () => {
  it("remind the driver of the certificate once, 30 days before its last day (Itaúna issues no crachá)", async () => {
    const r = await issuedMototaxi();
    // Only the certificate left in force, as in a city that issues no crachá.
    await db.credential.update({ where: { id: r.badge.id }, data: { status: "REVOKED" } });
    const certificate = r.credentials.find((c) => c.type === "CERTIFICADO")!;
    await runDailyJobs(noon(addDays(certificate.validUntil, -30)));
    await runDailyJobs(noon(addDays(certificate.validUntil, -30)));
    const mails = await db.outboxMessage.findMany({
      where: { to: r.user.email, subject: { contains: "vence em 30 dias" } },
    });
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Seu .* vence em 30 dias$/)]);
    expect(mails[0].text).toContain("A renovação abre 60 dias antes do vencimento");
  });
});
