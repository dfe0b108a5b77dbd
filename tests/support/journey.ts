// A complete, eligible mototáxi application in Patrocínio, built through the models the routes
// use — shared by the lifecycle and issuance tests.
import { randomInt } from "node:crypto";
import sharp from "sharp";
import {
  applyAction,
  evaluateFor,
  getApplication,
  saveVehicleDraft,
  startApplication,
  submitApplication,
} from "~/models/application.server";
import { attachDocument, decideDocument } from "~/models/document.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createUser, storedFile, testActor } from "./factories";

export const PATROCINIO_IBGE = "3148103";

/**
 * A Mercosul plate of its own for each driver: a plate is one vehicle on the whole platform, and
 * an approval refuses a vehicle another driver holds (ADR 055).
 */
const driverPlate = () => {
  const l = () => "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[randomInt(26)];
  return `${l()}${l()}${l()}${randomInt(10)}${l()}${randomInt(10)}${randomInt(10)}`;
};

export async function eligibleMototaxiApplication(opts: { population?: number } = {}) {
  const plate = driverPlate();
  const m = await createMunicipality("Patrocínio de Teste");
  if (opts.population) await db.municipality.update({ where: { id: m.id }, data: { population: opts.population } });
  const user = await createUser({ name: "Carlos Mototaxista" });
  const actor = { ...testActor, userId: user.id };
  const { application } = await startApplication(
    user.id,
    { municipalityId: m.id, category: "MOTOTAXI", mode: "AUTONOMO" },
    actor,
  );
  await db.person.update({
    where: { id: application.personId! },
    data: {
      fullName: "Carlos Mototaxista",
      birthDate: "1990-05-10",
      cnhCategory: "A",
      cnhFirstLicenseDate: "2015-03-01",
      cnhEar: true,
      residenceMunicipalityIbge: PATROCINIO_IBGE,
      heldPermissionsJson: "[]",
      bloodType: "O+",
    },
  });
  await saveVehicleDraft(application, {
    plate,
    renavam: undefined,
    make: "Honda",
    model: "CG 160",
    colour: "Amarela",
    manufactureYear: 2024,
    displacementCc: 160,
    registrationCategory: "ALUGUEL",
    licensedInMunicipality: true,
    ownerKind: "HOLDER",
    leased: false,
    usedForCargo: false,
    usedForPassengers: true,
    licensingUpToDate: true,
  });
  const app = (await getApplication(application.id))!;
  const { result } = await evaluateFor(app);
  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#888" } })
    .jpeg()
    .toBuffer();
  const recent = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  for (const d of result.requiredDocuments.filter((d) => d.submittedBy === "REQUERENTE")) {
    const file = d.type === "FOTO_3X4" ? await storedFile(photo, "image/jpeg") : await storedFile(`%PDF-1.4 ${d.type}`);
    await attachDocument(
      app,
      { userId: user.id },
      file,
      { type: d.type, issueDate: recent, expiryDate: d.validity !== null || d.expiryOnDocument ? "2030-01-01" : null },
      actor,
    );
  }
  return { municipality: m, user, actor, applicationId: app.id, plate };
}

/** Submits, starts the review and accepts every document. */
export async function submittedAndAccepted(applicationId: string, actor: typeof testActor, staff: typeof testActor) {
  const submitted = await submitApplication((await getApplication(applicationId))!, actor);
  if (!submitted.ok) throw new Error(submitted.blockers.join("\n"));
  await applyAction(applicationId, "start_review", staff);
  const app = (await getApplication(applicationId))!;
  const docs = await db.document.findMany({ where: { applicationId, replacedById: null } });
  for (const d of docs) await decideDocument(d.id, app.municipalityId, { accept: true }, staff);
}
