import { describe, expect, test } from "vitest";
import { itaunaMg } from "~/domain/rule-packs/shipped";
import { checkOf, type Facts, type Row, run, uncoveredRules } from "./helpers";

const DATE = "2025-06-15";
const L = (unit: string) => `Lei 4.785/2013, ${unit}`;
const VIA_PJ = (item: string) => L(`art. 6º, parágrafo único, c/c art. 5º, ${item}`);

const base: Facts = {
  person: {
    birthDate: "1990-01-01",
    cnhCategory: "A",
    cnhFirstLicenseDate: "2015-01-01",
    residenceMunicipalityIbge: "3133808",
    otherRegisteredVehicles: 0,
  },
  vehicle: {
    firstRegistrationDate: "2020-01-01",
    displacementCc: 150,
    registrationCategory: "ALUGUEL",
    licensingUpToDate: true,
    usedForPassengers: false,
    ownerKind: "OPERATOR",
  },
  operator: { credentialed: true, headOfficeMunicipalityIbge: "3133808" },
};

const rows: Row[] = [
  {
    name: "an autônomo who turns 21 on the day is old enough",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { person: { birthDate: "2004-06-15" } },
    id: "min_age",
    status: "PASS",
    citation: L("art. 5º, I"),
  },
  {
    name: "an autônomo one day short of 21 is not",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { person: { birthDate: "2004-06-16" } },
    id: "min_age",
    status: "FAIL",
    citation: L("art. 5º, I"),
  },
  {
    name: "a PJ driver who turns 21 on the day is old enough",
    category: "MOTOFRETE",
    mode: "VINCULADO",
    patch: { person: { birthDate: "2004-06-15" } },
    id: "min_age",
    status: "PASS",
    citation: VIA_PJ("I"),
  },
  {
    name: "a PJ driver one day short of 21 is not",
    category: "MOTOFRETE",
    mode: "VINCULADO",
    patch: { person: { birthDate: "2004-06-16" } },
    id: "min_age",
    status: "FAIL",
    citation: VIA_PJ("I"),
  },
  {
    name: "a CNH AB includes category A",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { person: { cnhCategory: "AB" } },
    id: "cnh_category",
    status: "PASS",
    citation: L("art. 5º, IV"),
  },
  {
    name: "a CNH B alone does not",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { person: { cnhCategory: "B" } },
    id: "cnh_category",
    status: "FAIL",
    citation: L("art. 5º, IV"),
  },
  {
    name: "a PJ driver with CNH ACC lacks category A",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: { person: { cnhCategory: "ACC" } },
    id: "cnh_category",
    status: "FAIL",
    citation: VIA_PJ("IV"),
  },
  {
    name: "a PJ driver with CNH A has it",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: {},
    id: "cnh_category",
    status: "PASS",
    citation: VIA_PJ("IV"),
  },
  {
    name: "a PJ driver with exactly 2 years of licence passes",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: { person: { cnhFirstLicenseDate: "2023-06-15" } },
    id: "cnh_years",
    status: "PASS",
    citation: VIA_PJ("IV"),
  },
  {
    name: "a PJ driver living in Itaúna passes residence",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: {},
    id: "residence",
    status: "PASS",
    citation: VIA_PJ("VIII"),
  },
  {
    name: "exactly 2 years of licence are enough",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { person: { cnhFirstLicenseDate: "2023-06-15" } },
    id: "cnh_years",
    status: "PASS",
    citation: L("art. 5º, IV"),
  },
  {
    name: "2 years of licence minus one day are not",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { person: { cnhFirstLicenseDate: "2023-06-16" } },
    id: "cnh_years",
    status: "FAIL",
    citation: L("art. 5º, IV"),
  },
  {
    name: "a PJ driver with 2 years minus one day of licence fails too",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: { person: { cnhFirstLicenseDate: "2023-06-16" } },
    id: "cnh_years",
    status: "FAIL",
    citation: VIA_PJ("IV"),
  },
  {
    name: "living in Itaúna meets the residence rule",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: {},
    id: "residence",
    status: "PASS",
    citation: L("art. 5º, VIII"),
  },
  {
    name: "living in Lavras does not",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { person: { residenceMunicipalityIbge: "3138203" } },
    id: "residence",
    status: "FAIL",
    citation: L("art. 5º, VIII"),
  },
  {
    name: "a PJ driver living elsewhere fails residence",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: { person: { residenceMunicipalityIbge: "3138203" } },
    id: "residence",
    status: "FAIL",
    citation: VIA_PJ("VIII"),
  },
  {
    name: "an autônomo with no other vehicle may register this one",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: {},
    id: "one_vehicle",
    status: "PASS",
    citation: L("art. 5º, parágrafo único"),
  },
  {
    name: "an autônomo with a vehicle already registered may not add another",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { person: { otherRegisteredVehicles: 1 } },
    id: "one_vehicle",
    status: "FAIL",
    citation: L("art. 5º, parágrafo único"),
  },
  {
    name: "a motorcycle on the 8th anniversary of its first plate is within its life",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { vehicle: { firstRegistrationDate: "2017-06-15" } },
    id: "vehicle_age",
    status: "PASS",
    citation: L("art. 8º, II"),
  },
  {
    name: "a motorcycle one day past 8 years from its first plate is not",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { vehicle: { firstRegistrationDate: "2017-06-14" } },
    id: "vehicle_age",
    status: "FAIL",
    citation: L("art. 8º, II"),
  },
  {
    name: "95 cc is the minimum displacement",
    category: "MOTOFRETE",
    mode: "AUTONOMO",
    patch: { vehicle: { displacementCc: 95 } },
    id: "vehicle_min_displacement",
    status: "PASS",
    citation: L("art. 8º, III"),
  },
  {
    name: "94 cc is below it",
    category: "MOTOFRETE",
    mode: "AUTONOMO",
    patch: { vehicle: { displacementCc: 94 } },
    id: "vehicle_min_displacement",
    status: "FAIL",
    citation: L("art. 8º, III"),
  },
  {
    name: "a vehicle registered as aluguel passes",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: {},
    id: "vehicle_registration_category",
    status: "PASS",
    citation: L("art. 8º, IV"),
  },
  {
    name: "a private (particular) vehicle fails",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { vehicle: { registrationCategory: "PARTICULAR" } },
    id: "vehicle_registration_category",
    status: "FAIL",
    citation: L("art. 8º, IV"),
  },
  {
    name: "licensing in order passes",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: {},
    id: "vehicle_licensing_up_to_date",
    status: "PASS",
    citation: L("art. 11"),
  },
  {
    name: "licensing in arrears fails",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { vehicle: { licensingUpToDate: false } },
    id: "vehicle_licensing_up_to_date",
    status: "FAIL",
    citation: L("art. 11"),
  },
  {
    name: "a motorcycle not carrying passengers passes",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: {},
    id: "vehicle_service_exclusivity",
    status: "PASS",
    citation: L("art. 19, XIV"),
  },
  {
    name: "a motorcycle also carrying paying passengers fails",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: { vehicle: { usedForPassengers: true } },
    id: "vehicle_service_exclusivity",
    status: "FAIL",
    citation: L("art. 19, XIV"),
  },
  {
    name: "a PJ driver's motorcycle owned by the company passes",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: {},
    id: "vehicle_ownership",
    status: "PASS",
    citation: L("art. 6º, VI"),
  },
  {
    name: "a PJ driver's own motorcycle fails",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: { vehicle: { ownerKind: "HOLDER" } },
    id: "vehicle_ownership",
    status: "FAIL",
    citation: L("art. 6º, VI"),
  },
  {
    name: "a PJ driver linked to a credentialed company passes",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: {},
    id: "operator_credentialed",
    status: "PASS",
    citation: L("art. 6º, parágrafo único"),
  },
  {
    name: "a PJ driver linked to an uncredentialed company fails",
    category: "MOTOBOY",
    mode: "VINCULADO",
    patch: { operator: { credentialed: false } },
    id: "operator_credentialed",
    status: "FAIL",
    citation: L("art. 6º, parágrafo único"),
  },
  {
    name: "a company with head office in Itaúna passes",
    category: "MOTOFRETE",
    mode: "OPERADORA",
    patch: {},
    id: "operator_head_office",
    status: "PASS",
    citation: L("art. 6º, IV"),
  },
  {
    name: "a company with head office in Lavras fails",
    category: "MOTOFRETE",
    mode: "OPERADORA",
    patch: { operator: { headOfficeMunicipalityIbge: "3138203" } },
    id: "operator_head_office",
    status: "FAIL",
    citation: L("art. 6º, IV"),
  },
];

describe("Itaúna (Lei 4.785/2013)", () => {
  test.each(rows)("$name", ({ category, mode, patch, id, status, citation }) => {
    const check = checkOf(run(itaunaMg, category, mode, DATE, base, patch), id);
    expect(check.status).toBe(status);
    expect(check.citation).toBe(citation);
  });

  test("every rule of the pack has a passing and a failing case above", () => {
    expect(uncoveredRules(itaunaMg, rows)).toEqual([]);
  });

  test("a vehicle past its useful life must be replaced within 90 days of its end", () => {
    const check = checkOf(
      run(itaunaMg, "MOTOBOY", "AUTONOMO", DATE, base, { vehicle: { firstRegistrationDate: "2017-06-14" } }),
      "vehicle_age",
    );
    expect(check.details).toMatchObject({
      usefulLifeEndsOn: "2025-06-14",
      replaceBy: "2025-09-12",
      replaceCitation: L("art. 9º"),
    });
  });

  test("a PJ driver is not asked for the autônomo-only items (CND, Finance registration)", () => {
    const types = run(itaunaMg, "MOTOBOY", "VINCULADO", DATE, base).requiredDocuments.map((d) => d.type);
    expect(types).toEqual([
      "CNH",
      "CERTIDAO_CRIMINAL",
      "DOCUMENTO_PROPRIEDADE_VEICULO",
      "CERTIFICADO_CURSO_ESPECIALIZADO",
      "RG",
      "CPF",
      "COMPROVANTE_RESIDENCIA",
      // The federal floor: the motoboy is a "serviço comunitário de rua" professional (Itaúna's own
      // art. 1º), of whom Lei 12.009/2009's sole paragraph also asks the voter registration (ADR 060).
      "TITULO_ELEITOR",
    ]);
  });

  test("the autônomo's checklist follows art. 5º item by item", () => {
    const docs = run(itaunaMg, "MOTOBOY", "AUTONOMO", DATE, base).requiredDocuments.map((d) => [d.type, d.citation]);
    expect(docs).toEqual([
      ["CND_MUNICIPAL", L("art. 5º, II")],
      ["INSCRICAO_AUTONOMO", L("art. 5º, III")],
      ["CNH", L("art. 5º, IV")],
      ["CERTIDAO_CRIMINAL", L("art. 5º, V")],
      ["DOCUMENTO_PROPRIEDADE_VEICULO", L("art. 5º, VI")],
      ["CERTIFICADO_CURSO_ESPECIALIZADO", L("art. 5º, VII")],
      ["RG", L("art. 5º, VIII")],
      ["CPF", L("art. 5º, VIII")],
      ["COMPROVANTE_RESIDENCIA", L("art. 5º, VIII")],
      ["TITULO_ELEITOR", "Lei 12.009/2009, art. 2º, parágrafo único"],
    ]);
  });

  test("the company's checklist follows art. 6º and its vehicle document is the company's to send", () => {
    const company = run(itaunaMg, "MOTOBOY", "OPERADORA", DATE, base).requiredDocuments.map((d) => d.type);
    expect(company).toEqual([
      "CND_MUNICIPAL",
      "INSCRICAO_MUNICIPAL",
      "CONTRATO_SOCIAL",
      "CARTAO_CNPJ",
      "CND_INSS",
      "CRF_FGTS",
      "CND_FEDERAL",
      "CND_ESTADUAL",
    ]);
    const vehicleDoc = run(itaunaMg, "MOTOBOY", "VINCULADO", DATE, base).requiredDocuments.find(
      (d) => d.type === "DOCUMENTO_PROPRIEDADE_VEICULO",
    );
    expect(vehicleDoc).toMatchObject({ submittedBy: "OPERADORA", citation: L("art. 6º, VI") });
  });

  test("the vistoria seal lasts until the semi-annual inspection; the certificate's validity is the municipality's parameter, not law", () => {
    const result = run(itaunaMg, "MOTOBOY", "AUTONOMO", DATE, base);
    expect(result.nextVistoria).toEqual({
      period: "P6M",
      nextOn: "2025-12-15",
      citation: L("art. 8º, IX"),
      discretionary: false,
    });
    const byType = Object.fromEntries(result.credentials.map((c) => [c.type, c]));
    expect(byType.SELO_VISTORIA).toMatchObject({
      validFrom: DATE,
      validUntil: "2025-12-15",
      validityCitation: L("art. 8º, IX"),
    });
    expect(byType.CERTIFICADO).toMatchObject({
      citation: L("art. 19, III"),
      validUntil: "2026-06-15",
      validitySource: "MUNICIPALITY_PARAMETER",
      validityParameter: { key: "validadeCredencialSemPrazoLegal", duration: "P12M" },
    });
    expect(byType.CERTIFICADO.validityCitation).toBeUndefined();
  });

  test("the offer has no preposto mode and no quota", () => {
    expect(itaunaMg.categories.flatMap((c) => c.modes.map((m) => m.mode))).not.toContain("PREPOSTO");
    expect(itaunaMg.quotas).toEqual([]);
  });
});
