// What the tests of pack drafts share: a town on Lavras' pack, a new town with its law, a gestor, a
// refusal caught.
import { readFileSync } from "node:fs";
import { isRefusal } from "~/domain/refusal";
import { saveLawText } from "~/models/law-text.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createUser } from "../../support/factories";

export const ZONE = "America/Sao_Paulo";

/** A municipality on Lavras' pack, on São Paulo's clock. */
export async function lavrasTown() {
  const m = await createMunicipality();
  return db.municipality.update({ where: { id: m.id }, data: { rulePackId: "lavras-mg", timeZone: ZONE } });
}

/** A gestor (the actor of a draft's steps). */
export async function gestor() {
  const user = await createUser();
  return { userId: user.id, role: "GESTOR", municipalityId: null, requestId: "teste" };
}

/** The document with the vehicle's maximum age changed: a change an evaluation would see. */
export function withVehicleAge(text: string, years: number): string {
  const doc = JSON.parse(text);
  doc.vehicleRules.find((r: { id: string }) => r.id === "vehicle_age").years = years;
  return JSON.stringify(doc, null, 2);
}

/** The refusal a promise ends in (null when it succeeds); anything else thrown is passed on. */
export const refusalOf = (p: Promise<unknown>) =>
  p.then(() => null).catch((e) => (isRefusal(e) ? e : Promise.reject(e)));

/** The fictional town's law, as the e2e attaches it (compiled, with its amendment). */
export const NEW_TOWN_LAW = readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1234-2025.txt", "utf8");

/** A town with no pack of its own yet, closed to drivers, its law attached. */
export async function newTown() {
  const m = await createMunicipality("Vale do Ipê");
  await saveLawText(
    m.id,
    { label: "Lei 1.234/2025", title: "Mototáxi", publishedOn: "2025-02-28", text: NEW_TOWN_LAW, position: 0 },
    await gestor(),
  );
  return db.municipality.update({
    where: { id: m.id },
    data: {
      rulePackId: `vale-do-ipe-${m.id.slice(-6).replace(/[^a-z0-9]/g, "x")}-mg`,
      active: false,
      timeZone: ZONE,
    },
  });
}
