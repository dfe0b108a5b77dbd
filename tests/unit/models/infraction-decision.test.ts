import { describe, expect, it } from "vitest";
import { newClientRef } from "~/components/fiscal/infraction-input";
import { type ChosenPenalty, parseProcess } from "~/domain/infractions";
import { Refusal } from "~/domain/refusal";
import { localDateTime } from "~/domain/time";
import { changeCredentialStatus } from "~/models/credentials/status.server";
import { statusListFor } from "~/models/credentials/status-list.server";
import { createInfraction } from "~/models/infraction.server";
import { type AppealOutcome, ruleOnAppeal } from "~/models/infraction-appeal.server";
import { decideInfraction, notifyOffender, recordAppeal, recordDefence } from "~/models/infraction-decision.server";
import { applyDailyFine, applyRemoval, recordRemedy } from "~/models/infraction-enforcement.server";
import { infractionForDecision, listInfractions } from "~/models/infraction-review.server";
import { verifyCredentialToken } from "~/models/verification.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createSignedCredential, createUser, testActor } from "../../support/factories";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const staff = { ...testActor, role: "ANALISTA" };

async function municipalityWith(rulePackId: "itauna-mg" | "jardim-ms") {
  const m = await createMunicipality(rulePackId === "itauna-mg" ? "Itaúna de Teste" : "Jardim de Teste");
  // Jardim is in MS, on America/Campo_Grande (UTC−4): its civil time is not São Paulo's.
  const where = rulePackId === "jardim-ms" ? { uf: "MS", timeZone: "America/Campo_Grande" } : {};
  return db.municipality.update({ where: { id: m.id }, data: { rulePackId, ...where } });
}

async function holder(m: { id: string; ibgeCode: string; serialPrefix: string }) {
  const user = await createUser({ name: "Joana Teste" });
  const person = await db.person.create({ data: { userId: user.id, fullName: "Joana Teste", cpf: user.cpf } });
  const { credential, token } = await createSignedCredential(m, {
    holderPersonId: person.id,
    validFrom: "2026-01-01",
    validUntil: "2027-12-31",
  });
  return { person, credential, token };
}

async function auto(m: { id: string }, credentialId: string, code: string, at: Date) {
  const { infraction } = await createInfraction(
    { clientRef: newClientRef(), municipalityId: m.id, credentialId, code, place: "Praça da Matriz", occurredAt: at },
    testActor,
    new Date(at.getTime() + HOUR),
  );
  return infraction;
}

describe("infraction decisions: the process", () => {
  it("needs the offender notified and the defence term over (or the defence on file) before a penalty", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "DECORO", at);
    const penalty = {
      outcome: "PENALTY" as const,
      reason: "Ofendeu o passageiro, conforme o auto.",
      notifiedOn: "2026-06-25",
      penalty: { warning: true },
    };

    await expect(decideInfraction(i.id, m.id, penalty, staff, at)).rejects.toMatchObject({ kind: "conflict" });
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-11", defenceDeadline: "2026-06-21" }, staff, at);
    const early = (await decideInfraction(i.id, m.id, penalty, staff, new Date("2026-06-15T12:00:00Z")).catch(
      (r: Refusal) => r,
    )) as Refusal;
    expect(early.kind).toBe("conflict");
    expect(early.message).toContain("21/06/2026");

    await recordDefence(
      i.id,
      m.id,
      { receivedOn: "2026-06-16", summary: "Nega o fato." },
      staff,
      new Date("2026-06-16T12:00:00Z"),
    );
    await decideInfraction(i.id, m.id, penalty, staff, new Date("2026-06-17T12:00:00Z"));
    const decided = await db.infraction.findUniqueOrThrow({ where: { id: i.id } });
    expect(decided).toMatchObject({ status: "DECIDED", decidedById: null, defenceDeadline: "2026-06-21" });
    expect(JSON.parse(decided.decisionJson!)).toMatchObject({
      notifiedOn: "2026-06-11",
      defence: { summary: "Nega o fato." },
      decision: { outcome: "PENALTY", summary: "advertência" },
    });
    const actions = (
      await db.auditEvent.findMany({ where: { subjectType: "Infraction", subjectId: i.id }, orderBy: { seq: "asc" } })
    ).map((e) => e.action);
    expect(actions).toEqual(["infraction.create", "infraction.notify", "infraction.defence", "infraction.decide"]);
  });

  it("keeps the first defence and refuses a second one posted for the same auto", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "DECORO", at);
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-11", defenceDeadline: "2026-06-21" }, staff, at);
    const on = new Date("2026-06-16T12:00:00Z");
    await recordDefence(i.id, m.id, { receivedOn: "2026-06-16", summary: "Nega o fato." }, staff, on);

    const again = (await recordDefence(
      i.id,
      m.id,
      { receivedOn: "2026-06-17", summary: "Outra versão." },
      staff,
      new Date("2026-06-17T12:00:00Z"),
    ).catch((r: unknown) => r)) as Refusal;
    expect(again).toBeInstanceOf(Refusal);
    expect(again.kind).toBe("conflict");
    expect(again.message).toContain("16/06/2026");
    const row = await db.infraction.findUniqueOrThrow({ where: { id: i.id } });
    expect(row.status).toBe("NOTIFIED");
    expect(parseProcess(row.decisionJson).defence).toEqual({ receivedOn: "2026-06-16", summary: "Nega o fato." });
    const defences = await db.auditEvent.count({
      where: { subjectType: "Infraction", subjectId: i.id, action: "infraction.defence" },
    });
    expect(defences).toBe(1);
  });

  it("refuses a penalty the law does not give for the class, citing the law", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "DECORO", at);
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-10", defenceDeadline: "2026-06-12" }, staff, at);
    const later = new Date("2026-06-20T12:00:00Z");
    const tooMuch = (await decideInfraction(
      i.id,
      m.id,
      {
        outcome: "PENALTY",
        reason: "Reincidente contumaz, segundo o fiscal.",
        notifiedOn: "2026-06-20",
        penalty: { suspensionDays: 10 },
      },
      staff,
      later,
    ).catch((r: Refusal) => r)) as Refusal;
    expect(tooMuch.kind).toBe("invalid");
    expect(tooMuch.message).toMatch(/não prevê suspensão.*Lei 4\.785\/2013, art\. 24, I/);
    const fine = (await decideInfraction(
      i.id,
      m.id,
      {
        outcome: "PENALTY",
        reason: "Multa acima do teto da classe leve.",
        notifiedOn: "2026-06-20",
        penalty: { fine: 3 },
      },
      staff,
      later,
    ).catch((r: Refusal) => r)) as Refusal;
    expect(fine.message).toContain("máximo de 2 UFPM");
    expect((await db.infraction.findUniqueOrThrow({ where: { id: i.id } })).status).toBe("NOTIFIED");
  });

  it("escalates a repeat within a year to the next class and applies its cassação to the credential at once", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential, token } = await holder(m);
    await auto(m, credential.id, "DECORO", new Date("2026-03-01T10:00:00Z"));
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "CADASTRO", at);

    const view = await infractionForDecision(i.id, m.id, at);
    expect(view.proposal).toMatchObject({
      class: { code: "MEDIA" },
      appliedClass: { code: "GRAVE" },
      escalated: true,
      repeat: { priorDate: "2026-03-01", windowLastDay: "2027-02-28" },
    });
    expect(view.proposal.penalty.cassacao).toBe(true);
    expect(view.priors.map((p) => p.code)).toEqual(["DECORO"]);

    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-10", defenceDeadline: "2026-06-15" }, staff, at);
    const when = new Date("2026-06-20T12:00:00Z");
    await decideInfraction(
      i.id,
      m.id,
      {
        outcome: "PENALTY",
        reason: "Reincidência em menos de um ano.",
        notifiedOn: "2026-06-20",
        penalty: { cassacao: true, fine: 6 },
        applyToCredential: true,
      },
      staff,
      when,
    );
    const revoked = await db.credential.findUniqueOrThrow({ where: { id: credential.id } });
    expect(revoked.status).toBe("REVOKED");
    expect(revoked.statusReason).toContain(i.number);
    expect(revoked.statusCitation).toContain("Lei 4.785/2013, art. 24, parágrafo único");
    expect((await verifyCredentialToken(token, { now: when, channel: "QR", withPhoto: false })).body.verdict).toBe(
      "REVOKED",
    );
    // Itaúna's law sets no appeal term: none is invented.
    expect((await db.infraction.findUniqueOrThrow({ where: { id: i.id } })).appealDeadline).toBeNull();
  });

  it("suspends the credential for the days decided, through the last day", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "CADASTRO", at);
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-10", defenceDeadline: "2026-06-12" }, staff, at);
    const decidedAt = new Date("2026-06-20T12:00:00Z");
    const listBefore = await statusListFor(m.ibgeCode, decidedAt);
    await decideInfraction(
      i.id,
      m.id,
      {
        outcome: "PENALTY",
        reason: "Cadastro desatualizado.",
        notifiedOn: "2026-06-20",
        penalty: { suspensionDays: 15 },
      },
      staff,
      decidedAt,
    );
    expect(await db.credential.findUniqueOrThrow({ where: { id: credential.id } })).toMatchObject({
      status: "SUSPENDED",
      suspendedUntil: "2026-07-04",
    });
    // The offline status list is signed again at once, not after its one-minute cache.
    expect((await statusListFor(m.ibgeCode, new Date(decidedAt.getTime() + 1000)))!.jws).not.toBe(listBefore!.jws);
  });

  it("tracks the appeal term of the law (Jardim: 8 days) and refuses a late appeal", async () => {
    const m = await municipalityWith("jardim-ms");
    const { credential } = await holder(m);
    const at = new Date("2026-06-10T14:00:00Z");
    const i = await auto(m, credential.id, "INOBSERVANCIA", at);
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-10", defenceDeadline: "2026-06-15" }, staff, at);
    await decideInfraction(
      i.id,
      m.id,
      { outcome: "PENALTY", reason: "Uniforme fora do padrão.", notifiedOn: "2026-06-20", penalty: { warning: true } },
      staff,
      new Date("2026-06-20T12:00:00Z"),
    );
    expect((await db.infraction.findUniqueOrThrow({ where: { id: i.id } })).appealDeadline).toBe("2026-06-28");
    const late = (await recordAppeal(
      i.id,
      m.id,
      { receivedOn: "2026-06-29", summary: "Pede reconsideração." },
      staff,
    ).catch((r: Refusal) => r)) as Refusal;
    expect(late.kind).toBe("conflict");
    expect(late.message).toContain("28/06/2026");
    await recordAppeal(i.id, m.id, { receivedOn: "2026-06-28", summary: "Pede reconsideração." }, staff);
    expect((await db.infraction.findUniqueOrThrow({ where: { id: i.id } })).status).toBe("APPEALED");
  });

  it("archives an auto, which then no longer counts as a prior offence", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const first = await auto(m, credential.id, "DECORO", new Date("2026-03-01T10:00:00Z"));
    await decideInfraction(
      first.id,
      m.id,
      { outcome: "ARCHIVE", reason: "Auto lavrado contra a pessoa errada." },
      staff,
    );
    const i = await auto(m, credential.id, "CADASTRO", new Date("2026-06-10T14:00:00Z"));
    expect((await infractionForDecision(i.id, m.id)).proposal.escalated).toBe(false);
    const list = await listInfractions(m.id, { status: "CANCELLED" });
    expect(list.rows.map((r) => r.id)).toEqual([first.id]);
  });
});

describe("infraction decisions: Jardim's notices", () => {
  async function notice(m: { id: string; timeZone: string }, credentialId: string, at: Date) {
    const i = await auto(m, credentialId, "INOBSERVANCIA", at);
    const on = localDateTime(at, m.timeZone).slice(0, 10);
    await notifyOffender(i.id, m.id, { notifiedOn: on, defenceDeadline: "2026-12-31" }, staff, at);
    await recordDefence(i.id, m.id, { receivedOn: on, summary: "Reconhece." }, staff, at);
    await decideInfraction(
      i.id,
      m.id,
      {
        outcome: "PENALTY",
        reason: "Notificação para corrigir o uniforme.",
        notifiedOn: on,
        penalty: { notice: true },
      },
      staff,
      at,
    );
    return i;
  }

  it("turns a notice not remedied in 72 hours into a daily fine of 60% of the minimum wage, applied and stopped by the remedy", async () => {
    const m = await municipalityWith("jardim-ms");
    const { credential } = await holder(m);
    const issued = new Date("2026-06-10T13:00:00Z"); // 09:00 on Jardim's clock (UTC−4)
    const i = await notice(m, credential.id, issued);

    const inTime = await infractionForDecision(i.id, m.id, new Date(issued.getTime() + 71 * HOUR));
    expect(inTime.notice).toMatchObject({ state: "OPEN", remedyBy: "2026-06-13T09:00", fineDays: 0 });
    await expect(applyDailyFine(i.id, m.id, staff, new Date(issued.getTime() + 71 * HOUR))).rejects.toMatchObject({
      kind: "conflict",
    });

    const late = new Date(issued.getTime() + 73 * HOUR);
    const overdue = await infractionForDecision(i.id, m.id, late);
    expect(overdue.notice).toMatchObject({
      state: "DAILY_FINE",
      fineDays: 1,
      dailyFineBrl: 910.8,
      totalFineBrl: 910.8,
      citation: "Lei 904/1997, art. 29, parágrafo único",
    });
    await applyDailyFine(i.id, m.id, staff, late);

    await recordRemedy(i.id, m.id, staff, new Date(issued.getTime() + 100 * HOUR));
    const after = await infractionForDecision(i.id, m.id, new Date(issued.getTime() + 300 * HOUR));
    expect(after.notice).toMatchObject({
      state: "DAILY_FINE",
      fineDays: 2,
      totalFineBrl: 1821.6,
      remediedAt: "2026-06-14T13:00",
    });
    expect(after.process.dailyFine).toMatchObject({ days: 1, totalBrl: 910.8 });
    await expect(recordRemedy(i.id, m.id, staff)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("runs the 72 hours on Jardim's clock: issued at 23:30 there (already 00:30 of the next day in São Paulo)", async () => {
    const m = await municipalityWith("jardim-ms");
    const { credential } = await holder(m);
    const issued = new Date("2026-06-11T03:30:00Z"); // 10/06 23:30 in Jardim, 11/06 00:30 in São Paulo
    const i = await notice(m, credential.id, issued);
    expect(parseProcess((await db.infraction.findUniqueOrThrow({ where: { id: i.id } })).decisionJson).notice).toEqual({
      issuedAt: "2026-06-10T23:30",
    });
    const view = await infractionForDecision(i.id, m.id, new Date(issued.getTime() + 71 * HOUR));
    expect(view.notice).toMatchObject({ state: "OPEN", remedyBy: "2026-06-13T23:30" });
    expect(view.today).toBe("2026-06-13"); // 14/06 02:30 UTC: still the 13th in Jardim
    expect((await infractionForDecision(i.id, m.id, new Date(issued.getTime() + 73 * HOUR))).notice).toMatchObject({
      state: "DAILY_FINE",
    });
  });

  it("allows the driver's removal from the 3rd notice on, suspending the credential until reinstated", async () => {
    const m = await municipalityWith("jardim-ms");
    const { credential } = await holder(m);
    const first = await notice(m, credential.id, new Date("2026-06-01T13:00:00Z"));
    await expect(applyRemoval(first.id, m.id, staff)).rejects.toMatchObject({ kind: "conflict" });
    await notice(m, credential.id, new Date("2026-06-05T13:00:00Z"));
    const third = await notice(m, credential.id, new Date("2026-06-09T13:00:00Z"));
    expect((await infractionForDecision(third.id, m.id)).removal).toMatchObject({
      mayRequestRemoval: true,
      notices: 3,
      threshold: 3,
      citation: "Lei 904/1997, art. 27, c",
    });
    await applyRemoval(third.id, m.id, staff, new Date("2026-06-10T13:00:00Z"));
    expect(await db.credential.findUniqueOrThrow({ where: { id: credential.id } })).toMatchObject({
      status: "SUSPENDED",
      suspendedUntil: null,
      statusCitation: "Lei 904/1997, art. 27, c",
    });
    await expect(applyRemoval(third.id, m.id, staff)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("offers the notice only where the law has it", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const i = await auto(m, credential.id, "DECORO", new Date("2026-06-10T14:00:00Z"));
    const view = await infractionForDecision(i.id, m.id);
    expect([view.canNotice, view.notice, view.removal, view.appealRule]).toEqual([false, null, null, null]);
  });
});

describe("infraction decisions: the ruling on the appeal", () => {
  const day = (d: Date) => localDateTime(d, "America/Sao_Paulo").slice(0, 10); // these autos are Itaúna's (MG)

  /** An auto taken through notice, decision (5 days after `at`) and appeal (the day after). */
  async function appealed(m: { id: string }, credentialId: string, code: string, at: Date, penalty: ChosenPenalty) {
    const i = await auto(m, credentialId, code, at);
    await notifyOffender(
      i.id,
      m.id,
      { notifiedOn: day(at), defenceDeadline: day(new Date(at.getTime() + 2 * DAY)) },
      staff,
      at,
    );
    const decidedAt = new Date(at.getTime() + 5 * DAY);
    await decideInfraction(
      i.id,
      m.id,
      {
        outcome: "PENALTY",
        reason: "Infração comprovada pelo auto e pelas fotos.",
        notifiedOn: day(decidedAt),
        penalty,
        applyToCredential: true,
      },
      staff,
      decidedAt,
    );
    const appealAt = new Date(decidedAt.getTime() + DAY);
    await recordAppeal(
      i.id,
      m.id,
      { receivedOn: day(appealAt), summary: "Pede a anulação da penalidade." },
      staff,
      appealAt,
    );
    return { ...i, decidedAt, appealedOn: day(appealAt) };
  }
  const row = (id: string) => db.infraction.findUniqueOrThrow({ where: { id } });
  const credentialOf = (id: string) => db.credential.findUniqueOrThrow({ where: { id } });

  /** Itaúna: a warning (March), appealed and ruled on; then a later auto (June, within the repeat year) and its proposal. */
  async function ruledWarningThenAnother(outcome: AppealOutcome, reason: string) {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const first = await appealed(m, credential.id, "DECORO", new Date("2026-03-01T14:00:00Z"), { warning: true });
    await ruleOnAppeal(
      first.id,
      m.id,
      { outcome, reason, decidedOn: "2026-03-10" },
      staff,
      new Date("2026-03-10T14:00:00Z"),
    );
    const ruled = await row(first.id);
    const later = await auto(m, credential.id, "CADASTRO", new Date("2026-06-10T14:00:00Z"));
    return {
      m,
      credential,
      first,
      ruled,
      view: await infractionForDecision(later.id, m.id, new Date("2026-06-10T15:00:00Z")),
    };
  }

  it("denies the appeal: the penalty is final and still escalates a later offence", async () => {
    const { m, first, ruled, view } = await ruledWarningThenAnother("DENIED", "O recurso não traz fato novo.");
    expect(ruled.status).toBe("FINAL");
    expect(parseProcess(ruled.decisionJson)).toMatchObject({
      decision: { summary: "advertência" },
      appealRuling: { outcome: "DENIED", reason: "O recurso não traz fato novo.", decidedOn: "2026-03-10" },
    });
    // A second appeal against a final penalty is refused.
    await expect(
      recordAppeal(first.id, m.id, { receivedOn: "2026-03-11", summary: "Insiste." }, staff),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(view.proposal).toMatchObject({
      class: { code: "MEDIA" },
      appliedClass: { code: "GRAVE" },
      escalated: true,
      repeat: { priorDate: "2026-03-01" },
    });
    expect(view.priors.map((p) => p.id)).toEqual([first.id]);
    expect((await listInfractions(m.id, { status: "FINAL" })).rows.map((r) => r.id)).toEqual([first.id]);
  });

  it("grants the appeal: the auto is cancelled and no longer counts as a prior offence", async () => {
    const { credential, ruled, view } = await ruledWarningThenAnother(
      "GRANTED",
      "O auto foi lavrado contra a pessoa errada.",
    );
    expect(ruled.status).toBe("CANCELLED");
    const ruling = parseProcess(ruled.decisionJson).appealRuling;
    expect(ruling).toMatchObject({ outcome: "GRANTED", decidedOn: "2026-03-10" });
    // A warning never touched the credential: there is nothing to undo and nothing said about it.
    expect(ruling?.credential).toBeUndefined();
    expect((await credentialOf(credential.id)).status).toBe("ACTIVE");
    expect(view.proposal.escalated).toBe(false);
    expect(view.priors).toEqual([]);
  });

  it("writes the ruling to the audit trail, after the appeal", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const i = await appealed(m, credential.id, "DECORO", new Date("2026-06-01T14:00:00Z"), { warning: true });
    const at = new Date("2026-06-12T14:00:00Z");
    await ruleOnAppeal(
      i.id,
      m.id,
      { outcome: "DENIED", reason: "  Fundamentação suficiente do auto.  ", decidedOn: "2026-06-12" },
      staff,
      at,
    );
    const events = await db.auditEvent.findMany({
      where: { subjectType: "Infraction", subjectId: i.id },
      orderBy: { seq: "asc" },
    });
    expect(events.map((e) => e.action)).toEqual([
      "infraction.create",
      "infraction.notify",
      "infraction.decide",
      "infraction.appeal",
      "infraction.appeal_ruling",
    ]);
    const last = events.at(-1)!;
    expect(last.municipalityId).toBe(m.id);
    expect(last.at.toISOString()).toBe(at.toISOString());
    expect(JSON.parse(last.beforeJson!)).toEqual({ status: "APPEALED" });
    expect(JSON.parse(last.afterJson!)).toEqual({
      status: "FINAL",
      outcome: "DENIED",
      decidedOn: "2026-06-12",
      reason: "Fundamentação suficiente do auto.",
    });
  });

  it("refuses to rule (409) unless the auto is under appeal", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const at = new Date("2026-06-01T14:00:00Z");
    const i = await auto(m, credential.id, "DECORO", at);
    const ruling = { outcome: "GRANTED" as const, reason: "Recurso procedente.", decidedOn: "2026-06-01" };
    await expect(ruleOnAppeal(i.id, m.id, ruling, staff, at)).rejects.toMatchObject({ kind: "conflict" });
    await notifyOffender(i.id, m.id, { notifiedOn: "2026-06-01", defenceDeadline: "2026-06-03" }, staff, at);
    const decidedAt = new Date("2026-06-06T14:00:00Z");
    await decideInfraction(
      i.id,
      m.id,
      { outcome: "PENALTY", reason: "Infração comprovada.", notifiedOn: "2026-06-06", penalty: { warning: true } },
      staff,
      decidedAt,
    );
    // Decided, but nobody appealed: there is nothing to rule on.
    await expect(
      ruleOnAppeal(i.id, m.id, { ...ruling, decidedOn: "2026-06-06" }, staff, decidedAt),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect((await row(i.id)).status).toBe("DECIDED");
    await recordAppeal(i.id, m.id, { receivedOn: "2026-06-07", summary: "Pede a anulação." }, staff, decidedAt);
    await ruleOnAppeal(i.id, m.id, { ...ruling, decidedOn: "2026-06-08" }, staff, new Date("2026-06-08T14:00:00Z"));
    // Already ruled: a second ruling is refused and changes nothing.
    await expect(
      ruleOnAppeal(
        i.id,
        m.id,
        { ...ruling, outcome: "DENIED", decidedOn: "2026-06-09" },
        staff,
        new Date("2026-06-09T14:00:00Z"),
      ),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(await row(i.id)).toMatchObject({ status: "CANCELLED" });
  });

  it("checks the ruling's date: a real date, not in the future, not before the appeal was received", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const i = await appealed(m, credential.id, "DECORO", new Date("2026-06-01T14:00:00Z"), { warning: true });
    expect(i.appealedOn).toBe("2026-06-07");
    const now = new Date("2026-06-10T14:00:00Z");
    const attempt = async (decidedOn: string, reason = "Recurso improcedente.") =>
      (await ruleOnAppeal(i.id, m.id, { outcome: "DENIED", reason, decidedOn }, staff, now).then(
        () => null,
        (r: Refusal) => r,
      ))!;

    const future = await attempt("2026-06-11");
    expect(future.kind).toBe("invalid");
    expect(future.message).toContain("futuro");
    const early = await attempt("2026-06-06");
    expect(early.kind).toBe("invalid");
    expect(early.message).toContain("07/06/2026");
    expect((await attempt("2026-02-30")).kind).toBe("invalid");
    expect((await attempt("2026-06-10", "   ")).kind).toBe("invalid");
    expect(await row(i.id)).toMatchObject({ status: "APPEALED" });
    expect(await db.auditEvent.count({ where: { subjectId: i.id, action: "infraction.appeal_ruling" } })).toBe(0);

    // The day the appeal arrived and today are both accepted.
    await ruleOnAppeal(
      i.id,
      m.id,
      { outcome: "DENIED", reason: "Recurso improcedente.", decidedOn: "2026-06-07" },
      staff,
      now,
    );
    expect((await row(i.id)).status).toBe("FINAL");
  });

  it("grants the appeal and reinstates the credential this decision suspended, in the same step", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential, token } = await holder(m);
    const i = await appealed(m, credential.id, "CADASTRO", new Date("2026-06-01T14:00:00Z"), { suspensionDays: 15 });
    expect(await credentialOf(credential.id)).toMatchObject({ status: "SUSPENDED", suspendedUntil: "2026-06-20" });

    const at = new Date("2026-06-09T14:00:00Z");
    await ruleOnAppeal(
      i.id,
      m.id,
      { outcome: "GRANTED", reason: "O cadastro estava em dia, conforme comprovante.", decidedOn: "2026-06-09" },
      staff,
      at,
    );
    const reinstated = await credentialOf(credential.id);
    expect(reinstated).toMatchObject({ status: "ACTIVE", suspendedUntil: null });
    expect(reinstated.statusReason).toContain(`Recurso deferido no auto ${i.number}`);
    expect((await verifyCredentialToken(token, { now: at, channel: "QR", withPhoto: false })).body.verdict).toBe(
      "VALID",
    );
    const changes = await db.credentialStatusChange.findMany({
      where: { credentialId: credential.id },
      orderBy: { at: "asc" },
    });
    expect(changes.map((c) => [c.fromStatus, c.toStatus])).toEqual([
      ["ACTIVE", "SUSPENDED"],
      ["SUSPENDED", "ACTIVE"],
    ]);
    expect(parseProcess((await row(i.id)).decisionJson).appealRuling?.credential).toMatchObject({
      id: credential.id,
      serial: credential.serial,
      action: "REINSTATED",
    });
    expect(
      await db.auditEvent.count({
        where: { subjectType: "Credential", subjectId: credential.id, action: "credential.reinstate" },
      }),
    ).toBe(1);
  });

  it("does not reinstate a credential that something else suspended after the decision, and tells staff to look", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    const i = await appealed(m, credential.id, "CADASTRO", new Date("2026-06-01T14:00:00Z"), { suspensionDays: 15 });
    // An analyst lifts this suspension, then suspends the credential again for another reason.
    await changeCredentialStatus(
      credential.id,
      m.id,
      "reinstate",
      { reason: "Cadastro regularizado." },
      staff,
      new Date("2026-06-08T12:00:00Z"),
    );
    await changeCredentialStatus(
      credential.id,
      m.id,
      "suspend",
      { reason: "Atestado médico vencido.", until: "2026-07-31" },
      staff,
      new Date("2026-06-08T13:00:00Z"),
    );

    await ruleOnAppeal(
      i.id,
      m.id,
      { outcome: "GRANTED", reason: "O cadastro estava em dia, conforme comprovante.", decidedOn: "2026-06-09" },
      staff,
      new Date("2026-06-09T14:00:00Z"),
    );
    expect((await row(i.id)).status).toBe("CANCELLED");
    expect(await credentialOf(credential.id)).toMatchObject({
      status: "SUSPENDED",
      statusReason: "Atestado médico vencido.",
      suspendedUntil: "2026-07-31",
    });
    const effect = parseProcess((await row(i.id)).decisionJson).appealRuling?.credential;
    expect(effect).toMatchObject({ id: credential.id, action: "REVIEW" });
    expect(effect?.detail).toContain("Suspensa");
    expect(await db.auditEvent.count({ where: { subjectId: credential.id, action: "credential.reinstate" } })).toBe(1); // the analyst's only
  });

  it("leaves a cassação in place (it is final) and says the credential needs staff", async () => {
    const m = await municipalityWith("itauna-mg");
    const { credential } = await holder(m);
    await auto(m, credential.id, "DECORO", new Date("2026-03-01T14:00:00Z"));
    const i = await appealed(m, credential.id, "CADASTRO", new Date("2026-06-01T14:00:00Z"), { cassacao: true });
    expect((await credentialOf(credential.id)).status).toBe("REVOKED");
    await ruleOnAppeal(
      i.id,
      m.id,
      { outcome: "GRANTED", reason: "A reincidência não se confirmou.", decidedOn: "2026-06-09" },
      staff,
      new Date("2026-06-09T14:00:00Z"),
    );
    expect((await credentialOf(credential.id)).status).toBe("REVOKED");
    const effect = parseProcess((await row(i.id)).decisionJson).appealRuling?.credential;
    expect(effect).toMatchObject({ action: "REVIEW" });
    expect(effect?.detail).toContain("cassação é definitiva");
  });

  it("stops the written notice of a granted appeal from running into a daily fine (Jardim)", async () => {
    const m = await municipalityWith("jardim-ms");
    const { credential } = await holder(m);
    const i = await appealed(m, credential.id, "INOBSERVANCIA", new Date("2026-06-01T14:00:00Z"), { notice: true });
    const at = new Date("2026-06-10T14:00:00Z");
    expect((await infractionForDecision(i.id, m.id, at)).notice).toMatchObject({ state: "DAILY_FINE" });
    await ruleOnAppeal(
      i.id,
      m.id,
      { outcome: "GRANTED", reason: "O uniforme estava conforme, segundo as fotos.", decidedOn: "2026-06-10" },
      staff,
      at,
    );
    expect((await infractionForDecision(i.id, m.id, at)).notice).toBeNull();
    await expect(applyDailyFine(i.id, m.id, staff, at)).rejects.toMatchObject({ kind: "conflict" });
  });
});
