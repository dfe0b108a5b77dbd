import { describe, expect, it } from "vitest";
import { type Refusal } from "~/domain/refusal";
import { applyAction, evaluateFor, getApplication, submitApplication } from "~/models/application.server";
import { approveAndIssue } from "~/models/approval.server";
import { renderCredentialPdf } from "~/models/credentials/pdf.server";
import { changeCredentialStatus } from "~/models/credentials/status.server";
import { attachDocument, decideDocument } from "~/models/document.server";
import { verifyCredentialToken } from "~/models/verification.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { db } from "~/utils/db.server";
import { civilDay } from "../../support/dates";
import { storedFile, testActor } from "../../support/factories";
import { eligibleMototaxiApplication, submittedAndAccepted } from "../../support/journey";

const staff = { ...testActor, userId: null, role: "ANALISTA" };

async function passVistoria(applicationId: string, municipalityId: string) {
  const v = await scheduleVistoria(applicationId, municipalityId, new Date(), "Pátio da Prefeitura", staff);
  return recordVistoria(v.id, municipalityId, { failedItems: [] }, staff);
}

describe("application lifecycle", () => {
  it("goes from draft to issued credentials that verify VALID", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
    await submittedAndAccepted(applicationId, actor, staff);
    expect((await evaluateFor((await getApplication(applicationId))!)).result.eligible).toBe(true);
    await passVistoria(applicationId, municipality.id);
    const issued = await approveAndIssue(applicationId, municipality.id, staff);
    // Patrocínio's law issues the certificate, the crachá and the autorização de trânsito; it
    // provides no vistoria seal, so none is issued (Lei 4.883/2017, arts. 4º §1º, 5º §§3º-4º).
    expect(issued.map((c) => c.type).sort()).toEqual(["AUTORIZACAO_TRANSITO", "CERTIFICADO", "CRACHA"]);
    expect(issued[0].serial).toMatch(new RegExp(`^${municipality.serialPrefix}-MT-\\d{4}-\\d{6}$`));
    const app = await getApplication(applicationId);
    expect(app!.status).toBe("ISSUED");
    expect(app!.history.map((h) => h.toStatus)).toEqual(["DRAFT", "SUBMITTED", "IN_REVIEW", "APPROVED", "ISSUED"]);
    const badge = issued.find((c) => c.type === "CRACHA")!;
    const stored = await db.credential.findUniqueOrThrow({ where: { id: badge.id } });
    expect(stored.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    // Same stored data, same PDF.
    expect(Buffer.from(await renderCredentialPdf(stored)).equals(Buffer.from(await renderCredentialPdf(stored)))).toBe(
      true,
    );
    expect(
      (await verifyCredentialToken(badge.token, { now: new Date(), channel: "QR", withPhoto: true })).body.verdict,
    ).toBe("VALID");
    // A suspension changes the verdict at once.
    await changeCredentialStatus(
      badge.id,
      municipality.id,
      "suspend",
      { reason: "Auto de infração", citation: "Lei 4.883/2017, art. 34", until: "2026-12-31" },
      staff,
    );
    expect(
      (await verifyCredentialToken(badge.token, { now: new Date(), channel: "QR", withPhoto: true })).body.verdict,
    ).toBe("SUSPENDED");
  });

  it("refuses to approve twice, and an illegal transition is a 409", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
    await submittedAndAccepted(applicationId, actor, staff);
    await passVistoria(applicationId, municipality.id);
    await approveAndIssue(applicationId, municipality.id, staff);
    const count = await db.credential.count({ where: { applicationId } });
    await expect(approveAndIssue(applicationId, municipality.id, staff)).rejects.toMatchObject({ kind: "conflict" });
    expect(await db.credential.count({ where: { applicationId } })).toBe(count);
    await expect(applyAction(applicationId, "submit", actor)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("refuses to approve without the vistoria the law requires, and changes nothing", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
    await submittedAndAccepted(applicationId, actor, staff);
    const refusal = await approveAndIssue(applicationId, municipality.id, staff).catch((r: Refusal) => r);
    expect((refusal as Refusal).kind).toBe("conflict");
    expect((refusal as Refusal).message).toMatch(/vistoria/i);
    expect((await getApplication(applicationId))!.status).toBe("IN_REVIEW");
  });

  it("refuses to approve an application with a rejected document, naming it", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
    await submittedAndAccepted(applicationId, actor, staff);
    const residence = await db.document.findFirstOrThrow({ where: { applicationId, type: "COMPROVANTE_RESIDENCIA" } });
    await decideDocument(
      residence.id,
      municipality.id,
      { accept: false, code: "ILEGIVEL", text: "foto tremida" },
      staff,
      { expected: "ACCEPTED" },
    );
    await passVistoria(applicationId, municipality.id);
    const refusal = (await approveAndIssue(applicationId, municipality.id, staff).catch((r: Refusal) => r)) as Refusal;
    expect(refusal.kind).toBe("conflict");
    expect(refusal.message).toMatch(/Comprovante de residência.*recusado/);
  });

  it("lets the driver replace only the rejected document and resubmit", async () => {
    const { municipality, user, actor, applicationId } = await eligibleMototaxiApplication();
    await submittedAndAccepted(applicationId, actor, staff);
    const residence = await db.document.findFirstOrThrow({
      where: { applicationId, type: "COMPROVANTE_RESIDENCIA", replacedById: null },
    });
    await decideDocument(residence.id, municipality.id, { accept: false, code: "RECENTE", text: null }, staff, {
      expected: "ACCEPTED",
    });
    await applyAction(applicationId, "request_changes", staff, {
      reason: "Envie um comprovante de residência recente.",
    });
    const mail = await db.outboxMessage.findFirst({ where: { to: user.email, subject: { contains: "Correções" } } });
    expect(mail?.text).toMatch(/comprovante de residência recente/);
    const app = (await getApplication(applicationId))!;
    await attachDocument(
      app,
      { userId: user.id },
      await storedFile("%PDF-1.4 novo"),
      { type: "COMPROVANTE_RESIDENCIA", issueDate: civilDay() },
      actor,
    );
    expect(await submitApplication((await getApplication(applicationId))!, actor)).toEqual({ ok: true });
    expect((await getApplication(applicationId))!.status).toBe("RESUBMITTED");
    const docs = await db.document.findMany({ where: { applicationId, replacedById: null } });
    expect(docs.filter((d) => d.reviewStatus === "PENDING").map((d) => d.type)).toEqual(["COMPROVANTE_RESIDENCIA"]);
  });

  it("refuses approval past the mototáxi quota (1 per 2,000 inhabitants), citing the law", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication({ population: 1999 });
    await submittedAndAccepted(applicationId, actor, staff);
    await passVistoria(applicationId, municipality.id);
    const refusal = (await approveAndIssue(applicationId, municipality.id, staff).catch((r: Refusal) => r)) as Refusal;
    expect(refusal.kind).toBe("conflict");
    expect(refusal.message).toMatch(/Lei 4\.883\/2017, art\. 10/);
  });

  it("does not let two analysts decide the same document at the same moment", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
    await submittedAndAccepted(applicationId, actor, staff);
    const doc = await db.document.findFirstOrThrow({ where: { applicationId, replacedById: null } });
    const results = await Promise.allSettled([
      decideDocument(doc.id, municipality.id, { accept: false, code: "ILEGIVEL" }, staff, { expected: "ACCEPTED" }),
      decideDocument(doc.id, municipality.id, { accept: false, code: "VENCIDO" }, staff, { expected: "ACCEPTED" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      results.filter((r) => r.status === "rejected").map((r) => ((r as PromiseRejectedResult).reason as Refusal).kind),
    ).toEqual(["conflict"]);
  });
});
