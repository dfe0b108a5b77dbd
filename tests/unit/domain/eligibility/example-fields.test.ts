// An example applicant written in the draft page's form (issue #30's editor, ADR 071): the facts the
// service's rules read, asked as the wizard asks them, become an entry of `examples` that the next
// check judges like any other.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exampleForm, withExample } from "~/domain/eligibility/example-fields";
import { exampleProblems } from "~/domain/eligibility/examples";
import { citedDraftFromLaw } from "~/domain/laws/proposals";
import { structureOfLaw } from "~/domain/laws/structure";
import { checkPackDocument } from "~/domain/rule-packs";
import { acceptAllProposals } from "~/domain/rule-packs/accept-proposal";
import { LAW, skeleton } from "../rule-packs/new-town-draft";

const LAW_LABEL = "Lei 1.234/2025";
const { categories, quotes } = JSON.parse(
  readFileSync("tests/fixtures/laws/vale-do-ipe-mg-pack-written-by-hand.json", "utf8"),
);
const draft = acceptAllProposals(
  JSON.stringify({ ...JSON.parse(skeleton), categories, quotes }),
  citedDraftFromLaw(LAW_LABEL, structureOfLaw(LAW).units).proposals,
).text;
const { pack } = checkPackDocument(draft);

/** Vale do Ipê's mototaxista of 30, as typed into the form. */
const accepted = {
  servico: "MOTOTAXI.AUTONOMO",
  nome: "Mototaxista de 30 anos, CNH A há 5 anos com EAR, moto de 2022 com 160 cc",
  data: "2026-12-07",
  esperado: "ELIGIBLE",
  "fato.person.birthDate": "1996-05-10",
  "fato.person.cnhCategory": "A",
  "fato.person.cnhFirstLicenseDate": "2021-03-01",
  "fato.person.cnhEar": "sim",
  "fato.person.residenceMunicipalityIbge": "sim",
  "fato.person.bloodType": "O+",
  "fato.vehicle.manufactureYear": "2022",
  "fato.vehicle.displacementCc": "160",
  "fato.vehicle.registrationCategory": "ALUGUEL",
  "fato.vehicle.licensingMunicipalityIbge": "sim",
  "fato.vehicle.ownerKind": "HOLDER",
  "vagas.populacao": "23418",
  "vagas.PERMISSAO": "3",
};

describe("an example applicant from its form", () => {
  it("asks the facts the service's rules read, as the wizard asks them, and its vagas", () => {
    expect(pack).not.toBeNull();
    const form = exampleForm(pack!, "MOTOTAXI", "AUTONOMO");
    expect(form.facts.map((f) => f.name)).toEqual(
      expect.arrayContaining(["person.birthDate", "person.cnhEar", "vehicle.displacementCc", "vehicle.ownerKind"]),
    );
    expect(form.facts.find((f) => f.name === "person.residenceMunicipalityIbge")).toMatchObject({
      label: "Você mora em Vale do Ipê?",
      input: { kind: "yesNo" },
    });
    expect(form.quotaUnits).toEqual(["PERMISSAO"]);
    expect(form.rules.map((r) => r.id)).toContain("min_age");
    // Motofrete has no vagas in this law.
    expect(exampleForm(pack!, "MOTOFRETE", "AUTONOMO").quotaUnits).toEqual([]);
  });

  it("writes the example, judged by the rules on the next check: accepted, and refused by the age", () => {
    const one = withExample(draft, accepted);
    expect(one.ok).toBe(true);
    const young = {
      ...accepted,
      nome: "Mototaxista de 20 anos",
      "fato.person.birthDate": "2006-01-15",
      esperado: "NOT_ELIGIBLE",
      falha: ["min_age"],
    };
    const both = withExample((one as { text: string }).text, young);
    const doc = JSON.parse((both as { text: string }).text);
    expect(doc.examples).toHaveLength(2);
    expect(doc.examples[0]).toMatchObject({
      category: "MOTOTAXI",
      mode: "AUTONOMO",
      person: { cnhEar: true, residenceMunicipalityIbge: doc.municipality.ibge },
      vehicle: { displacementCc: 160 },
      quota: { population: 23418, inForce: { PERMISSAO: 3 } },
      expected: "ELIGIBLE",
    });
    const judged = checkPackDocument((both as { text: string }).text);
    expect(judged.problems).toEqual([]);
    expect(exampleProblems(judged.pack!)).toEqual([]);
    // Expected refused by the CNH instead: the check says what refuses it.
    const wrong = withExample(draft, { ...young, falha: ["cnh_category"] });
    const problems = exampleProblems(checkPackDocument((wrong as { text: string }).text).pack!).map((p) => p.problem);
    expect(problems.join(" ")).toContain("devia ser recusado por cnh_category");
  });

  it("names every wrong field at once, and writes nothing then", () => {
    expect(
      withExample(draft, { ...accepted, nome: " ", data: "07/12/2026", "fato.vehicle.displacementCc": "150cc" }),
    ).toEqual({
      ok: false,
      errors: {
        nome: "Diga quem é o exemplo, em uma frase (“Mototaxista de 20 anos”).",
        data: "Informe o dia em que o exemplo é julgado.",
        "fato.vehicle.displacementCc": expect.stringContaining("informe um número inteiro"),
      },
    });
    expect(withExample(draft, { ...accepted, servico: "APLICATIVO.VINCULADO" })).toEqual({
      ok: false,
      errors: { servico: "Escolha o serviço do exemplo." },
    });
  });
});
