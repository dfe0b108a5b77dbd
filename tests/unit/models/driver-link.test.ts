import { describe, expect, it } from "vitest";
import { type Refusal } from "~/domain/refusal";
import { acceptLink, declineLink, inviteDriver, linksOfUser } from "~/models/driver-invitation.server";
import { unlinkDriver } from "~/models/driver-link.server";
import { driverStanding } from "~/models/driver-standing.server";
import { listOperatorNotices } from "~/models/notice.server";
import { verifyCredentialSerial } from "~/models/verification.server";
import { db } from "~/utils/db.server";
import {
  account,
  actorFor,
  credentialed,
  linkedDriver,
  registered,
  town,
  validCpf,
} from "../../e2e/fixtures/operator-support";
import { createSignedCredential } from "../../support/factories";

describe("inviting a driver", () => {
  it("with an account: the driver is told to answer in the portal, and the bond starts only when they accept", async () => {
    const m = await town("lavras-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    const driver = await account("Renata Motorista");
    const { linkId } = await inviteDriver(operator, { cpf: driver.cpf, email: driver.email }, actor);
    expect(await db.driverLink.findUniqueOrThrow({ where: { id: linkId } })).toMatchObject({
      status: "INVITED",
      personId: null,
    });
    const mail = await db.outboxMessage.findFirstOrThrow({
      where: { to: driver.email },
      orderBy: { createdAt: "desc" },
    });
    expect(mail.text).toContain("/vinculos");
    // Someone else cannot answer for the driver.
    const stranger = await account("Outra Pessoa");
    await expect(acceptLink(linkId, stranger, actorFor(stranger.id, "CONDUTOR"))).rejects.toMatchObject({
      kind: "not-found",
    });
    await acceptLink(linkId, driver, actorFor(driver.id, "CONDUTOR"));
    const link = await db.driverLink.findUniqueOrThrow({ where: { id: linkId }, include: { person: true } });
    expect(link).toMatchObject({ status: "ACTIVE" });
    expect(link.person?.cpf).toBe(driver.cpf);
    expect(link.acceptedAt).toBeInstanceOf(Date);
    await expect(acceptLink(linkId, driver, actorFor(driver.id, "CONDUTOR"))).rejects.toMatchObject({
      kind: "conflict",
    });
  });

  it("without an account: an e-mail invites the CPF to create one, and the invitation waits for it", async () => {
    const m = await town("lavras-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    const cpf = validCpf();
    const email = `novo.${cpf}@teste.com.br`;
    const { linkId } = await inviteDriver(operator, { cpf, email }, actor);
    const mail = await db.outboxMessage.findFirstOrThrow({ where: { to: email } });
    expect(mail.text).toContain("/cadastro");
    // Once the account exists (same CPF), the invitation is there to accept — or decline.
    const user = await db.user.create({ data: { cpf, name: "Novo Condutor", email } });
    expect((await linksOfUser(user)).map((l) => l.id)).toContain(linkId);
    await declineLink(linkId, user, actorFor(user.id, "CONDUTOR"));
    expect((await db.driverLink.findUniqueOrThrow({ where: { id: linkId } })).status).toBe("DECLINED");
  });

  it("refuses a company not yet credentialed and a second invitation; an e-mail of someone else's account is invited alike", async () => {
    const m = await town("lavras-mg");
    const draft = await registered(m.id, { category: "APLICATIVO", kind: "PLATAFORMA" });
    const draftOperator = await db.operator.findUniqueOrThrow({ where: { id: draft.operatorId } });
    const driver = await account("Paula Motorista");
    await expect(
      inviteDriver(draftOperator, { cpf: driver.cpf, email: driver.email }, draft.actor),
    ).rejects.toMatchObject({ kind: "conflict" });
    const { operator, actor } = await credentialed(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    await inviteDriver(operator, { cpf: driver.cpf, email: driver.email }, actor);
    await expect(inviteDriver(operator, { cpf: driver.cpf, email: driver.email }, actor)).rejects.toMatchObject({
      kind: "conflict",
    });
    // Whether the e-mail has an account is not told (issue #35); that account, of another CPF, cannot answer it.
    const other = await account("Terceira Pessoa");
    const { linkId } = await inviteDriver(operator, { cpf: validCpf(), email: other.email }, actor);
    await expect(acceptLink(linkId, other, actorFor(other.id, "CONDUTOR"))).rejects.toMatchObject({
      kind: "not-found",
    });
    expect(await db.driverLink.count({ where: { operatorId: operator.id } })).toBe(2);
  });
});

describe("exclusivity", () => {
  it("refuses the acceptance of a driver already linked to another concessionária where the card names one company (Jardim), with the citation", async () => {
    const m = await town("jardim-ms", 25000);
    const a = await credentialed(m.id, {
      category: "MOTOTAXI",
      kind: "CONCESSIONARIA",
      facts: { declaredAssetsBrl: 20000 },
    });
    const b = await credentialed(m.id, {
      category: "MOTOTAXI",
      kind: "CONCESSIONARIA",
      facts: { declaredAssetsBrl: 20000 },
    });
    const { user } = await linkedDriver(a.operator, a.actor);
    // The invitation is answered as any other (the company is not told of the other bond, issue #35);
    // the driver's acceptance is refused with the provision, and no bond begins.
    const { linkId } = await inviteDriver(b.operator, { cpf: user.cpf, email: user.email }, b.actor);
    const refused = await acceptLink(linkId, user, actorFor(user.id, "CONDUTOR")).catch((e: Refusal) => e);
    expect((refused as Refusal).kind).toBe("conflict");
    expect((refused as Refusal).message).toMatch(
      /uma só empresa \(Lei 904\/1997, art\. 18, com redação dada pela Lei 951\/1999\)/,
    );
    expect(await db.driverLink.count({ where: { operatorId: b.operator.id, status: "ACTIVE" } })).toBe(0);
  });

  it("lets an app driver work for two platforms where the law does not forbid it (Lavras)", async () => {
    const m = await town("lavras-mg");
    const a = await credentialed(m.id, { category: "APLICATIVO", kind: "PLATAFORMA", facts: { headOfficeHere: true } });
    const b = await credentialed(m.id, { category: "APLICATIVO", kind: "PLATAFORMA", facts: { headOfficeHere: true } });
    const { user } = await linkedDriver(a.operator, a.actor);
    const { linkId } = await inviteDriver(b.operator, { cpf: user.cpf, email: user.email }, b.actor);
    await acceptLink(linkId, user, actorFor(user.id, "CONDUTOR"));
    expect(await db.driverLink.count({ where: { person: { cpf: user.cpf }, status: "ACTIVE" } })).toBe(2);
  });
});

describe("ending a bond", () => {
  it("records date and reason, supersedes the credentials issued through the company and files the 72-hour notice (Itaúna)", async () => {
    const m = await town("itauna-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "MOTOFRETE",
      kind: "EMPRESA",
      facts: { headOfficeHere: true },
    });
    const { person, link } = await linkedDriver(operator, actor, "Diego Motofretista");
    // A certificate issued through an application linked to this company.
    const app = await db.application.create({
      data: {
        number: `REQ-T-${Date.now()}`,
        municipalityId: m.id,
        personId: person.id,
        category: "MOTOFRETE",
        mode: "VINCULADO",
        linkedOperatorId: operator.id,
        packId: "itauna-mg",
        packVersion: "1.0.0",
        status: "ISSUED",
      },
    });
    const { credential } = await createSignedCredential(m, { holderPersonId: person.id });
    await db.credential.update({ where: { id: credential.id }, data: { applicationId: app.id } });
    expect((await driverStanding(operator.id, link)).credentialInForce).toBe(true);

    const now = new Date("2026-11-29T15:00:00-03:00");
    const result = await unlinkDriver(
      operator,
      link.id,
      { reason: "DESLIGAMENTO", eventAt: "2026-11-28T09:30", note: "Pediu as contas", fileNow: true },
      actor,
      now,
    );
    expect(result.superseded).toEqual([credential.serial]);
    const ended = await db.driverLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(ended).toMatchObject({ status: "ENDED", endReason: "DESLIGAMENTO: Pediu as contas" });
    expect(ended.endedAt?.toISOString()).toBe(now.toISOString());
    const verdict = await verifyCredentialSerial(credential.serial, { now, channel: "CODIGO" });
    expect(verdict.body.verdict).toBe("SUPERSEDED");

    const notice = await db.notice.findUniqueOrThrow({ where: { id: result.notice!.id } });
    expect(notice.kind).toBe("DESLIGAMENTO");
    expect(notice.eventAt.toISOString()).toBe("2026-11-28T12:30:00.000Z");
    expect(notice.dueAt.toISOString()).toBe("2026-12-01T12:30:00.000Z"); // 72 hours later
    expect(notice.filedAt?.toISOString()).toBe(now.toISOString());
    const [view] = await listOperatorNotices(operator.id, now);
    expect(view).toMatchObject({
      state: "FILED_ON_TIME",
      citation: "Lei 4.785/2013, art. 7º, parágrafo único",
      driverName: "Diego Motofretista",
    });
    await expect(
      unlinkDriver(
        operator,
        link.id,
        { reason: "DESLIGAMENTO", eventAt: "2026-11-28T09:30", note: null, fileNow: true },
        actor,
        now,
      ),
    ).rejects.toMatchObject({ kind: "conflict" });
  });

  it("leaves the notice open with its clock when the operator files later, and a fact in the future is refused", async () => {
    const m = await town("itauna-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "MOTOFRETE",
      kind: "EMPRESA",
      facts: { headOfficeHere: true },
    });
    const { link } = await linkedDriver(operator, actor);
    const now = new Date("2026-11-29T15:00:00-03:00");
    await expect(
      unlinkDriver(
        operator,
        link.id,
        { reason: "OBITO_ACIDENTE", eventAt: "2026-11-30T09:00", note: null, fileNow: false },
        actor,
        now,
      ),
    ).rejects.toMatchObject({ kind: "invalid" });
    expect((await db.driverLink.findUniqueOrThrow({ where: { id: link.id } })).status).toBe("ACTIVE");
    await unlinkDriver(
      operator,
      link.id,
      { reason: "OBITO_ACIDENTE", eventAt: "2026-11-25T09:00", note: null, fileNow: false },
      actor,
      now,
    );
    const [view] = await listOperatorNotices(operator.id, now);
    expect(view).toMatchObject({ kind: "OBITO_ACIDENTE", state: "OVERDUE", filedAt: null, dueAt: "2026-11-28T09:00" });
  });
});
