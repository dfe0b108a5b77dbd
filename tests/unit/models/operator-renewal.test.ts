import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Grant, Role } from "~/domain/auth/permissions";
import { Refusal } from "~/domain/refusal";
import { submissionBlockers } from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { changeCredentialStatus } from "~/models/credentials/status.server";
import { runDailyJobs } from "~/models/daily-jobs.server";
import { attachDocument } from "~/models/document.server";
import { evaluateOperatorApplication, operatorFacts } from "~/models/operator-application.server";
import { approveOperatorAndIssue, operatorCertificate } from "~/models/operator-approval.server";
import { startOperatorRenewal } from "~/models/operator-renewal.server";
import { verifyCredentialSerial } from "~/models/verification.server";
import { db } from "~/utils/db.server";
import { getStorage, newStorageKey } from "~/utils/storage.server";
import {
  account,
  actorFor,
  credentialed,
  inReview,
  staffActor,
  teamMember,
  town,
} from "../../e2e/fixtures/operator-support";
import { civilDay } from "../../support/dates";

/** The grants the session would give the user (its active roles), as `getUser` builds them. */
async function signedIn(userId: string) {
  const roles = await db.roleAssignment.findMany({ where: { userId, disabledAt: null } });
  const grants: Grant[] = [
    { role: "CONDUTOR", municipalityId: null, operatorId: null },
    ...roles.map((r) => ({ role: r.role as Role, municipalityId: r.municipalityId, operatorId: r.operatorId })),
  ];
  return { id: userId, grants };
}

/** A Jardim concessionária with its certificate (P1Y, Lei 904/1997, art. 8º); one concession for 2,500 inhabitants. */
async function concessionaria(population = 2500) {
  const m = await town("jardim-ms", population);
  const c = await credentialed(m.id, {
    category: "MOTOTAXI",
    kind: "CONCESSIONARIA",
    facts: { declaredAssetsBrl: 20000 },
  });
  return { m, ...c, certificate: await intoRenewalWindow(c.certificate.id) };
}

/** A civil date in Jardim (MS), the town of these certificates. */
const day = (offset: number) => civilDay(offset, "America/Campo_Grande");

/** The certificate as if issued 335 days ago: it ends in 30 days, inside the renewal window (ADR 033). */
async function intoRenewalWindow(id: string) {
  return db.credential.update({ where: { id }, data: { validFrom: day(-335), validUntil: day(30) } });
}

async function pdf(text: string) {
  const stored = await getStorage().put(newStorageKey(), Readable.from([Buffer.from(`%PDF-1.4 ${text}`)]));
  return {
    key: stored.key,
    sha256: stored.sha256,
    size: stored.size,
    mime: "application/pdf" as const,
    originalName: `${text}.pdf`,
  };
}

async function refusalOf(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(e).toBeInstanceOf(Refusal);
  return { kind: (e as Refusal).kind, text: (e as Refusal).message };
}

describe("starting a company's renewal", () => {
  it("opens a RENEWAL application pre-filled from the one that issued the certificate, asking only for the expired document", async () => {
    const { operatorId, applicationId, owner, actor } = await concessionaria();
    const aged = await db.document.findFirstOrThrow({ where: { applicationId, type: "COMPROVACAO_PATRIMONIO" } });
    await db.document.update({ where: { id: aged.id }, data: { expiryDate: "2020-01-01" } });

    const { application } = await startOperatorRenewal(operatorId, await signedIn(owner.id), actor);

    expect(application).toMatchObject({
      kind: "RENEWAL",
      renewalOfId: applicationId,
      subject: "OPERADORA",
      operatorId,
      mode: "OPERADORA",
      category: "MOTOTAXI",
      status: "DRAFT",
      personId: null,
    });
    expect(operatorFacts(application.draftJson)).toEqual({ declaredAssetsBrl: 20000 });
    const { result } = await evaluateOperatorApplication(application);
    const notAccepted = result.requiredDocuments
      .filter((d) => d.status !== "ACCEPTED" && d.status !== "EXPIRING")
      .map((d) => `${d.type}:${d.status}`);
    expect(notAccepted).toEqual(["COMPROVACAO_PATRIMONIO:EXPIRED"]);
    expect(result.requiredDocuments.filter((d) => d.status === "ACCEPTED").length).toBeGreaterThan(0);
    expect(submissionBlockers(result)).toEqual([expect.stringMatching(/^Documento vencido: /)]);
    // Nothing was copied: the carried-over documents stay on the application that issued the certificate.
    expect(await db.document.count({ where: { applicationId: application.id } })).toBe(0);
  });

  it("is refused (409) while an application of the company is open, creating nothing", async () => {
    const { operatorId, owner, actor } = await concessionaria();
    const first = await startOperatorRenewal(operatorId, await signedIn(owner.id), actor);
    const refused = await refusalOf(startOperatorRenewal(operatorId, await signedIn(owner.id), actor));
    expect(refused.kind).toBe("conflict");
    expect(refused.text).toContain(`requerimento em andamento (${first.application.number})`);
    expect(await db.application.count({ where: { operatorId, kind: "RENEWAL" } })).toBe(1);
  });

  it("is refused (409) for a revoked or suspended certificate", async () => {
    const { m, operatorId, owner, actor, certificate } = await concessionaria();
    await changeCredentialStatus(
      certificate.id,
      m.id,
      "suspend",
      { reason: "Seguro vencido", until: "2099-01-01" },
      staffActor,
    );
    const suspended = await refusalOf(startOperatorRenewal(operatorId, await signedIn(owner.id), actor));
    expect(suspended).toEqual({ kind: "conflict", text: expect.stringContaining("SUSPENSO") });
    await changeCredentialStatus(certificate.id, m.id, "revoke", { reason: "Cassação" }, staffActor);
    const revoked = await refusalOf(startOperatorRenewal(operatorId, await signedIn(owner.id), actor));
    expect(revoked).toEqual({ kind: "conflict", text: expect.stringContaining("CASSADO") });
    expect(await db.application.count({ where: { operatorId, kind: "RENEWAL" } })).toBe(0);
  });

  it("is refused (409) before the window opens, 60 days before the last day, as a driver's (ADR 033)", async () => {
    const { operatorId, owner, actor, certificate } = await concessionaria();
    await db.credential.update({ where: { id: certificate.id }, data: { validFrom: day(0), validUntil: day(364) } });
    const early = await refusalOf(startOperatorRenewal(operatorId, await signedIn(owner.id), actor));
    expect(early.kind).toBe("conflict");
    expect(early.text).toMatch(
      /^A renovação da credencial \S+ abre em \d{2}\/\d{2}\/\d{4}, 60 dias antes do vencimento/,
    );
    expect(await db.application.count({ where: { operatorId, kind: "RENEWAL" } })).toBe(0);
    // Once the window is open, it may.
    await db.credential.update({ where: { id: certificate.id }, data: { validFrom: day(-306), validUntil: day(59) } });
    const { application } = await startOperatorRenewal(operatorId, await signedIn(owner.id), actor);
    expect(application.kind).toBe("RENEWAL");
  });

  it("may be started after the certificate expired", async () => {
    const { operatorId, owner, actor, certificate } = await concessionaria();
    const dayAfter = new Date(new Date(`${certificate.validUntil}T12:00:00-03:00`).getTime() + 86_400_000);
    const { application } = await startOperatorRenewal(operatorId, await signedIn(owner.id), actor, dayAfter);
    expect(application.kind).toBe("RENEWAL");
  });

  it("is for the company's team only: a member may, another company's owner and a driver get 403", async () => {
    const { operatorId, operator, owner, actor } = await concessionaria(25000);
    const other = await concessionaria(25000);
    const driver = await account("Condutor Sem Empresa");
    for (const outsider of [other.owner.id, driver.id]) {
      expect(
        (await refusalOf(startOperatorRenewal(operatorId, await signedIn(outsider), actorFor(outsider)))).kind,
      ).toBe("forbidden");
    }
    expect(await db.application.count({ where: { operatorId, kind: "RENEWAL" } })).toBe(0);
    const { role } = await teamMember(operator, actor);
    const { application } = await startOperatorRenewal(operatorId, await signedIn(role.userId), actorFor(role.userId));
    expect(application.operatorId).toBe(operatorId);
    expect(owner.id).not.toBe(role.userId);
  });
});

describe("approving a company's renewal", () => {
  it("issues a new certificate and supersedes the old one, even with the concession quota full", async () => {
    const { m, operatorId, owner, actor, certificate: old } = await concessionaria(2500);
    const aged = await db.document.findFirstOrThrow({
      where: { applicationId: old.applicationId!, type: "COMPROVACAO_PATRIMONIO" },
    });
    await db.document.update({ where: { id: aged.id }, data: { expiryDate: "2020-01-01" } });
    const { application } = await startOperatorRenewal(operatorId, await signedIn(owner.id), actor);
    await attachDocument(
      application,
      { userId: owner.id },
      await pdf("patrimonio"),
      { type: "COMPROVACAO_PATRIMONIO", issueDate: "2025-01-02", expiryDate: "2030-12-31" },
      actor,
    );
    await inReview(application.id, actor);

    const renewed = await approveOperatorAndIssue(application.id, m.id, staffActor);

    expect(renewed.id).not.toBe(old.id);
    expect(renewed).toMatchObject({
      type: "CERTIFICADO_OPERADOR",
      holderOperatorId: operatorId,
      applicationId: application.id,
    });
    expect(await db.credential.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({
      status: "SUPERSEDED",
      supersededById: renewed.id,
    });
    const now = new Date();
    expect((await verifyCredentialSerial(old.serial, { now, channel: "CODIGO" })).body.verdict).toBe("SUPERSEDED");
    expect((await verifyCredentialSerial(renewed.serial, { now, channel: "CODIGO" })).body.verdict).toBe("VALID");
    expect((await operatorCertificate(operatorId))?.id).toBe(renewed.id);
    const app = await db.application.findUniqueOrThrow({
      where: { id: application.id },
      include: { history: { orderBy: { at: "asc" } } },
    });
    expect(app.history.map((h) => h.toStatus)).toEqual(["DRAFT", "SUBMITTED", "IN_REVIEW", "APPROVED", "ISSUED"]);
    expect(
      await db.outboxMessage.count({ where: { to: owner.email, subject: { contains: "Certificado renovado" } } }),
    ).toBe(1);
  });

  it("a year later, the next renewal still carries the documents accepted at the first credenciamento", async () => {
    const { m, operatorId, owner, actor, certificate: first } = await concessionaria();
    const aged = await db.document.findFirstOrThrow({
      where: { applicationId: first.applicationId!, type: "COMPROVACAO_PATRIMONIO" },
    });
    await db.document.update({ where: { id: aged.id }, data: { expiryDate: "2020-01-01" } });
    const renewal = (await startOperatorRenewal(operatorId, await signedIn(owner.id), actor)).application;
    const fresh = await attachDocument(
      renewal,
      { userId: owner.id },
      await pdf("patrimonio"),
      { type: "COMPROVACAO_PATRIMONIO", issueDate: "2025-01-02", expiryDate: "2030-12-31" },
      actor,
    );
    await inReview(renewal.id, actor);
    // A year later: the renewed certificate is in its own renewal window.
    await intoRenewalWindow((await approveOperatorAndIssue(renewal.id, m.id, staffActor)).id);

    const next = (await startOperatorRenewal(operatorId, await signedIn(owner.id), actor)).application;
    expect(next.renewalOfId).toBe(renewal.id);
    const { result } = await evaluateOperatorApplication(next);
    expect(
      result.requiredDocuments.filter((d) => d.status !== "ACCEPTED" && d.status !== "EXPIRING").map((d) => d.type),
    ).toEqual([]);
    const carried = await currentDocuments(next);
    expect(carried.find((d) => d.type === "COMPROVACAO_PATRIMONIO")?.id).toBe(fresh.id);
    expect(carried.filter((d) => d.applicationId === first.applicationId).length).toBeGreaterThan(0);
  });

  it("is refused (409, nothing issued) when the certificate was revoked while the renewal waited", async () => {
    const { m, operatorId, owner, actor, certificate: old } = await concessionaria();
    const { application } = await startOperatorRenewal(operatorId, await signedIn(owner.id), actor);
    await inReview(application.id, actor);
    await changeCredentialStatus(old.id, m.id, "revoke", { reason: "Cassação" }, staffActor);
    const refused = await refusalOf(approveOperatorAndIssue(application.id, m.id, staffActor));
    expect(refused).toEqual({ kind: "conflict", text: expect.stringContaining("CASSADO") });
    expect(await db.credential.count({ where: { holderOperatorId: operatorId } })).toBe(1);
    expect((await db.application.findUniqueOrThrow({ where: { id: application.id } })).status).toBe("IN_REVIEW");
  });
});

describe("the reminder of an expiring certificate", () => {
  it("goes to every member of the company's team, once, with the company's page", async () => {
    const { operator, owner, actor, certificate } = await concessionaria(25000);
    const { role: member } = await teamMember(operator, actor);
    const in30 = new Date(new Date(`${certificate.validUntil}T12:00:00-03:00`).getTime() - 30 * 86_400_000);
    await runDailyJobs(in30);
    await runDailyJobs(in30);
    const memberEmail = (await db.user.findUniqueOrThrow({ where: { id: member.userId } })).email;
    for (const to of [owner.email, memberEmail]) {
      const mails = await db.outboxMessage.findMany({ where: { to, subject: { contains: "vence em 30 dias" } } });
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain(`/operadora/${operator.id}`);
      expect(mails[0].text).toContain(certificate.serial);
    }
  });
});
