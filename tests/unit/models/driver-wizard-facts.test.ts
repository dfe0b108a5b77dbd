// The driver's wizard asks what the applicable rules read (issue #20): the two defects the issue
// found on these screens, and saving only what a page asked.
import { describe, expect, it } from "vitest";
import { type Category, type Mode } from "~/domain/rule-packs";
import { getPack } from "~/domain/rule-packs/shipped";
import { startSession } from "~/http/session.server";
import { getApplication, saveVehicleDraft, startApplication } from "~/models/application.server";
import { evaluateApplication, evaluationInput } from "~/models/application-facts.server";
import { savePerson } from "~/models/person.server";
import { loader as personLoader } from "~/routes/requerimentos.$id.dados/route";
import { loader as vehicleLoader } from "~/routes/requerimentos.$id.veiculo/route";
import { db } from "~/utils/db.server";
import { town } from "../../e2e/fixtures/operator-support";
import { createUser, testActor } from "../../support/factories";

async function application(packId: string, category: Category, mode: Mode) {
  const m = await town(packId);
  const user = await createUser({ name: "Condutora de Teste" });
  const { application } = await startApplication(
    user.id,
    { municipalityId: m.id, category, mode },
    { ...testActor, userId: user.id },
  );
  const cookie = (await startSession(new Request("http://localhost/"), user.id)).split(";")[0];
  const request = new Request(`http://localhost/requerimentos/${application.id}`, { headers: { cookie } });
  return { app: (await getApplication(application.id))!, request, user };
}

const args = (request: Request, id: string) => ({ request, params: { id }, context: {} as never });

describe("the wizard's questions come from the rules that apply", () => {
  it("asks a Jardim mototaxista the motorcycle's passenger places (art. 14, MAX_PASSENGERS 1) and its control number (art. 22, b)", async () => {
    const { app, request } = await application("jardim-ms", "MOTOTAXI", "VINCULADO");
    const asked = (await vehicleLoader(args(request, app.id))).questions.map((q) => q.fact);
    expect(asked).toContain("vehicle.passengerSeats");
    expect(asked).toContain("vehicle.operatorControlNumber");
    expect(asked).toContain("vehicle.firstRegistrationDate"); // art. 13: five years from the first plate
    expect(asked).not.toContain("vehicle.doors");
    expect(asked).not.toContain("vehicle.manufactureYear");
  });

  it("carries the control number the vehicle step keeps into the facts as operatorControlNumber, so the card check passes", async () => {
    const { app } = await application("jardim-ms", "MOTOTAXI", "VINCULADO");
    await saveVehicleDraft(app, { controlNumber: "M-07", passengerSeats: 1 });
    const saved = (await getApplication(app.id))!;
    const pack = getPack("jardim-ms")!;
    expect((await evaluationInput(saved, pack, "2026-06-01")).vehicle?.operatorControlNumber).toBe("M-07");
    const checks = (await evaluateApplication(saved, pack, "2026-06-01")).checks;
    expect(checks.find((c) => c.id === "id_card_vehicle_control_number")?.status).toBe("PASS");
    expect(checks.find((c) => c.id === "vehicle_max_passengers")?.status).toBe("PASS");
  });

  it("asks a Patrocínio mototaxista only name, phone and what art. 5º and 8º read — no address, no RG", async () => {
    const { app, request } = await application("patrocinio-mg", "MOTOTAXI", "AUTONOMO");
    const person = (await personLoader(args(request, app.id))).questions;
    expect(person.map((q) => q.fact)).toEqual([
      "person.fullName",
      "person.phone",
      "person.birthDate",
      "person.cnhCategory",
      "person.cnhFirstLicenseDate",
      "person.heldPermissions",
    ]);
    expect(person.find((q) => q.fact === "person.heldPermissions")?.options).toEqual([
      "TAXI",
      "TRANSPORTE_ESCOLAR",
      "TRANSPORTE_COLETIVO",
    ]);
    const vehicle = (await vehicleLoader(args(request, app.id))).questions.map((q) => q.fact);
    expect(vehicle).not.toContain("vehicle.passengerSeats");
    expect(vehicle).not.toContain("vehicle.leased");
    expect(vehicle).toContain("vehicle.usedForCargo"); // art. 5º, § 8º
  });

  it("saves only the fields the page asked: what another city's form asked stays", async () => {
    const { app, user } = await application("patrocinio-mg", "MOTOTAXI", "AUTONOMO");
    await db.person.update({ where: { id: app.personId! }, data: { bloodType: "O+", street: "Rua das Flores" } });
    await savePerson(
      app.personId!,
      { fullName: "Condutora de Teste", birthDate: "1990-01-02" },
      ["fullName", "birthDate", "bloodType"],
      "3148103",
      { ...testActor, userId: user.id },
      app.municipalityId,
    );
    const p = await db.person.findUniqueOrThrow({ where: { id: app.personId! } });
    expect(p).toMatchObject({ birthDate: "1990-01-02", bloodType: null, street: "Rua das Flores" });
  });
});
