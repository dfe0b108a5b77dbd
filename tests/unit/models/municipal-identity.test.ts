// The municipality's identity on its documents, and the crachá's photo rule (issue #16, ADR 027).
import { describe, expect, it } from "vitest";
import { Refusal } from "~/domain/refusal";
import { getApplication } from "~/models/application.server";
import { approveAndIssue } from "~/models/approval.server";
import { renderCredentialPdf } from "~/models/credentials/pdf.server";
import { getMunicipalIdentity, setCoatOfArms, setMunicipalIdentity } from "~/models/municipality.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { db } from "~/utils/db.server";
import { placeholderEmblemPng } from "../../../prisma/demo-emblem";
import { storedFile, testActor } from "../../support/factories";
import { eligibleMototaxiApplication, submittedAndAccepted } from "../../support/journey";
import { readPdf } from "../credentials/pdf-reader";

const staff = { ...testActor, userId: null, role: "ANALISTA" };
// Each test runs a whole approval and renders PDFs: on a loaded shared machine that passes 30 s.
const SLOW = 120_000;

async function readyToApprove() {
  const ready = await eligibleMototaxiApplication();
  await submittedAndAccepted(ready.applicationId, ready.actor, staff);
  const v = await scheduleVistoria(ready.applicationId, ready.municipality.id, new Date(), "Pátio", staff);
  await recordVistoria(v.id, ready.municipality.id, { failedItems: [] }, staff);
  return ready;
}

const pdfText = async (bytes: Uint8Array) => (await readPdf(bytes)).pages.map((p) => p.text).join(" ");

describe("the municipality's identity on its documents", () => {
  it(
    "prints the secretaria, the signatory and the coat of arms on the crachá and the certificate issued after it is set",
    async () => {
      const { municipality, applicationId } = await readyToApprove();
      await setMunicipalIdentity(
        municipality.id,
        {
          secretariaName: "Secretaria Municipal de Segurança Pública, Trânsito e Transportes",
          signatoryName: "Ronaldo Alves de Castro",
          signatoryRole: "Secretário Municipal de Trânsito",
        },
        staff,
      );
      const emblem = await storedFile(await placeholderEmblemPng("Patrocínio"), "image/png");
      await setCoatOfArms(municipality.id, emblem, staff);
      const identity = await getMunicipalIdentity(municipality.id);
      expect(identity.coatOfArmsMime).toBe("image/png");
      expect(identity.coatOfArmsKey).not.toBe(emblem.key); // re-encoded and stored anew

      const issued = await approveAndIssue(applicationId, municipality.id, staff);
      for (const type of ["CRACHA", "CERTIFICADO"]) {
        const c = await db.credential.findFirstOrThrow({ where: { id: { in: issued.map((i) => i.id) }, type } });
        const bytes = await renderCredentialPdf(c);
        const text = await pdfText(bytes);
        expect(text, type).toContain("Secretaria Municipal de Segurança Pública, Trânsito e Transportes");
        expect(text, type).toContain("Ronaldo Alves de Castro");
        expect(text, type).toContain("Secretário Municipal de Trânsito");
        expect(Buffer.from(bytes).toString("latin1"), type).toMatch(/\/Subtype \/Image/);
        // Stored with the credential: a later change leaves the issued document as it was.
        expect(JSON.parse(c.renderDataJson)).toMatchObject({ coatOfArmsKey: identity.coatOfArmsKey });
      }
      await setMunicipalIdentity(
        municipality.id,
        { secretariaName: "Outra Secretaria", signatoryName: null, signatoryRole: null },
        staff,
      );
      const badge = await db.credential.findFirstOrThrow({ where: { applicationId, type: "CRACHA" } });
      expect(await pdfText(await renderCredentialPdf(badge))).toContain("Ronaldo Alves de Castro");
    },
    SLOW,
  );

  it(
    "refuses a signatory without a title, naming the field",
    async () => {
      const { municipality } = await eligibleMototaxiApplication();
      const refusal = await setMunicipalIdentity(
        municipality.id,
        { secretariaName: null, signatoryName: "Fulana", signatoryRole: null },
        staff,
      ).catch((e: Refusal) => e);
      expect(refusal).toMatchObject({ kind: "invalid", field: "signatoryRole" });
    },
    SLOW,
  );

  it(
    "prints the crachá's one code: its own, never the certificate's serial beside it",
    async () => {
      const { municipality, applicationId } = await readyToApprove();
      const issued = await approveAndIssue(applicationId, municipality.id, staff);
      const badge = issued.find((c) => c.type === "CRACHA")!;
      const certificate = issued.find((c) => c.type === "CERTIFICADO")!;
      const text = await pdfText(await renderCredentialPdf(badge));
      expect(text).toContain(badge.serial);
      expect(text).not.toContain(certificate.serial);
    },
    SLOW,
  );
});

describe("no crachá without an accepted, printable photo", () => {
  it(
    "refuses when the accepted photo is a PDF, issuing nothing",
    async () => {
      const { municipality, applicationId } = await readyToApprove();
      const photo = await db.document.findFirstOrThrow({ where: { applicationId, type: "FOTO_3X4" } });
      const pdf = await storedFile("%PDF-1.4 foto");
      await db.document.update({ where: { id: photo.id }, data: { storageKey: pdf.key, mime: pdf.mime } });
      const refusal = (await approveAndIssue(applicationId, municipality.id, staff).catch(
        (e: Refusal) => e,
      )) as Refusal;
      expect(refusal).toBeInstanceOf(Refusal);
      expect(refusal.kind).toBe("conflict");
      expect(refusal.message).toMatch(/crachá.*foto do condutor.*PDF.*JPEG ou PNG/);
      expect(await db.credential.count({ where: { applicationId } })).toBe(0);
      expect((await getApplication(applicationId))!.status).toBe("IN_REVIEW");
    },
    SLOW,
  );

  it(
    "issues with the photo on the card when it is an accepted image",
    async () => {
      const { municipality, applicationId } = await readyToApprove();
      const issued = await approveAndIssue(applicationId, municipality.id, staff);
      const badge = issued.find((c) => c.type === "CRACHA")!;
      const text = await pdfText(await renderCredentialPdf(badge));
      expect(text).not.toContain("SEM FOTO");
    },
    SLOW,
  );
});
