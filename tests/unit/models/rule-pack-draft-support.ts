// What the tests of pack drafts share: a town on Lavras' pack, a gestor, a refusal caught.
import { isRefusal } from "~/domain/refusal";
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
