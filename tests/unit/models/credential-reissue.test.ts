// Bulk re-issue after a key revocation (the "reissue" background job): what the revoked key
// signed and is still in force is re-signed with the active key — same serial, new token, new
// PDF — the holder is e-mailed, and a second run finds nothing left. The revocation itself only
// enqueues the job. Runs on SQLite and, with DATABASE_URL=postgresql://…, on PostgreSQL.
import { afterAll, describe, expect, it } from "vitest";
import { verifyToken } from "~/credentials/token";
import { jobQueue, stopJobQueue } from "~/jobs/queue.server";
import { approveAndIssue } from "~/models/approval.server";
import { credentialsAwaitingReissue, reissueRevokedKeyCredentials } from "~/models/credentials/reissue.server";
import { resolveKey, revokeKey, signerFor } from "~/models/signing-key.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { db } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { testActor } from "../../support/factories";
import { eligibleMototaxiApplication, submittedAndAccepted } from "../../support/journey";

const staff = { ...testActor, userId: null, role: "ANALISTA" };
afterAll(() => stopJobQueue(1_000));

async function issued() {
  const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
  await submittedAndAccepted(applicationId, actor, staff);
  const vistoria = await scheduleVistoria(applicationId, municipality.id, new Date(), "Pátio da Prefeitura", staff);
  await recordVistoria(vistoria.id, municipality.id, { failedItems: [] }, staff);
  await signerFor(municipality.id, staff);
  await approveAndIssue(applicationId, municipality.id, staff);
  const credentials = await db.credential.findMany({ where: { applicationId }, orderBy: { serial: "asc" } });
  return { municipality, credentials };
}

async function reissueJobsQueued() {
  await jobQueue(); // on PostgreSQL, pg-boss's tables exist once it has started
  if (isPostgres())
    return Number(
      (
        (await db.$queryRawUnsafe(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'reissue'`)) as {
          n: number;
        }[]
      )[0].n,
    );
  return db.localJob.count({ where: { name: "reissue" } });
}

describe("re-issue after a key revocation", () => {
  it("re-signs every credential in force with the active key, once, and tells the holder", async () => {
    const { municipality, credentials } = await issued();
    expect(credentials.length).toBeGreaterThan(0);
    const oldKid = credentials[0].kid;
    const queuedBefore = await reissueJobsQueued();

    await revokeKey(municipality.id, oldKid, "chave vazada no teste", testActor);
    expect(await reissueJobsQueued()).toBe(queuedBefore + 1);
    expect(await credentialsAwaitingReissue(municipality.id)).toBe(credentials.length);
    for (const c of credentials)
      expect(await verifyToken(c.token, { resolveKey, now: new Date() })).toEqual({ ok: false, reason: "key_revoked" });

    const mailsBefore = await db.outboxMessage.count({ where: { subject: { startsWith: "Credencial reemitida" } } });
    expect(await reissueRevokedKeyCredentials()).toBeGreaterThanOrEqual(credentials.length);

    const after = await db.credential.findMany({ where: { id: { in: credentials.map((c) => c.id) } } });
    for (const c of after) {
      const before = credentials.find((b) => b.id === c.id)!;
      expect(c.serial).toBe(before.serial);
      expect(c.status).toBe(before.status);
      expect(c.kid).not.toBe(oldKid);
      expect(c.token).not.toBe(before.token);
      expect(await verifyToken(c.token, { resolveKey, now: new Date() })).toMatchObject({ ok: true });
      // The PDF is drawn again with the new QR.
      expect(JSON.parse(c.renderDataJson).data.verification.qrText).toContain(encodeURIComponent(c.token).slice(0, 40));
      expect(c.pdfStorageKey).toBeTruthy();
      expect(c.pdfStorageKey).not.toBe(before.pdfStorageKey);
    }
    expect(await credentialsAwaitingReissue(municipality.id)).toBe(0);
    const mails = await db.outboxMessage.count({ where: { subject: { startsWith: "Credencial reemitida" } } });
    expect(mails - mailsBefore).toBe(after.length);
    expect(
      await db.auditEvent.count({ where: { action: "credential.reissue", subjectId: { in: after.map((c) => c.id) } } }),
    ).toBe(after.length);

    // Idempotent: a retry of the job (say, after its worker died) re-issues nothing twice.
    expect(await reissueRevokedKeyCredentials()).toBe(0);
  });

  // One row the run cannot re-draw (a layout an older release wrote without the QR block) threw in
  // the middle of the loop: every credential after it stayed on the revoked key, run after run.
  it("re-issues the others when one credential cannot be re-drawn, and fails naming it", async () => {
    const { municipality, credentials } = await issued();
    const broken = await db.credential.create({
      data: {
        serial: `${municipality.serialPrefix}-MT-2026-${String(700_000 + Math.floor(Math.random() * 99_999))}`,
        municipalityId: municipality.id,
        type: "CRACHA",
        category: "MOTOTAXI",
        holderDisplayName: "Layout Antigo",
        validFrom: "2026-01-01",
        validUntil: "2099-12-31",
        kid: credentials[0].kid,
        token: "t",
        renderDataJson: "{}",
        issuedAt: new Date(0), // first in the run's order
      },
    });
    try {
      await revokeKey(municipality.id, credentials[0].kid, "chave vazada no teste", testActor);
      await expect(reissueRevokedKeyCredentials()).rejects.toThrow(broken.serial);
      const after = await db.credential.findMany({ where: { id: { in: credentials.map((c) => c.id) } } });
      for (const c of after) expect(c.kid).not.toBe(credentials[0].kid);
      expect(await credentialsAwaitingReissue(municipality.id)).toBe(1);
    } finally {
      await db.credential.delete({ where: { id: broken.id } });
    }
  });

  // A city whose credentials' PDFs are drawn on first download holds many in force without one; the
  // run looked up their re-issue events in one statement with an id per parameter, past SQLite's
  // 32,766 (PostgreSQL's 65,535): the hourly job failed on every run.
  it("runs when more credentials in force lack a PDF than one statement takes parameters", async () => {
    const { municipality, credentials } = await issued();
    const MANY = 33_000;
    const other = await db.municipality.findUniqueOrThrow({ where: { id: municipality.id } });
    await db.credential.createMany({
      data: Array.from({ length: MANY }, (_, i) => ({
        serial: `${other.serialPrefix}-MB-2026-${String(500_000 + i).padStart(6, "0")}`,
        municipalityId: municipality.id,
        type: "CRACHA",
        category: "MOTOBOY",
        holderDisplayName: "Sem PDF Ainda",
        validFrom: "2026-01-01",
        validUntil: "2099-12-31",
        kid: "kid-sem-pdf",
        token: "t",
        renderDataJson: "{}",
      })),
    });
    try {
      await revokeKey(municipality.id, credentials[0].kid, "chave vazada no teste", testActor);
      expect(await reissueRevokedKeyCredentials()).toBeGreaterThanOrEqual(credentials.length);
      expect(await credentialsAwaitingReissue(municipality.id)).toBe(0);
    } finally {
      await db.credential.deleteMany({ where: { municipalityId: municipality.id, kid: "kid-sem-pdf" } });
    }
  }, 120_000);
});
