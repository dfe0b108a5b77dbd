// Issue #35, finding 1, the other way round (ADR 055): approving a Patrocínio autonomous driver
// whose plate is in a Jardim company's fleet gave no warning, took the vehicle out of that fleet
// and wrote the driver's data over the company's. An approval never takes a vehicle from its
// holder — another company's fleet, another driver — and the analyst sees the conflict on the
// confirmation page before confirming. The shared vehicles the law has stay shared: the linked
// company's fleet vehicle, and the titular's vehicle driven by a preposto (left as the titular has it).
import { describe, expect, it } from "vitest";
import { parseDraft } from "~/domain/applications/draft";
import { Refusal } from "~/domain/refusal";
import { allPacks } from "~/domain/rule-packs/shipped";
import { approveAndIssue } from "~/models/approval.server";
import { addVehicle } from "~/models/fleet.server";
import * as aprovar from "~/routes/m.$municipio.requerimentos.$id.aprovar/route";
import { db, operatorFor, type Prepared, prepareForApproval, randomPlate, staffActor } from "../support/conformance";
import { answerOf, cookieOf, ORIGIN, type RouteModule, staffOf } from "./access-world";

const pack = (id: string) => allPacks.find((p) => p.id === id)!;
const staff = { ...staffActor, role: "ANALISTA" };

async function refusal(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  if (!(e instanceof Refusal)) throw new Error(`esperava uma recusa, veio ${String(e)}`);
  return e;
}

/** The application now names this plate (as if the driver had typed it in the wizard). */
async function namePlate(p: Prepared, plate: string) {
  const app = await db.application.findUniqueOrThrow({ where: { id: p.applicationId } });
  const draft = parseDraft(app.draftJson);
  await db.application.update({
    where: { id: app.id },
    data: { draftJson: JSON.stringify({ ...draft, vehicle: { ...draft.vehicle, plate } }) },
  });
}

/** "Confirmar a aprovação" as an analyst of the application's municipality sees it. */
async function confirmationPage(p: Prepared) {
  const analyst = await staffOf(p.municipality, ["ANALISTA"]);
  const request = new Request(`${ORIGIN}/m/${p.municipality.slug}/requerimentos/${p.applicationId}/aprovar`, {
    headers: { cookie: await cookieOf(analyst) },
  });
  const answer = await answerOf(() =>
    (aprovar as RouteModule).loader!({
      request,
      params: { municipio: p.municipality.slug, id: p.applicationId },
      context: { clientIp: "127.0.0.1", requestId: "teste" },
    }),
  );
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as { vehicle: string | null; blocked: string | null };
}

/** Nothing was approved: still in review, no credential, the driver on no vehicle. */
async function nothingDone(p: Prepared) {
  expect((await db.application.findUniqueOrThrow({ where: { id: p.applicationId } })).status).toBe("IN_REVIEW");
  expect(await db.credential.count({ where: { applicationId: p.applicationId } })).toBe(0);
  const person = await db.person.findUniqueOrThrow({ where: { userId: p.user.id } });
  expect(await db.vehicleDriver.count({ where: { personId: person.id, until: null } })).toBe(0);
}

const autonomo = () =>
  prepareForApproval({ pack: pack("patrocinio-mg"), category: "MOTOTAXI", mode: "AUTONOMO" }, staff);

describe("vehicle tenancy — an approval taking someone's vehicle (issue #35, finding 1)", () => {
  it("refuses to approve a Patrocínio driver whose plate is in a Jardim company's fleet, says so before confirming, and the fleet keeps its vehicle and data", async () => {
    const jardim = await operatorFor(pack("jardim-ms"), "MOTOTAXI");
    const plate = randomPlate();
    const fleet = await addVehicle(
      jardim.operator,
      {
        plate,
        make: "Yamaha",
        model: "Factor",
        displacementCc: 150,
        passengerSeats: 1,
        controlNumber: "J-7",
        ownerDocument: jardim.operator.cnpj,
        ownerName: jardim.operator.legalName,
        leased: false,
      },
      jardim.actor,
    );
    const p = await autonomo();
    await namePlate(p, plate);

    const refused = await refusal(approveAndIssue(p.applicationId, p.municipality.id, staff));
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toContain("está na frota da empresa");
    expect(refused.message).toContain("Jardim/MS");
    expect(refused.message).toContain("retirá-lo da frota");
    // The analyst reads the same before confirming, and no "Confirmar e emitir" is offered.
    const page = await confirmationPage(p);
    expect(page.blocked).toBeNull();
    expect(page.vehicle).toBe(refused.message);
    expect(await db.vehicle.findUniqueOrThrow({ where: { id: fleet.id } })).toMatchObject({
      operatorId: jardim.operator.id,
      make: "Yamaha",
      model: "Factor",
      controlNumber: "J-7",
      ownerName: jardim.operator.legalName,
    });
    await nothingDone(p);
  }, 120_000);

  it("refuses to approve a driver whose plate another credentialed driver holds, and leaves that driver's vehicle alone", async () => {
    const holder = await autonomo();
    await approveAndIssue(holder.applicationId, holder.municipality.id, staff);
    const before = await db.vehicle.findUniqueOrThrow({ where: { plate: holder.vehicle.plate! } });
    const p = await autonomo();
    await namePlate(p, before.plate);

    const refused = await refusal(approveAndIssue(p.applicationId, p.municipality.id, staff));
    expect(refused.message).toContain("registrado por outro condutor, credenciado neste município");
    expect(refused.message).toContain("a aprovação não transfere o veículo de outro titular");
    expect((await confirmationPage(p)).vehicle).toBe(refused.message);
    expect(await db.vehicle.findUniqueOrThrow({ where: { id: before.id } })).toEqual(before);
    await nothingDone(p);
  }, 120_000);

  it("approves a linked driver whose plate is in his own company's fleet: the vehicle stays in it", async () => {
    const p = await prepareForApproval({ pack: pack("jardim-ms"), category: "MOTOTAXI", mode: "VINCULADO" }, staff);
    const company = p.operator!;
    const plate = p.vehicle.plate!;
    await addVehicle(
      company.operator,
      {
        plate,
        displacementCc: 150,
        passengerSeats: 1,
        controlNumber: "J-8",
        ownerDocument: company.operator.cnpj,
        ownerName: company.operator.legalName,
        leased: false,
      },
      company.actor,
    );
    expect((await confirmationPage(p)).vehicle).toBeNull();
    await approveAndIssue(p.applicationId, p.municipality.id, staff);
    const vehicle = await db.vehicle.findUniqueOrThrow({ where: { plate } });
    expect(vehicle.operatorId).toBe(company.operator.id);
    const person = await db.person.findUniqueOrThrow({ where: { userId: p.user.id } });
    expect(await db.vehicleDriver.count({ where: { vehicleId: vehicle.id, personId: person.id, until: null } })).toBe(
      1,
    );
  }, 120_000);

  it("approves a preposto on the titular's vehicle without rewriting the titular's data", async () => {
    const p = await prepareForApproval({ pack: pack("patrocinio-mg"), category: "MOTOTAXI", mode: "PREPOSTO" }, staff);
    const before = await db.vehicle.findUniqueOrThrow({ where: { plate: p.vehicle.plate! } });
    // The preposto typed the titular's vehicle otherwise; the titular's record is theirs.
    const app = await db.application.findUniqueOrThrow({ where: { id: p.applicationId } });
    const draft = parseDraft(app.draftJson);
    await db.application.update({
      where: { id: app.id },
      data: { draftJson: JSON.stringify({ ...draft, vehicle: { ...draft.vehicle, colour: "Verde" } }) },
    });
    expect((await confirmationPage(p)).vehicle).toBeNull();
    await approveAndIssue(p.applicationId, p.municipality.id, staff);
    const after = await db.vehicle.findUniqueOrThrow({ where: { id: before.id } });
    expect(after.colour).toBe(before.colour);
    expect(after.operatorId).toBe(before.operatorId);
    expect(await db.vehicleDriver.count({ where: { vehicleId: before.id, until: null } })).toBe(2);
  }, 120_000);
});
