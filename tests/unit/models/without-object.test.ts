// A requirement without object (the DPVAT) through the models the pages call: the municipality's
// pack does not ask it until the gestor publishes the switch, and that publication is audited.
import { describe, expect, test } from "vitest";
import { evaluate } from "~/domain/eligibility";
import { activePack, publishParameters } from "~/models/rule-pack.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createUser, testActor } from "../../support/factories";

const DATE = "2026-06-10";

async function dpvatIn(m: { id: string; rulePackId: string }) {
  const pack = await activePack(m);
  const result = evaluate({ pack, date: DATE, category: "MOTOTAXI", mode: "AUTONOMO" });
  return {
    asked: result.requiredDocuments.some((d) => d.type === "DPVAT"),
    shown: result.withoutObject.map((w) => w.type),
  };
}

describe("the DPVAT in Patrocínio (Lei 4.883/2017, art. 5º, § 5º)", () => {
  test("is shown as without object, and asked only after the gestor switches it on — audited", async () => {
    const m = await createMunicipality("Patrocínio do Teste");
    expect(await dpvatIn(m)).toEqual({ asked: false, shown: ["DPVAT"] });

    const gestor = await createUser({ name: "Gestora do Seguro" });
    await publishParameters(m, { pedirSeguroObrigatorio: 1 }, "Decreto 7/2026: seguro privado no lugar do DPVAT", {
      ...testActor,
      userId: gestor.id,
    });
    expect(await dpvatIn(m)).toEqual({ asked: true, shown: [] });
    const event = await db.auditEvent.findFirstOrThrow({
      where: { municipalityId: m.id, action: "rule_pack.publish" },
      orderBy: { at: "desc" },
    });
    expect(JSON.parse(event.afterJson ?? "{}")).toMatchObject({ values: { pedirSeguroObrigatorio: 1 } });

    await publishParameters(m, { pedirSeguroObrigatorio: 0 }, "Decreto 8/2026 revoga o 7", {
      ...testActor,
      userId: gestor.id,
    });
    expect(await dpvatIn(m)).toEqual({ asked: false, shown: ["DPVAT"] });
  });
});
