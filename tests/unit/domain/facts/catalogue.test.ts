// Ask what the law asks (issue #20), over every pack × category × mode the packs allow: each fact
// an applicable rule reads has someone to supply it; answering every question the wizard asks,
// with the other suppliers' facts given, makes the application eligible; and the wizard asks
// nothing that no applicable rule reads (identification fields aside, each with its reason).
import { describe, expect, test } from "vitest";
import { vehicleFormFor } from "~/domain/applications/draft";
import { personFormFor } from "~/domain/applications/person-form";
import { type DocumentOnFile, evaluate, type EvaluationInput } from "~/domain/eligibility";
import {
  driverQuestions,
  FACT_KEYS,
  FACTS,
  factsAsked,
  factsRead,
  IDENTIFICATION_FIELDS,
  type PersonField,
  type Question,
  questionFields,
  type VehicleField,
} from "~/domain/facts";
import { type Category, type Mode, type RulePack } from "~/domain/rule-packs";
import { layeredRules } from "~/domain/rule-packs/compose";
import { allPacks } from "~/domain/rule-packs/shipped";

const DATE = "2026-06-01";

const combinations = allPacks.flatMap((pack) =>
  pack.categories.flatMap((c) =>
    c.modes.map(({ mode }) => ({
      pack,
      category: c.code as Category,
      mode: mode as Mode,
      name: `${pack.id} ${c.code} ${mode}`,
    })),
  ),
);

/** What a driver may type for each field, best guesses first; the search keeps what passes. */
function candidates(q: Question): (string | string[])[] {
  const def = FACTS[q.fact];
  const input = def.input;
  if (input.kind === "yesNo") return ["sim", "nao"];
  if (input.kind === "choice") return (q.options ?? input.options.map((o) => o.value)) as string[];
  if (input.kind === "multiChoice") return [[]];
  const typed: Partial<Record<PersonField | VehicleField, string[]>> = {
    fullName: ["Fulana de Tal Pereira"],
    phone: ["(34) 99876-5432"],
    birthDate: ["1980-04-02"],
    cnhFirstLicenseDate: ["2001-02-03"],
    rgNumber: ["MG1234567"],
    rgIssuer: ["SSP/MG"],
    cnhNumber: [""],
    plate: ["ABC1D23"],
    renavam: [""],
    make: ["Honda"],
    model: ["CG 160"],
    colour: ["Vermelha"],
    ownerName: ["Fulana de Tal Pereira"],
    manufactureYear: ["2025"],
    firstRegistrationDate: ["2025-06-01"],
    displacementCc: ["150"],
    doors: ["4"],
    passengerSeats: ["1"],
    controlNumber: ["M-07"],
  };
  const values = typed[def.form!.field];
  if (!values) throw new Error(`sem resposta de teste para ${q.fact}`);
  return values;
}

type Answers = Record<string, string | string[]>;

/** The facts the engine sees from the driver's answers, parsed by the wizard's own forms. */
function facts(pack: RulePack, person: Question[], vehicle: Question[], a: Answers) {
  const p = personFormFor(questionFields<PersonField>(person), DATE).parse(a);
  const v = vehicleFormFor(questionFields<VehicleField>(vehicle)).parse(a);
  const here = (yes: boolean | undefined) => (yes === undefined ? null : yes ? pack.municipality.ibge : "0000000");
  return {
    person: {
      birthDate: p.birthDate,
      cnhCategory: p.cnhCategory,
      cnhFirstLicenseDate: p.cnhFirstLicenseDate,
      cnhEar: p.cnhEar,
      bloodType: p.bloodType,
      residenceMunicipalityIbge: here(p.livesInMunicipality),
      heldPermissions: "heldPermissions" in p ? p.heldPermissions : null,
      otherRegisteredVehicles: 0, // DERIVED
    },
    vehicle: {
      plate: v.plate,
      manufactureYear: v.manufactureYear,
      firstRegistrationDate: v.firstRegistrationDate,
      displacementCc: v.displacementCc,
      doors: v.doors,
      passengerSeats: v.passengerSeats,
      registrationCategory: v.registrationCategory,
      licensingMunicipalityIbge: here(v.licensedInMunicipality),
      ownerKind: v.ownerKind,
      leased: v.leased,
      usedForCargo: v.usedForCargo,
      usedForPassengers: v.usedForPassengers,
      licensingUpToDate: v.licensingUpToDate,
      operatorControlNumber: v.controlNumber,
    },
  };
}

function inputFor(pack: RulePack, category: Category, mode: Mode, answers: Answers): EvaluationInput {
  const person = driverQuestions(pack, category, mode, "person");
  const vehicle = driverQuestions(pack, category, mode, "vehicle");
  // Every document the pack knows, accepted and far from expiry (documents are not the subject here).
  // The federal baseline's documents too (e.g. the specialised course of Lei 12.009/2009, art. 2º, III).
  const documents: DocumentOnFile[] = [...pack.documents, ...layeredRules(pack, category, mode).documents].map((d) => ({
    type: d.type,
    issueDate: "2026-05-20",
    expiryDate: "2030-01-01",
    reviewState: "ACCEPTED",
  }));
  // The facts other suppliers give (the company in its portal, the portal from its records), passing.
  const operator = {
    name: "Empresa Credenciada Ltda",
    credentialed: true,
    reportedDriverData: true,
    headOfficeMunicipalityIbge: pack.municipality.ibge,
    branchMunicipalityIbges: [],
    declaredAssetsBrl: 10_000_000,
  };
  return {
    pack,
    category,
    mode,
    date: DATE,
    ...facts(pack, person, vehicle, answers),
    operator,
    documents,
    quota: { population: 10_000_000, inForce: { PERMISSAO: 0, CONCESSAO: 0, VEICULO: 0 } },
  };
}

const notPassing = (input: EvaluationInput) => evaluate(input).checks.filter((c) => c.status !== "PASS").length;

/** Answers every question, field by field keeping the answer that leaves the fewest checks unmet. */
function passingAnswers(pack: RulePack, category: Category, mode: Mode): Answers {
  const questions = [
    ...driverQuestions(pack, category, mode, "person"),
    ...driverQuestions(pack, category, mode, "vehicle"),
  ];
  const answers: Answers = Object.fromEntries(questions.map((q) => [FACTS[q.fact].form!.field, candidates(q)[0]]));
  for (let round = 0; round < 2; round++) {
    for (const q of questions) {
      const field = FACTS[q.fact].form!.field;
      let best = { value: answers[field], score: Infinity };
      for (const value of candidates(q)) {
        const score = notPassing(inputFor(pack, category, mode, { ...answers, [field]: value }));
        if (score < best.score) best = { value, score };
      }
      answers[field] = best.value;
    }
  }
  return answers;
}

describe.each(combinations)("$name", ({ pack, category, mode }) => {
  test("every fact an applicable rule reads has someone to supply it in this mode", () => {
    for (const { fact, readers } of factsRead(pack, category, mode)) {
      expect(FACTS[fact].modes, `${fact} lido por ${readers.map((r) => r.rule).join(", ")}`).toContain(mode);
    }
  });

  test("answering every question the wizard asks (the other suppliers' facts given) makes the application eligible", () => {
    const result = evaluate(inputFor(pack, category, mode, passingAnswers(pack, category, mode)));
    expect(result.checks.filter((c) => c.status !== "PASS").map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    expect(result.eligible).toBe(true);
  });

  test("the wizard asks no question that no applicable rule reads, identification fields aside", () => {
    for (const subject of ["person", "vehicle"] as const) {
      for (const q of driverQuestions(pack, category, mode, subject)) {
        if (q.identification) continue;
        expect(q.readers.length, `${q.fact} é perguntado sem regra que o leia`).toBeGreaterThan(0);
        expect(factsRead(pack, category, mode).map((r) => r.fact)).toContain(q.fact);
      }
    }
  });
});

describe("the catalogue", () => {
  test("each identification field says why it is asked, and is a field the driver answers", () => {
    for (const [fact, reason] of Object.entries(IDENTIFICATION_FIELDS)) {
      expect(reason!.length).toBeGreaterThan(10);
      expect(FACTS[fact as keyof typeof FACTS].form, fact).toBeDefined();
    }
  });

  test("no choice shows a raw code: every option has a pt-BR label of its own", () => {
    for (const key of FACT_KEYS) {
      const input = FACTS[key].input;
      if (input.kind !== "choice" && input.kind !== "multiChoice") continue;
      for (const o of input.options)
        if (/^[A-Z_]{3,}$/.test(o.value)) expect(o.label, `${key} ${o.value}`).not.toBe(o.value);
    }
  });

  test("facts come from the rule's own parameters: the vehicle-age basis, the lease exception, the permissions named", () => {
    const [patrocinio, lavras, jardim] = ["patrocinio-mg", "lavras-mg", "jardim-ms"].map((id) =>
      allPacks.find((p) => p.id === id)!,
    );
    const asked = (pack: RulePack, c: Category, m: Mode) => factsAsked(pack, c, m, "CONDUTOR").map((r) => r.fact);
    expect(asked(patrocinio, "MOTOTAXI", "AUTONOMO")).toContain("vehicle.manufactureYear");
    expect(asked(patrocinio, "MOTOTAXI", "AUTONOMO")).not.toContain("vehicle.firstRegistrationDate");
    expect(asked(jardim, "MOTOTAXI", "VINCULADO")).toContain("vehicle.firstRegistrationDate");
    expect(asked(jardim, "MOTOTAXI", "VINCULADO")).not.toContain("vehicle.manufactureYear");
    expect(asked(lavras, "APLICATIVO", "VINCULADO")).toContain("vehicle.leased");
    expect(asked(patrocinio, "MOTOTAXI", "AUTONOMO")).not.toContain("vehicle.leased");
    expect(
      factsAsked(patrocinio, "MOTOTAXI", "AUTONOMO", "CONDUTOR").find((r) => r.fact === "person.heldPermissions")
        ?.options,
    ).toEqual(["TAXI", "TRANSPORTE_ESCOLAR", "TRANSPORTE_COLETIVO"]);
  });

  test("Lavras' platform duty is the operator's to answer, the link's standing the portal's", () => {
    const lavras = allPacks.find((p) => p.id === "lavras-mg")!;
    expect(factsAsked(lavras, "APLICATIVO", "VINCULADO", "OPERADORA").map((r) => r.fact)).toEqual([
      "operator.reportedDriverData",
    ]);
    expect(factsAsked(lavras, "APLICATIVO", "VINCULADO", "DERIVED").map((r) => r.fact)).toEqual([
      "operator.credentialed",
    ]);
    expect(factsAsked(lavras, "APLICATIVO", "VINCULADO", "CONDUTOR").map((r) => r.fact)).not.toContain(
      "operator.reportedDriverData",
    );
  });

  test("the identification card's fields are read: Jardim's card asks the blood type, the control number and the document numbers", () => {
    const jardim = allPacks.find((p) => p.id === "jardim-ms")!;
    const asked = factsAsked(jardim, "MOTOTAXI", "VINCULADO", "CONDUTOR").map((r) => r.fact);
    expect(asked).toEqual(
      expect.arrayContaining([
        "person.bloodType",
        "vehicle.operatorControlNumber",
        "person.rgNumber",
        "person.cnhNumber",
      ]),
    );
  });
});
