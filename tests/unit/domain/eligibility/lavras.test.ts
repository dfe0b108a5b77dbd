import { describe, expect, test } from "vitest";
import { evaluate } from "~/domain/eligibility";
import { lavrasMg } from "~/domain/rule-packs/shipped";
import { checkOf, type Facts, type Row, run, uncoveredRules } from "./helpers";

const DATE = "2025-06-15";
const L = (unit: string) => `Lei 4.544/2019, ${unit}`;
const EXTRA = (unit: string) => L(`art. 8º, c/c ${unit}`);

const base: Facts = {
  person: { cnhCategory: "B", cnhEar: true, residenceMunicipalityIbge: "3138203" },
  vehicle: {
    manufactureYear: 2020,
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
};

const rows: Row[] = [
  {
    name: 'a CNH B is "B or higher"',
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {},
    id: "cnh_category",
    status: "PASS",
    citation: L("art. 9º, I"),
  },
  {
    name: "a CNH D is too",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { person: { cnhCategory: "D" } },
    id: "cnh_category",
    status: "PASS",
    citation: L("art. 9º, I"),
  },
  {
    name: "a CNH A alone is not",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { person: { cnhCategory: "A" } },
    id: "cnh_category",
    status: "FAIL",
    citation: L("art. 9º, I"),
  },
  {
    name: "an additional driver with CNH ACC fails by the same rule",
    category: "APLICATIVO",
    mode: "PREPOSTO",
    patch: { person: { cnhCategory: "ACC" } },
    id: "cnh_category",
    status: "FAIL",
    citation: EXTRA("art. 9º, I"),
  },
  {
    name: "an additional driver with CNH AB passes by the same rule",
    category: "APLICATIVO",
    mode: "PREPOSTO",
    patch: { person: { cnhCategory: "AB" } },
    id: "cnh_category",
    status: "PASS",
    citation: EXTRA("art. 9º, I"),
  },
  {
    name: "an additional driver with EAR passes",
    category: "APLICATIVO",
    mode: "PREPOSTO",
    patch: {},
    id: "cnh_ear",
    status: "PASS",
    citation: EXTRA("art. 9º, I"),
  },
  {
    name: "an additional driver living in Lavras passes residence",
    category: "APLICATIVO",
    mode: "PREPOSTO",
    patch: {},
    id: "residence",
    status: "PASS",
    citation: EXTRA("art. 9º, II"),
  },
  {
    name: "an additional driver living in Itaúna fails residence",
    category: "APLICATIVO",
    mode: "PREPOSTO",
    patch: { person: { residenceMunicipalityIbge: "3133808" } },
    id: "residence",
    status: "FAIL",
    citation: EXTRA("art. 9º, II"),
  },
  {
    name: "a CNH with EAR passes",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {},
    id: "cnh_ear",
    status: "PASS",
    citation: L("art. 9º, I"),
  },
  {
    name: "a CNH without EAR fails",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { person: { cnhEar: false } },
    id: "cnh_ear",
    status: "FAIL",
    citation: L("art. 9º, I"),
  },
  {
    name: "an additional driver without EAR fails",
    category: "APLICATIVO",
    mode: "PREPOSTO",
    patch: { person: { cnhEar: false } },
    id: "cnh_ear",
    status: "FAIL",
    citation: EXTRA("art. 9º, I"),
  },
  {
    name: "a resident of Lavras passes",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {},
    id: "residence",
    status: "PASS",
    citation: L("art. 9º, II"),
  },
  {
    name: "a resident of Itaúna fails",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { person: { residenceMunicipalityIbge: "3133808" } },
    id: "residence",
    status: "FAIL",
    citation: L("art. 9º, II"),
  },
  {
    name: "a driver of a credentialed operator passes",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {},
    id: "operator_credentialed",
    status: "PASS",
    citation: L("art. 9º"),
  },
  {
    name: "a driver of an uncredentialed operator fails",
    category: "APLICATIVO",
    mode: "PREPOSTO",
    patch: { operator: { credentialed: false } },
    id: "operator_credentialed",
    status: "FAIL",
    citation: L("art. 9º"),
  },
  {
    name: "the vistoria may go ahead once the operator sent the driver's data",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {},
    id: "operator_reported_driver",
    status: "PASS",
    citation: L("art. 10, § 4º"),
  },
  {
    name: "not before",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { operator: { reportedDriverData: false } },
    id: "operator_reported_driver",
    status: "FAIL",
    citation: L("art. 10, § 4º"),
  },
  {
    name: "an operator with only a branch in Lavras passes",
    category: "APLICATIVO",
    mode: "OPERADORA",
    patch: {},
    id: "operator_head_office",
    status: "PASS",
    citation: L("art. 3º"),
  },
  {
    name: "an operator with neither head office nor branch in Lavras fails",
    category: "APLICATIVO",
    mode: "OPERADORA",
    patch: { operator: { branchMunicipalityIbges: ["3133808"] } },
    id: "operator_head_office",
    status: "FAIL",
    citation: L("art. 3º"),
  },
  {
    name: "a car made 8 years ago passes",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { manufactureYear: 2017 } },
    id: "vehicle_age",
    status: "PASS",
    citation: L("art. 10, I"),
  },
  {
    name: "a car made 9 years ago with its engineer's report rejected fails",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {
      vehicle: { manufactureYear: 2016 },
      documents: [
        { type: "LAUDO_ENGENHEIRO_MECANICO", issueDate: "2025-05-01", reviewState: "REJECTED", reason: "sem ART" },
      ],
    },
    id: "vehicle_age",
    status: "FAIL",
    citation: L("art. 10, I"),
  },
  {
    name: "a car made 9 years ago with an accepted report of this year passes",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {
      vehicle: { manufactureYear: 2016 },
      documents: [{ type: "LAUDO_ENGENHEIRO_MECANICO", issueDate: "2025-05-01", reviewState: "ACCEPTED" }],
    },
    id: "vehicle_age",
    status: "PASS",
    citation: L("art. 10, I"),
  },
  {
    name: "a car made 9 years ago with a report over a year old fails",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {
      vehicle: { manufactureYear: 2016 },
      documents: [{ type: "LAUDO_ENGENHEIRO_MECANICO", issueDate: "2024-06-14", reviewState: "ACCEPTED" }],
    },
    id: "vehicle_age",
    status: "FAIL",
    citation: L("art. 10, I"),
  },
  {
    name: "a car made 9 years ago with no report yet is pending the report",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { manufactureYear: 2016 } },
    id: "vehicle_age",
    status: "PENDING",
    citation: L("art. 10, I"),
  },
  {
    name: "4 doors pass",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {},
    id: "vehicle_min_doors",
    status: "PASS",
    citation: L("art. 10, III"),
  },
  {
    name: "3 doors fail",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { doors: 3 } },
    id: "vehicle_min_doors",
    status: "FAIL",
    citation: L("art. 10, III"),
  },
  {
    name: "7 passenger seats pass",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { passengerSeats: 7 } },
    id: "vehicle_max_passengers",
    status: "PASS",
    citation: L("art. 10, VII"),
  },
  {
    name: "8 passenger seats fail",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { passengerSeats: 8 } },
    id: "vehicle_max_passengers",
    status: "FAIL",
    citation: L("art. 10, VII"),
  },
  {
    name: "a car licensed in Lavras passes",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: {},
    id: "vehicle_licensing_municipality",
    status: "PASS",
    citation: L("art. 10, IV"),
  },
  {
    name: "a rented car licensed elsewhere passes",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { licensingMunicipalityIbge: "3106200", leased: true } },
    id: "vehicle_licensing_municipality",
    status: "PASS",
    citation: L("art. 10, IV"),
  },
  {
    name: "an own car licensed elsewhere fails",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { licensingMunicipalityIbge: "3106200", leased: false } },
    id: "vehicle_licensing_municipality",
    status: "FAIL",
    citation: L("art. 10, IV"),
  },
  {
    name: "a car licensed elsewhere, lease unknown, is pending",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { licensingMunicipalityIbge: "3106200", leased: null } },
    id: "vehicle_licensing_municipality",
    status: "PENDING",
    citation: L("art. 10, IV"),
  },
  {
    name: "a car of a natural person passes",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { ownerKind: "OTHER_PERSON" } },
    id: "vehicle_ownership",
    status: "PASS",
    citation: L("art. 10, § 5º"),
  },
  {
    name: "a company's car without a lease fails",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { ownerKind: "OTHER_COMPANY", leased: false } },
    id: "vehicle_ownership",
    status: "FAIL",
    citation: L("art. 10, § 5º"),
  },
  {
    name: "a company's car under a lease passes",
    category: "APLICATIVO",
    mode: "VINCULADO",
    patch: { vehicle: { ownerKind: "OTHER_COMPANY", leased: true } },
    id: "vehicle_ownership",
    status: "PASS",
    citation: L("art. 10, § 5º"),
  },
];

describe("Lavras (Lei 4.544/2019)", () => {
  test.each(rows)("$name", ({ category, mode, patch, id, status, citation }) => {
    const check = checkOf(run(lavrasMg, category, mode, DATE, base, patch), id);
    expect(check.status).toBe(status);
    expect(check.citation).toBe(citation);
  });

  test("every rule of the pack has a passing and a failing case above", () => {
    expect(uncoveredRules(lavrasMg, rows)).toEqual([]);
  });

  test("the engineer's report is asked only for a car over 8 years, valid for one year", () => {
    const young = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, base, { vehicle: { manufactureYear: 2017 } });
    const old = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, base, { vehicle: { manufactureYear: 2016 } });
    expect(young.requiredDocuments.some((d) => d.type === "LAUDO_ENGENHEIRO_MECANICO")).toBe(false);
    expect(old.requiredDocuments.find((d) => d.type === "LAUDO_ENGENHEIRO_MECANICO")).toMatchObject({
      status: "MISSING",
      validity: "P1Y",
      citation: L("art. 10, I"),
    });
  });

  test("the lease contract is asked only for a leased car", () => {
    const leased = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, base, {
      vehicle: { leased: true },
    }).requiredDocuments;
    const owned = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, base).requiredDocuments;
    expect(leased.find((d) => d.type === "CONTRATO_LOCACAO")?.citation).toBe(L("art. 10, § 5º"));
    expect(owned.some((d) => d.type === "CONTRATO_LOCACAO")).toBe(false);
  });

  test("the toxicology exam is yearly and the proof of residence must be of Lavras", () => {
    const docs = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, base).requiredDocuments;
    expect(docs.find((d) => d.type === "EXAME_TOXICOLOGICO")).toMatchObject({
      validity: "P1Y",
      citation: L("art. 9º, VIII"),
    });
    expect(docs.find((d) => d.type === "COMPROVANTE_RESIDENCIA")).toMatchObject({
      validity: "P90D",
      fromMunicipality: true,
      citation: L("art. 9º, II"),
    });
    expect(docs.filter((d) => d.citation === L("art. 9º, III")).map((d) => d.type)).toEqual([
      "CERTIDAO_CRIMINAL_ESTADUAL",
      "CERTIDAO_CRIMINAL_FEDERAL",
      "CERTIDOES_CRIMINAIS_RESIDENCIAS",
    ]);
  });

  test("the windshield seal lasts one year, the vistoria is yearly and costs 3 UFML", () => {
    const result = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, base);
    expect(result.credentials).toEqual([
      {
        type: "SELO_VISTORIA",
        label: "Selo de vistoria no para-brisa (código de inscrição e validade)",
        citation: L("art. 10, § 2º"),
        validFrom: DATE,
        validUntil: "2026-06-15",
        validityCitation: L("art. 10, § 3º"),
        validitySource: "LAW",
        renewal: {
          duration: "P1Y",
          counts: "FROM_APPROVAL",
          basis: "LAW",
          note: "Nova vistoria anual: o selo traz a validade da vistoria (art. 10, § 2º) e conta da vistoria da renovação.",
          citation: L("art. 10, § 3º"),
        },
        issuedOn: "VISTORIA",
      },
    ]);
    expect(result.nextVistoria?.nextOn).toBe("2026-06-15");
    expect(lavrasMg.fees).toEqual([
      {
        id: "taxa_vistoria",
        label: "Vistoria anual do veículo",
        amount: 3,
        unit: "UFML",
        citation: L("art. 10, § 3º"),
      },
    ]);
  });

  test("no driver checks for age or years of licence exist, because the law has none", () => {
    const ids = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, base).checks.map((c) => c.id);
    expect(ids).not.toContain("min_age");
    expect(ids).not.toContain("cnh_years");
  });

  test("the law is in force 180 days after its publication of 2019-12-17", () => {
    expect(lavrasMg.effectiveDate).toBe("2020-06-14");
    expect(() => evaluate({ pack: lavrasMg, category: "APLICATIVO", mode: "VINCULADO", date: "2020-06-13" })).toThrow(
      /a partir de 14\/06\/2020/,
    );
  });

  test("the driver's checklist follows arts. 9º and 10 item by item", () => {
    const docs = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, base).requiredDocuments.map((d) => [
      d.type,
      d.citation,
    ]);
    expect(docs).toEqual([
      ["CNH", L("art. 9º, I")],
      ["COMPROVANTE_RESIDENCIA", L("art. 9º, II")],
      ["CERTIDAO_CRIMINAL_ESTADUAL", L("art. 9º, III")],
      ["CERTIDAO_CRIMINAL_FEDERAL", L("art. 9º, III")],
      ["CERTIDOES_CRIMINAIS_RESIDENCIAS", L("art. 9º, III")],
      ["INSCRICAO_AUTONOMO", L("art. 9º, IV")],
      ["INSCRICAO_INSS", L("art. 9º, V")],
      ["CND_FEDERAL", L("art. 9º, VI")],
      ["CND_INSS", L("art. 9º, VI")],
      ["CND_ESTADUAL", L("art. 9º, VI")],
      ["CND_MUNICIPAL", L("art. 9º, VI")],
      ["CERTIFICADO_CURSO_PASSAGEIROS", L("art. 9º, VII")],
      ["EXAME_TOXICOLOGICO", L("art. 9º, VIII")],
      ["CRLV", L("art. 10, V")],
      ["SEGURO_APP", L("art. 10, VI")],
    ]);
  });

  test("the additional driver brings the person's documents, not the vehicle's", () => {
    const docs = run(lavrasMg, "APLICATIVO", "PREPOSTO", DATE, base).requiredDocuments;
    expect(docs.find((d) => d.type === "EXAME_TOXICOLOGICO")?.citation).toBe(EXTRA("art. 9º, VIII"));
    expect(docs.some((d) => d.type === "CRLV")).toBe(false);
  });

  test("the operator's checklist follows art. 3º, § 2º", () => {
    const docs = run(lavrasMg, "APLICATIVO", "OPERADORA", DATE, base).requiredDocuments.map((d) => [
      d.type,
      d.citation,
    ]);
    expect(docs).toEqual([
      ["INSCRICAO_MUNICIPAL", L("art. 3º, § 2º")],
      ["ALVARA_FUNCIONAMENTO", L("art. 3º, § 2º")],
      ["ATOS_CONSTITUTIVOS", L("art. 3º, § 2º")],
    ]);
  });
});
