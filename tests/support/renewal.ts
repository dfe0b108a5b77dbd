// A renewal driven through the models: sends exactly what the renewal asks (ADR 057).
import sharp from "sharp";
import { addYears } from "~/domain/eligibility/calendar";
import { evaluateFor, getApplication } from "~/models/application.server";
import { approveAndIssue } from "~/models/approval.server";
import { attachDocument } from "~/models/document.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { storedFile, testActor } from "./factories";
import { eligibleMototaxiApplication, submittedAndAccepted } from "./journey";

/** The analyst of the renewal tests (a staff actor, as the model tests use). */
export const renewalStaff = { ...testActor, role: "ANALISTA" };

/** A Patrocínio mototaxista issued through the models (vistoria passed): his credentials and crachá. */
export async function issuedMototaxi() {
  const r = await eligibleMototaxiApplication();
  await submittedAndAccepted(r.applicationId, r.actor, renewalStaff);
  const v = await scheduleVistoria(r.applicationId, r.municipality.id, new Date(), "Pátio", renewalStaff);
  await recordVistoria(v.id, r.municipality.id, { failedItems: [] }, renewalStaff);
  const credentials = await approveAndIssue(r.applicationId, r.municipality.id, renewalStaff);
  return { ...r, credentials, badge: credentials.find((c) => c.type === "CRACHA")! };
}

const NEEDS_FILE = new Set(["MISSING", "EXPIRED", "REJECTED"]);

/** Sends, issued on `issueDate`, every document of the applicant the application lacks on that day; returns their types. */
export async function sendWhatIsAsked(
  applicationId: string,
  userId: string,
  actor: typeof testActor,
  issueDate: string,
) {
  const app = (await getApplication(applicationId))!;
  const { result } = await evaluateFor(app, issueDate);
  const asked = result.requiredDocuments.filter((d) => d.submittedBy === "REQUERENTE" && NEEDS_FILE.has(d.status));
  for (const d of asked) {
    const file =
      d.type === "FOTO_3X4"
        ? await storedFile(
            await sharp({ create: { width: 300, height: 400, channels: 3, background: "#888" } })
              .jpeg()
              .toBuffer(),
            "image/jpeg",
          )
        : await storedFile(`%PDF-1.4 ${d.type}`);
    // A paper that states its own expiry is sent with it, as the form asks.
    const expiryDate = d.expiryOnDocument ? addYears(issueDate, 2) : null;
    await attachDocument(app, { userId }, file, { type: d.type, issueDate, expiryDate }, actor);
  }
  return asked.map((d) => d.type);
}
