import { describe, expect, it } from "vitest";
import { db } from "~/utils/db.server";
import { createInfraction } from "~/models/infraction.server";
import {
  applyDailyFine, applyRemoval, decideInfraction, infractionForDecision, listInfractions, localDateTime, notifyOffender, recordAppeal, recordDefence, recordRemedy,
} from "~/models/infraction-decision.server";
import { verifyCredentialToken } from "~/models/verification.server";
import { newClientRef } from "~/components/fiscal/auto-schema";
import { createMunicipality, createSignedCredential, createUser, testActor } from "../../support/factories";

const HOUR = 3_600_000;
const staff = { ...testActor, role: "ANALISTA" };

async function municipalityWith(rulePackId: "itauna-mg" | "jardim-ms") {
  const m = await createMunicipality(rulePackId === "itauna-mg" ? "Itaúna de Teste" : "Jardim de Teste");
  return db.municipality.update({ where: { id: m.id }, data: { rulePackId } });
}

async function holder(m: { id: string; ibgeCode: string; serialPrefix: string }) {
  const user = await createUser({ name: "Joana Teste" });
  const person = await db.person.create({ data: { userId: user.id, fullName: "Joana Teste", cpf: user.cpf } });
  const { credential, token } = await createSignedCredential(m, { holderPersonId: person.id, validFrom: "2026-01-01", validUntil: "2027-12-31" });
  return { person, credential, token };
}

async function auto(m: { id: string }, credentialId: string, code: string, at: Date) {
  const { infraction } = await createInfraction({ clientRef: newClientRef(), municipalityId: m.id, credentialId, code, place: "Praça da Matriz", occurredAt: at }, testActor, new Date(at.getTime() + HOUR));
  return infraction;
}

describe("infraction decisions: the process", () => {
  it("needs the offender notified and the defence term over (or the defence on file) before a penalty", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "DECORO", at);
    const penalty = { outcome: "PENALTY" as const, reason: "Ofendeu o passageiro, conforme o auto.", notifiedOn: "2026-06-25", penalty: { warning: true } };

    await expect(decideInfraction(i.id, m.id, penalty, staff, at)).rejects.toMatchObject({ status: 409 });
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-11", defenceDeadline: "2026-06-21" }, staff, at);
    const early = (await decideInfraction(i.id, m.id, penalty, staff, new Date("2026-06-15T12:00:00Z")).catch((r: Response) => r)) as Response;
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("21/06/2026");

    await recordDefence(i.id, m.id, { receivedOn: "2026-06-16", summary: "Nega o fato." }, staff, new Date("2026-06-16T12:00:00Z"));
    await decideInfraction(i.id, m.id, penalty, staff, new Date("2026-06-17T12:00:00Z"));
    const decided = await db.infraction.findUniqueOrThrow({ where: { id: i.id } });
    expect(decided).toMatchObject({ status: "DECIDED", decidedById: null, defenceDeadline: "2026-06-21" });
    expect(JSON.parse(decided.decisionJson!)).toMatchObject({ notifiedOn: "2026-06-11", defence: { summary: "Nega o fato." }, decision: { outcome: "PENALTY", summary: "advertência" } });
    const actions = (await db.auditEvent.findMany({ where: { subjectType: "Infraction", subjectId: i.id }, orderBy: { seq: "asc" } })).map((e) => e.action);
    expect(actions).toEqual(["infraction.create", "infraction.notify", "infraction.defence", "infraction.decide"]);
  });

  it("refuses a penalty the law does not give for the class, citing the law", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "DECORO", at);
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-10", defenceDeadline: "2026-06-12" }, staff, at);
    const later = new Date("2026-06-20T12:00:00Z");
    const tooMuch = (await decideInfraction(i.id, m.id, { outcome: "PENALTY", reason: "Reincidente contumaz, segundo o fiscal.", notifiedOn: "2026-06-20", penalty: { suspensionDays: 10 } }, staff, later).catch((r: Response) => r)) as Response;
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toMatch(/não prevê suspensão.*Lei 4\.785\/2013, art\. 24, I/);
    const fine = (await decideInfraction(i.id, m.id, { outcome: "PENALTY", reason: "Multa acima do teto da classe leve.", notifiedOn: "2026-06-20", penalty: { fine: 3 } }, staff, later).catch((r: Response) => r)) as Response;
    expect(await fine.text()).toContain("máximo de 2 UFPM");
    expect((await db.infraction.findUniqueOrThrow({ where: { id: i.id } })).status).toBe("NOTIFIED");
  });

  it("escalates a repeat within a year to the next class and applies its cassação to the credential at once", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential, token } = await holder(m);
    await auto(m, credential.id, "DECORO", new Date("2026-03-01T10:00:00Z"));
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "CADASTRO", at);

    const view = await infractionForDecision(i.id, m.id, at);
    expect(view.proposal).toMatchObject({ class: { code: "MEDIA" }, appliedClass: { code: "GRAVE" }, escalated: true, repeat: { priorDate: "2026-03-01", windowLastDay: "2027-02-28" } });
    expect(view.proposal.penalty.cassacao).toBe(true);
    expect(view.priors.map((p) => p.code)).toEqual(["DECORO"]);

    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-10", defenceDeadline: "2026-06-15" }, staff, at);
    const when = new Date("2026-06-20T12:00:00Z");
    await decideInfraction(i.id, m.id, { outcome: "PENALTY", reason: "Reincidência em menos de um ano.", notifiedOn: "2026-06-20", penalty: { cassacao: true, fine: 6 }, applyToCredential: true }, staff, when);
    const revoked = await db.credential.findUniqueOrThrow({ where: { id: credential.id } });
    expect(revoked.status).toBe("REVOKED");
    expect(revoked.statusReason).toContain(i.number);
    expect(revoked.statusCitation).toContain("Lei 4.785/2013, art. 24, parágrafo único");
    expect((await verifyCredentialToken(token, { now: when, channel: "QR", withPhoto: false })).body.verdict).toBe("REVOKED");
    // Itaúna's law sets no appeal term: none is invented.
    expect((await db.infraction.findUniqueOrThrow({ where: { id: i.id } })).appealDeadline).toBeNull();
  });

  it("suspends the credential for the days decided, through the last day", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "CADASTRO", at);
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-10", defenceDeadline: "2026-06-12" }, staff, at);
    await decideInfraction(i.id, m.id, { outcome: "PENALTY", reason: "Cadastro desatualizado.", notifiedOn: "2026-06-20", penalty: { suspensionDays: 15 } }, staff, new Date("2026-06-20T12:00:00Z"));
    expect(await db.credential.findUniqueOrThrow({ where: { id: credential.id } })).toMatchObject({ status: "SUSPENDED", suspendedUntil: "2026-07-04" });
  });

  it("tracks the appeal term of the law (Jardim: 8 days) and refuses a late appeal", async () => {
    const m = await municipalityWith("jardim-ms");
    const { credential } = await holder(m);
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "INOBSERVANCIA", at);
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-10", defenceDeadline: "2026-06-15" }, staff, at);
    await decideInfraction(i.id, m.id, { outcome: "PENALTY", reason: "Uniforme fora do padrão.", notifiedOn: "2026-06-20", penalty: { warning: true } }, staff, new Date("2026-06-20T12:00:00Z"));
    expect((await db.infraction.findUniqueOrThrow({ where: { id: i.id } })).appealDeadline).toBe("2026-06-28");
    const late = (await recordAppeal(i.id, m.id, { receivedOn: "2026-06-29", summary: "Pede reconsideração." }, staff).catch((r: Response) => r)) as Response;
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("28/06/2026");
    await recordAppeal(i.id, m.id, { receivedOn: "2026-06-28", summary: "Pede reconsideração." }, staff);
    expect((await db.infraction.findUniqueOrThrow({ where: { id: i.id } })).status).toBe("APPEALED");
  });

  it("archives an auto, which then no longer counts as a prior offence", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const first = await auto(m, credential.id, "DECORO", new Date("2026-03-01T10:00:00Z"));
    await decideInfraction(first.id, m.id, { outcome: "ARCHIVE", reason: "Auto lavrado contra a pessoa errada." }, staff);
    const i = await auto(m, credential.id, "CADASTRO", new Date("2026-06-10T14:00:00Z"));
    expect((await infractionForDecision(i.id, m.id)).proposal.escalated).toBe(false);
    const list = await listInfractions(m.id, { status: "CANCELLED" });
    expect(list.rows.map((r) => r.id)).toEqual([first.id]);
  });
});

describe("infraction decisions: Jardim's notices", () => {
  async function notice(m: { id: string }, credentialId: string, at: Date) {
    const i = await auto(m, credentialId, "INOBSERVANCIA", at);
    await notifyOffender(i.id, m.id, { notifiedOn: localDateTime(at).slice(0, 10), defenceDeadline: "2026-12-31" }, staff, at);
    await recordDefence(i.id, m.id, { receivedOn: localDateTime(at).slice(0, 10), summary: "Reconhece." }, staff, at);
    await decideInfraction(i.id, m.id, { outcome: "PENALTY", reason: "Notificação para corrigir o uniforme.", notifiedOn: localDateTime(at).slice(0, 10), penalty: { notice: true } }, staff, at);
    return i;
  }

  it("turns a notice not remedied in 72 hours into a daily fine of 60% of the minimum wage, applied and stopped by the remedy", async () => {
    const m = await municipalityWith("jardim-ms");
    const { credential } = await holder(m);
    const issued = new Date("2026-06-10T13:00:00Z"); // 10:00 in Jardim's clock (UTC−3 as São Paulo)
    const i = await notice(m, credential.id, issued);

    const inTime = await infractionForDecision(i.id, m.id, new Date(issued.getTime() + 71 * HOUR));
    expect(inTime.notice).toMatchObject({ state: "OPEN", remedyBy: "2026-06-13T10:00", fineDays: 0 });
    await expect(applyDailyFine(i.id, m.id, staff, new Date(issued.getTime() + 71 * HOUR))).rejects.toMatchObject({ status: 409 });

    const late = new Date(issued.getTime() + 73 * HOUR);
    const overdue = await infractionForDecision(i.id, m.id, late);
    expect(overdue.notice).toMatchObject({ state: "DAILY_FINE", fineDays: 1, dailyFineBrl: 910.8, totalFineBrl: 910.8, citation: "Lei 904/1997, art. 29, parágrafo único" });
    await applyDailyFine(i.id, m.id, staff, late);

    await recordRemedy(i.id, m.id, staff, new Date(issued.getTime() + 100 * HOUR));
    const after = await infractionForDecision(i.id, m.id, new Date(issued.getTime() + 300 * HOUR));
    expect(after.notice).toMatchObject({ state: "DAILY_FINE", fineDays: 2, totalFineBrl: 1821.6, remediedAt: "2026-06-14T14:00" });
    expect(after.process.dailyFine).toMatchObject({ days: 1, totalBrl: 910.8 });
    await expect(recordRemedy(i.id, m.id, staff)).rejects.toMatchObject({ status: 409 });
  });

  it("allows the driver's removal from the 3rd notice on, suspending the credential until reinstated", async () => {
    const m = await municipalityWith("jardim-ms");
    const { credential } = await holder(m);
    const first = await notice(m, credential.id, new Date("2026-06-01T13:00:00Z"));
    await expect(applyRemoval(first.id, m.id, staff)).rejects.toMatchObject({ status: 409 });
    await notice(m, credential.id, new Date("2026-06-05T13:00:00Z"));
    const third = await notice(m, credential.id, new Date("2026-06-09T13:00:00Z"));
    expect((await infractionForDecision(third.id, m.id)).removal).toMatchObject({ mayRequestRemoval: true, notices: 3, threshold: 3, citation: "Lei 904/1997, art. 27, c" });
    await applyRemoval(third.id, m.id, staff, new Date("2026-06-10T13:00:00Z"));
    expect(await db.credential.findUniqueOrThrow({ where: { id: credential.id } })).toMatchObject({ status: "SUSPENDED", suspendedUntil: null, statusCitation: "Lei 904/1997, art. 27, c" });
    await expect(applyRemoval(third.id, m.id, staff)).rejects.toMatchObject({ status: 409 });
  });

  it("offers the notice only where the law has it", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const i = await auto(m, credential.id, "DECORO", new Date("2026-06-10T14:00:00Z"));
    const view = await infractionForDecision(i.id, m.id);
    expect([view.canNotice, view.notice, view.removal, view.appealRule]).toEqual([false, null, null, null]);
  });
});
