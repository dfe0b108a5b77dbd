import { describe, expect, it } from "vitest";
import { Refusal } from "~/domain/refusal";
import { addVehicle, assignDriver, listFleet } from "~/models/fleet.server";
import type { FleetVehicleInput } from "~/models/fleet-checks.server";
import { db } from "~/utils/db.server";
import { credentialed, linkedDriver, town, validCpf } from "../../e2e/fixtures/operator-support";

let plates = 0;
const plate = () =>
  `TST${Date.now() % 10}${String.fromCharCode(65 + (plates % 26))}${String(plates++ % 100).padStart(2, "0")}`;

const refusalOf = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  if (!(e instanceof Refusal)) throw new Error(`esperava uma recusa, veio ${String(e)}`);
  return { kind: e.kind, text: e.message };
};

describe("fleet — who may own a vehicle", () => {
  it("refuses a motorcycle in a private person's name where the law demands the company's (Itaúna art. 6º, VI), and accepts the company's", async () => {
    const m = await town("itauna-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "MOTOFRETE",
      kind: "EMPRESA",
      facts: { headOfficeHere: true },
    });
    const base: FleetVehicleInput = {
      plate: plate(),
      make: "Honda",
      model: "CG 160",
      manufactureYear: 2024,
      displacementCc: 160,
      registrationCategory: "ALUGUEL",
      ownerDocument: validCpf(),
      ownerName: "Fulano de Tal",
      leased: false,
    };
    const refused = await refusalOf(addVehicle(operator, base, actor));
    expect(refused.kind).toBe("conflict");
    expect(refused.text).toContain("Lei 4.785/2013, art. 6º, VI");
    expect(await db.vehicle.count({ where: { plate: base.plate } })).toBe(0);
    const v = await addVehicle(
      operator,
      { ...base, ownerDocument: operator.cnpj, ownerName: operator.legalName },
      actor,
    );
    expect(v).toMatchObject({ operatorId: operator.id, ownerKind: "OPERATOR" });
  });

  it("admits a company-owned car only under a lease where the law says so (Lavras art. 10, § 5º)", async () => {
    const m = await town("lavras-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    const car: FleetVehicleInput = {
      plate: plate(),
      manufactureYear: 2022,
      doors: 4,
      passengerSeats: 4,
      ownerDocument: operator.cnpj,
      ownerName: operator.legalName,
      leased: false,
    };
    expect((await refusalOf(addVehicle(operator, car, actor))).text).toContain("Lei 4.544/2019, art. 10, § 5º");
    expect(await addVehicle(operator, { ...car, leased: true }, actor)).toMatchObject({
      ownerKind: "OPERATOR",
      leased: true,
    });
    // A car failing another rule of the law is refused too (two doors).
    expect(
      (await refusalOf(addVehicle(operator, { ...car, plate: plate(), doors: 2, leased: true }, actor))).text,
    ).toContain("Lei 4.544/2019, art. 10, III");
  });

  it("refuses a plate already in another company's fleet", async () => {
    const m = await town("itauna-mg");
    const a = await credentialed(m.id, { category: "MOTOFRETE", kind: "EMPRESA", facts: { headOfficeHere: true } });
    const b = await credentialed(m.id, { category: "MOTOFRETE", kind: "EMPRESA", facts: { headOfficeHere: true } });
    const p = plate();
    await addVehicle(a.operator, { plate: p, ownerDocument: a.operator.cnpj, ownerName: "A", leased: false }, a.actor);
    expect(
      await refusalOf(
        addVehicle(b.operator, { plate: p, ownerDocument: b.operator.cnpj, ownerName: "B", leased: false }, b.actor),
      ),
    ).toMatchObject({ kind: "conflict" });
  });
});

describe("fleet — Jardim's concessionárias", () => {
  it("asks for the company's control number of each motorcycle (art. 22, b)", async () => {
    const m = await town("jardim-ms", 25000);
    const { operator, actor } = await credentialed(m.id, {
      category: "MOTOTAXI",
      kind: "CONCESSIONARIA",
      facts: { declaredAssetsBrl: 20000 },
    });
    const moto: FleetVehicleInput = {
      plate: plate(),
      displacementCc: 150,
      passengerSeats: 1,
      ownerDocument: operator.cnpj,
      ownerName: operator.legalName,
      leased: false,
    };
    expect(await refusalOf(addVehicle(operator, moto, actor))).toMatchObject({
      kind: "invalid",
      text: expect.stringContaining("Lei 904/1997, art. 22, b"),
    });
    await addVehicle(operator, { ...moto, controlNumber: "07" }, actor);
    expect((await listFleet(operator.id))[0]).toMatchObject({ controlNumber: "07", seal: null, vistoria: null });
  });

  it("refuses a motorcycle past the population quota, with the citation, and changes nothing", async () => {
    const m = await town("jardim-ms", 2500); // 2,500 inhabitants: 1 concession, 10 motorcycles
    const { operator, actor } = await credentialed(m.id, {
      category: "MOTOTAXI",
      kind: "CONCESSIONARIA",
      facts: { declaredAssetsBrl: 20000 },
    });
    for (let n = 1; n <= 10; n++)
      await addVehicle(
        operator,
        { plate: plate(), controlNumber: String(n), ownerDocument: operator.cnpj, ownerName: "C", leased: false },
        actor,
      );
    const p = plate();
    const refused = await refusalOf(
      addVehicle(
        operator,
        { plate: p, controlNumber: "11", ownerDocument: operator.cnpj, ownerName: "C", leased: false },
        actor,
      ),
    );
    expect(refused.kind).toBe("conflict");
    expect(refused.text).toContain("Não há vaga: 10 em vigor, e a lei admite 10 motocicletas para 2.500 habitantes");
    expect(refused.text).toContain("Lei 904/1997, art. 5º, b, com redação dada pela Lei 951/1999");
    expect(await db.vehicle.count({ where: { plate: p } })).toBe(0);
  });
});

describe("fleet — drivers of a vehicle", () => {
  it("lets a company link more than one driver to a motorcycle (Itaúna art. 10), once each", async () => {
    const m = await town("itauna-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "MOTOFRETE",
      kind: "EMPRESA",
      facts: { headOfficeHere: true },
    });
    const v = await addVehicle(
      operator,
      { plate: plate(), ownerDocument: operator.cnpj, ownerName: "Empresa", leased: false },
      actor,
    );
    const first = await linkedDriver(operator, actor, "Primeiro Condutor");
    const second = await linkedDriver(operator, actor, "Segundo Condutor");
    await assignDriver(operator, v.id, first.link.id, actor);
    await assignDriver(operator, v.id, second.link.id, actor);
    expect((await listFleet(operator.id))[0].drivers.map((d) => d.person.fullName).sort()).toEqual([
      "Primeiro Condutor",
      "Segundo Condutor",
    ]);
    expect(await refusalOf(assignDriver(operator, v.id, first.link.id, actor))).toMatchObject({ kind: "conflict" });
    // Only the company's own active drivers.
    const other = await credentialed(m.id, { category: "MOTOFRETE", kind: "EMPRESA", facts: { headOfficeHere: true } });
    const stranger = await linkedDriver(other.operator, other.actor);
    expect(await refusalOf(assignDriver(operator, v.id, stranger.link.id, actor))).toMatchObject({ kind: "invalid" });
  });
});
