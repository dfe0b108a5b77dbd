// A municipal pack silent on vehicles does not drop the federal vehicle floor (ADR 060): the CTB's
// aluguel registration and semi-annual inspection still reach a motofrete who brings their own
// motorcycle; only a preposto, who drives the titular's, is not asked for it again.
import { describe, expect, test } from "vitest";
import { evaluate, vistoriaChecklist } from "~/domain/eligibility";
import { definePack, layeredRules, type RulePackInput, RulePackValidationError } from "~/domain/rule-packs";

const L = (u: string) => `Lei 100/2020, ${u}`;
const CTB = (u: string) => `Lei 9.503/1997 (CTB), ${u}`;
const R943 = (u: string) => `Resolução CONTRAN 943/2022, ${u}`;

/** A city's law that speaks of the person only: no vehicle rule, no vistoria, for any category. */
function silentOnVehicles(categories: Array<"MOTOBOY" | "MOTOFRETE" | "MOTOTAXI">): RulePackInput {
  const modes = ["AUTONOMO", "PREPOSTO"] as const;
  return {
    id: "silencio-mg",
    version: "1.0.0",
    effectiveDate: "2020-01-01",
    law: { label: "Lei 100/2020", title: "Lei que não fala do veículo", date: "2020-01-01" },
    municipality: { ibge: "3133808", name: "Itaúna", uf: "MG" },
    fiscalUnit: "UFM",
    categories: categories.map((code) => ({
      code,
      label: code,
      acts: [{ kind: "AUTORIZACAO" as const, modes: [...modes], label: "Autorização", citation: L("art. 1º") }],
      modes: modes.map((mode) => ({ mode, citation: L("art. 1º") })),
    })),
    infractions: {
      catalogue: [
        {
          code: "ATRASO",
          description: "Atraso",
          offender: "CONDUTOR",
          penalty: { warning: true, citation: L("art. 4º") },
          citation: L("art. 4º"),
        },
      ],
    },
  } as RulePackInput;
}

describe("a municipal pack silent on vehicles keeps the federal vehicle floor", () => {
  const pack = definePack(silentOnVehicles(["MOTOBOY", "MOTOFRETE"]));

  test("a motofrete's motorcycle is registered as aluguel (CTB art. 139-A, I)", () => {
    const rules = layeredRules(pack, "MOTOFRETE", "AUTONOMO");
    expect(rules.vehicleRules).toEqual([
      expect.objectContaining({
        kind: "REGISTRATION_CATEGORY",
        category: "ALUGUEL",
        citation: CTB("art. 139-A, I"),
        layer: "FEDERAL",
      }),
    ]);
  });

  test("and inspected every six months (CTB art. 139-A, IV), with the federal equipment", () => {
    const vistoria = vistoriaChecklist(pack, "MOTOFRETE", "AUTONOMO");
    expect(vistoria).toMatchObject({ period: "P6M", periodCitation: CTB("art. 139-A, IV"), layer: "FEDERAL" });
    expect(vistoria?.items.map((i) => i.code)).toEqual(
      expect.arrayContaining(["MATA_CACHORRO", "ANTENA_CORTA_PIPAS", "DISPOSITIVO_CARGA"]),
    );
  });

  test("evaluate fails a particular-plate motorcycle, citing the CTB", () => {
    const result = evaluate({
      pack,
      category: "MOTOFRETE",
      mode: "AUTONOMO",
      date: "2025-06-15",
      person: { birthDate: "1990-01-01", cnhCategory: "A", cnhFirstLicenseDate: "2015-01-01" },
      vehicle: { registrationCategory: "PARTICULAR" },
    });
    const check = result.checks.find((c) => c.id === "vehicle_registration_category");
    expect(check).toMatchObject({ status: "FAIL", citation: CTB("art. 139-A, I") });
  });

  test("a preposto drives the titular's motorcycle: not asked for it again", () => {
    const rules = layeredRules(pack, "MOTOFRETE", "PREPOSTO");
    expect(rules.vehicleRules).toEqual([]);
    expect(rules.vistoria).toBeNull();
  });

  test("a motoboy has no federal vehicle rule to add (Lei 12.009/2009 speaks of the person)", () => {
    expect(layeredRules(pack, "MOTOBOY", "AUTONOMO").vehicleRules).toEqual([]);
  });
});

describe("a mototáxi the city does not inspect cannot load silently", () => {
  test("the federal equipment items have no federal period to schedule them: the loader names them", () => {
    let error: unknown;
    try {
      definePack(silentOnVehicles(["MOTOTAXI"]));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RulePackValidationError);
    const refusal = error as RulePackValidationError;
    expect(refusal.rule).toBe("vistoria");
    expect(refusal.problem).toContain("MOTOTAXI/AUTONOMO");
    expect(refusal.problem).toContain(R943("art. 3º, I"));
  });
});
