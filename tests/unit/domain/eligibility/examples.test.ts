// A pack's example applicants (issue #30): judged by the engine on their own day, each outcome
// compared with the one its author wrote; a wrong expectation, a rule the example leaves without its
// fact, or a category the pack does not offer is a problem that names the example.
import { describe, expect, it } from "vitest";
import { exampleProblems } from "~/domain/eligibility/examples";
import { checkPackDocument, documentOfPack, type PackExample, type RulePack } from "~/domain/rule-packs";
import { getPack, patrocinioMg } from "~/domain/rule-packs/shipped";

/** A mototaxista Patrocínio's law accepts on 2025-06-15 (as in patrocinio.test.ts). */
const accepted: PackExample = {
  name: "Mototaxista de 35 anos, CNH A há 10 anos, moto de 2022 com 160 cc",
  category: "MOTOTAXI",
  mode: "AUTONOMO",
  date: "2025-06-15",
  person: {
    birthDate: "1990-01-01",
    cnhCategory: "A",
    cnhFirstLicenseDate: "2015-01-01",
    heldPermissions: [],
    otherRegisteredVehicles: 0,
  },
  vehicle: {
    manufactureYear: 2022,
    displacementCc: 160,
    registrationCategory: "ALUGUEL",
    licensingMunicipalityIbge: "3148103",
    ownerKind: "HOLDER",
    usedForCargo: false,
    usedForPassengers: false,
  },
  quota: { population: 90_000, inForce: { PERMISSAO: 10 } },
  expected: "ELIGIBLE",
  failing: [],
  documents: [],
};
const young: PackExample = {
  ...accepted,
  name: "Mototaxista de 20 anos",
  person: { ...accepted.person, birthDate: "2005-01-01" },
  expected: "NOT_ELIGIBLE",
  failing: ["min_age"],
};
const withExamples = (...examples: PackExample[]): RulePack => ({ ...patrocinioMg, examples });

describe("example applicants", () => {
  it("pass when the rules give each the outcome its author wrote", () => {
    expect(exampleProblems(withExamples(accepted, young))).toEqual([]);
  });

  it("name the example and the rule when the rules say otherwise", () => {
    const problems = exampleProblems(
      withExamples(
        { ...young, expected: "ELIGIBLE", failing: [] },
        { ...accepted, name: "Sem CNH informada", person: { ...accepted.person, cnhCategory: null } },
        { ...young, failing: ["vehicle_age"] },
        { ...accepted, name: "Devia ser recusado", expected: "NOT_ELIGIBLE", failing: ["min_age"] },
        { ...accepted, name: "Aplicativo", category: "APLICATIVO" },
      ),
    );
    expect(problems.map((p) => p.rule)).toEqual(["examples.0", "examples.1", "examples.2", "examples.3", "examples.4"]);
    expect(problems[0].problem).toMatch(
      /^exemplo "Mototaxista de 20 anos": devia ser aceito, mas é recusado: min_age \(/,
    );
    expect(problems[1].problem).toBe(
      'exemplo "Sem CNH informada": a regra cnh_category não se decide com o que o exemplo informa (falta um dado do requerente ou um documento que a regra pede): complete o exemplo.',
    );
    expect(problems[2].problem).toMatch(
      /^exemplo "Mototaxista de 20 anos": devia ser recusado por vehicle_age, que passa; é recusado também por min_age \(/,
    );
    expect(problems[3].problem).toBe('exemplo "Devia ser recusado": devia ser recusado, mas cumpre todas as regras.');
    expect(problems[4].problem).toContain("não oferece a categoria APLICATIVO");
  });

  it("present documents as accepted: Lavras lets an older car in with an engineer's report", () => {
    const car: PackExample = {
      name: "Motorista de aplicativo, carro de 2010 com laudo",
      category: "APLICATIVO",
      mode: "VINCULADO",
      date: "2025-06-15",
      person: { cnhCategory: "B", cnhEar: true, residenceMunicipalityIbge: "3138203" },
      vehicle: {
        manufactureYear: 2010,
        doors: 4,
        passengerSeats: 4,
        licensingMunicipalityIbge: "3138203",
        ownerKind: "HOLDER",
        leased: false,
      },
      operator: {
        credentialed: true,
        reportedDriverData: true,
        headOfficeMunicipalityIbge: "3550308",
        branchMunicipalityIbges: ["3138203"],
      },
      documents: ["LAUDO_ENGENHEIRO_MECANICO"],
      expected: "ELIGIBLE",
      failing: [],
    };
    const lavras = getPack("lavras-mg")!;
    expect(exampleProblems({ ...lavras, examples: [car] })).toEqual([]);
    const withoutReport = exampleProblems({ ...lavras, examples: [{ ...car, documents: [] }] });
    expect(withoutReport.map((p) => p.problem)).toEqual([expect.stringContaining("a regra vehicle_age não se decide")]);
  });

  it("count from the example's own day, even before the version's", () => {
    const later: RulePack = { ...withExamples(accepted), effectiveDate: "2026-12-01" };
    expect(exampleProblems(later)).toEqual([]);
  });

  it("travel in the pack's document, and a malformed one is refused naming its field", () => {
    const text = JSON.stringify({
      ...JSON.parse(documentOfPack(patrocinioMg, "/schemas/rule-pack.json")),
      examples: [accepted, young],
    });
    expect(checkPackDocument(text).problems).toEqual([]);
    expect(checkPackDocument(text).pack?.examples).toHaveLength(2);
    const typo = JSON.stringify({
      ...JSON.parse(documentOfPack(patrocinioMg, "/schemas/rule-pack.json")),
      examples: [{ ...accepted, person: { idade: 35 } }],
    });
    expect(checkPackDocument(typo).problems.map((p) => p.rule)).toEqual(["examples.0.person"]);
  });
});
