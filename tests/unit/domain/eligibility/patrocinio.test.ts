import { describe, expect, test } from "vitest";
import { patrocinioMg } from "~/domain/rule-packs/shipped";
import { checkOf, type Facts, type Row, run, uncoveredRules } from "./helpers";

const DATE = "2025-06-15";
const L = (unit: string) => `Lei 4.883/2017, ${unit}`;
const PREP = (unit: string) => L(`art. 14, § 2º, c/c ${unit}`);

const base: Facts = {
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
};

const rows: Row[] = [
  {
    name: "a titular who turns 21 on the day is old enough",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { person: { birthDate: "2004-06-15" } },
    id: "min_age",
    status: "PASS",
    citation: L("art. 5º, I"),
  },
  {
    name: "a titular one day short of 21 is not",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { person: { birthDate: "2004-06-16" } },
    id: "min_age",
    status: "FAIL",
    citation: L("art. 5º, I"),
  },
  {
    name: "a preposto one day short of 21 is not, by the same rule",
    category: "MOTOBOY",
    mode: "PREPOSTO",
    patch: { person: { birthDate: "2004-06-16" } },
    id: "min_age",
    status: "FAIL",
    citation: PREP("art. 5º, I"),
  },
  {
    name: "a preposto who turns 21 on the day is",
    category: "MOTOBOY",
    mode: "PREPOSTO",
    patch: { person: { birthDate: "2004-06-15" } },
    id: "min_age",
    status: "PASS",
    citation: PREP("art. 5º, I"),
  },
  {
    name: "a CNH AE includes category A",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { person: { cnhCategory: "AE" } },
    id: "cnh_category",
    status: "PASS",
    citation: L("art. 5º, II"),
  },
  {
    name: "a CNH C alone does not",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { person: { cnhCategory: "C" } },
    id: "cnh_category",
    status: "FAIL",
    citation: L("art. 5º, II"),
  },
  {
    name: "a preposto with CNH B fails the category",
    category: "MOTOTAXI",
    mode: "PREPOSTO",
    patch: { person: { cnhCategory: "B" } },
    id: "cnh_category",
    status: "FAIL",
    citation: PREP("art. 5º, II"),
  },
  {
    name: "a preposto with CNH AB passes the category",
    category: "MOTOTAXI",
    mode: "PREPOSTO",
    patch: { person: { cnhCategory: "AB" } },
    id: "cnh_category",
    status: "PASS",
    citation: PREP("art. 5º, II"),
  },
  {
    name: "a preposto with exactly 2 years of licence passes",
    category: "MOTOFRETE",
    mode: "PREPOSTO",
    patch: { person: { cnhFirstLicenseDate: "2023-06-15" } },
    id: "cnh_years",
    status: "PASS",
    citation: PREP("art. 5º, II"),
  },
  {
    name: "exactly 2 years of licence in A are enough",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { person: { cnhFirstLicenseDate: "2023-06-15" } },
    id: "cnh_years",
    status: "PASS",
    citation: L("art. 5º, II"),
  },
  {
    name: "2 years minus one day are not",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { person: { cnhFirstLicenseDate: "2023-06-16" } },
    id: "cnh_years",
    status: "FAIL",
    citation: L("art. 5º, II"),
  },
  {
    name: "a preposto with 2 years minus one day fails too",
    category: "MOTOFRETE",
    mode: "PREPOSTO",
    patch: { person: { cnhFirstLicenseDate: "2023-06-16" } },
    id: "cnh_years",
    status: "FAIL",
    citation: PREP("art. 5º, II"),
  },
  {
    name: "holding a motoboy authorization is not incompatible",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { person: { heldPermissions: ["MOTOBOY"] } },
    id: "incompatible_permissions",
    status: "PASS",
    citation: L("art. 8º"),
  },
  {
    name: "a taxi permit holder may not be a mototaxista",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { person: { heldPermissions: ["TAXI"] } },
    id: "incompatible_permissions",
    status: "FAIL",
    citation: L("art. 8º"),
  },
  {
    name: "a school-transport permit holder may not be a preposto",
    category: "MOTOBOY",
    mode: "PREPOSTO",
    patch: { person: { heldPermissions: ["TRANSPORTE_ESCOLAR"] } },
    id: "incompatible_permissions",
    status: "FAIL",
    citation: L("art. 8º"),
  },
  {
    name: "a bus permit holder may not be a motofretista",
    category: "MOTOFRETE",
    mode: "AUTONOMO",
    patch: { person: { heldPermissions: ["TRANSPORTE_COLETIVO"] } },
    id: "incompatible_permissions",
    status: "FAIL",
    citation: L("art. 8º"),
  },
  {
    name: "a titular with no other vehicle may register this one",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: {},
    id: "one_vehicle",
    status: "PASS",
    citation: L("art. 6º, § 2º"),
  },
  {
    name: "a titular with one vehicle may not add a second",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { person: { otherRegisteredVehicles: 1 } },
    id: "one_vehicle",
    status: "FAIL",
    citation: L("art. 6º, § 2º"),
  },
  {
    name: "125 cc is the minimum",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { vehicle: { displacementCc: 125 } },
    id: "vehicle_min_displacement",
    status: "PASS",
    citation: L("art. 3º, I, a"),
  },
  {
    name: "124 cc is below it",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { vehicle: { displacementCc: 124 } },
    id: "vehicle_min_displacement",
    status: "FAIL",
    citation: L("art. 3º, I, a"),
  },
  {
    name: "250 cc is the maximum",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { vehicle: { displacementCc: 250 } },
    id: "vehicle_max_displacement",
    status: "PASS",
    citation: L("art. 3º, I, b"),
  },
  {
    name: "251 cc is above it",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { vehicle: { displacementCc: 251 } },
    id: "vehicle_max_displacement",
    status: "FAIL",
    citation: L("art. 3º, I, b"),
  },
  {
    name: "a motorcycle made exactly 5 years ago is within its useful life",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { vehicle: { manufactureYear: 2020 } },
    id: "vehicle_age",
    status: "PASS",
    citation: L("art. 3º, II"),
  },
  {
    name: "one made 6 years ago is not",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { vehicle: { manufactureYear: 2019 } },
    id: "vehicle_age",
    status: "FAIL",
    citation: L("art. 3º, II"),
  },
  {
    name: "an aluguel registration passes",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: {},
    id: "vehicle_registration_category",
    status: "PASS",
    citation: L("art. 3º, parágrafo único"),
  },
  {
    name: "a particular registration fails",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { vehicle: { registrationCategory: "PARTICULAR" } },
    id: "vehicle_registration_category",
    status: "FAIL",
    citation: L("art. 3º, parágrafo único"),
  },
  {
    name: "a CRLV of Patrocínio passes",
    category: "MOTOFRETE",
    mode: "AUTONOMO",
    patch: {},
    id: "vehicle_licensing_municipality",
    status: "PASS",
    citation: L("art. 5º, § 1º, I"),
  },
  {
    name: "a CRLV of Itaúna fails, even for a leased vehicle",
    category: "MOTOFRETE",
    mode: "AUTONOMO",
    patch: { vehicle: { licensingMunicipalityIbge: "3133808", leased: true } },
    id: "vehicle_licensing_municipality",
    status: "FAIL",
    citation: L("art. 5º, § 1º, I"),
  },
  {
    name: "a vehicle in the titular's name passes",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: {},
    id: "vehicle_ownership",
    status: "PASS",
    citation: L("art. 5º, § 5º"),
  },
  {
    name: "a vehicle in another person's name fails",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { vehicle: { ownerKind: "OTHER_PERSON" } },
    id: "vehicle_ownership",
    status: "FAIL",
    citation: L("art. 5º, § 5º"),
  },
  {
    name: "a mototáxi not used for cargo passes",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: {},
    id: "vehicle_service_exclusivity",
    status: "PASS",
    citation: L("art. 5º, § 8º"),
  },
  {
    name: "a mototáxi also authorized for cargo fails",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { vehicle: { usedForCargo: true } },
    id: "vehicle_service_exclusivity",
    status: "FAIL",
    citation: L("art. 5º, § 8º"),
  },
  {
    name: "a moto-frete not carrying passengers passes",
    category: "MOTOFRETE",
    mode: "AUTONOMO",
    patch: { vehicle: { usedForCargo: true } },
    id: "vehicle_service_exclusivity",
    status: "PASS",
    citation: L("art. 5º, § 8º"),
  },
  {
    name: "a motoboy also carrying passengers fails",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { vehicle: { usedForPassengers: true } },
    id: "vehicle_service_exclusivity",
    status: "FAIL",
    citation: L("art. 5º, § 8º"),
  },
  {
    name: "the 45th mototáxi permission fits 90,000 inhabitants",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { quota: { population: 90_000, inForce: { PERMISSAO: 44 } } },
    id: "quota_permissions",
    status: "PASS",
    citation: L("art. 10, I"),
  },
  {
    name: "a 45th does not fit 89,999 inhabitants",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    patch: { quota: { population: 89_999, inForce: { PERMISSAO: 44 } } },
    id: "quota_permissions",
    status: "FAIL",
    citation: L("art. 10, I"),
  },
  {
    name: "motoboy authorizations have no quota",
    category: "MOTOBOY",
    mode: "AUTONOMO",
    patch: { quota: { population: 1, inForce: { PERMISSAO: 1000 } } },
    id: "quota_permissions",
    status: "PASS",
    citation: L("art. 10, II"),
  },
  {
    name: "moto-frete authorizations have no quota",
    category: "MOTOFRETE",
    mode: "AUTONOMO",
    patch: {},
    id: "quota_permissions",
    status: "PASS",
    citation: L("art. 10, III"),
  },
];

describe("Patrocínio (Lei 4.883/2017)", () => {
  test.each(rows)("$name", ({ category, mode, patch, id, status, citation }) => {
    const check = checkOf(run(patrocinioMg, category, mode, DATE, base, patch), id);
    expect(check.status).toBe(status);
    expect(check.citation).toBe(citation);
  });

  test("every rule of the pack has a passing and a failing case above", () => {
    expect(uncoveredRules(patrocinioMg, rows)).toEqual([]);
  });

  test("a preposto is not checked on a vehicle, a quota or the one-vehicle rule — those are the titular's", () => {
    const ids = run(patrocinioMg, "MOTOTAXI", "PREPOSTO", DATE, base).checks.map((c) => c.id);
    expect(ids).toEqual(["min_age", "cnh_category", "cnh_years", "incompatible_permissions"]);
  });

  test("the medical certificate is renewed yearly, the criminal certificates every 5 years", () => {
    const docs = run(patrocinioMg, "MOTOTAXI", "AUTONOMO", DATE, base).requiredDocuments;
    expect(docs.find((d) => d.type === "ATESTADO_MEDICO")).toMatchObject({
      validity: "P1Y",
      citation: L("art. 5º, VII"),
      validityCitation: L("art. 5º, § 2º"),
    });
    expect(docs.find((d) => d.type === "CERTIDAO_CRIMINAL")).toMatchObject({
      validity: "P5Y",
      citation: L("art. 5º, XI"),
    });
    expect(docs.find((d) => d.type === "ATESTADO_ANTECEDENTES")).toMatchObject({
      validity: "P5Y",
      citation: L("art. 5º, XI"),
    });
  });

  test('two recent photos and a recent proof of residence, "recent" being a 90-day parameter', () => {
    const docs = run(patrocinioMg, "MOTOBOY", "AUTONOMO", DATE, base).requiredDocuments;
    expect(docs.find((d) => d.type === "FOTO_3X4")).toMatchObject({
      quantity: 2,
      validity: "P90D",
      citation: L("art. 5º, IX"),
    });
    expect(docs.find((d) => d.type === "COMPROVANTE_RESIDENCIA")).toMatchObject({
      validity: "P90D",
      citation: L("art. 5º, X"),
      fromMunicipality: false,
    });
  });

  test("the CRLV must be of the municipality; the passenger policy is asked of mototáxi only", () => {
    const taxi = run(patrocinioMg, "MOTOTAXI", "AUTONOMO", DATE, base).requiredDocuments;
    const boy = run(patrocinioMg, "MOTOBOY", "AUTONOMO", DATE, base).requiredDocuments;
    expect(taxi.find((d) => d.type === "CRLV")).toMatchObject({
      fromMunicipality: true,
      citation: L("art. 5º, § 1º, I"),
    });
    expect(taxi.find((d) => d.type === "APOLICE_SEGURO_PASSAGEIRO")?.citation).toBe(L("art. 19, § 2º"));
    expect(boy.some((d) => d.type === "APOLICE_SEGURO_PASSAGEIRO")).toBe(false);
  });

  test("the titular hands in the preposto's written indication and the duty roster", () => {
    const docs = run(patrocinioMg, "MOTOTAXI", "PREPOSTO", DATE, base).requiredDocuments;
    expect(docs.find((d) => d.type === "INDICACAO_PREPOSTO")).toMatchObject({
      submittedBy: "TITULAR",
      citation: L("art. 14, § 1º"),
    });
    expect(docs.find((d) => d.type === "ESCALA_SERVICO")).toMatchObject({
      submittedBy: "TITULAR",
      citation: L("art. 14, § 3º"),
    });
    expect(docs.find((d) => d.type === "ATESTADO_MEDICO")?.citation).toBe(PREP("art. 5º, VII"));
    expect(docs.some((d) => d.type === "CRLV")).toBe(false);
  });

  test("the registration certificate and the crachá last one year; the permission at most five, extendable once", () => {
    const result = run(patrocinioMg, "MOTOTAXI", "AUTONOMO", DATE, base);
    const byType = Object.fromEntries(result.credentials.map((c) => [c.type, c]));
    expect(byType.CERTIFICADO).toMatchObject({
      validFrom: DATE,
      validUntil: "2026-06-15",
      validityCitation: L("art. 4º, § 1º"),
    });
    expect(byType.CRACHA).toMatchObject({ citation: L("art. 5º, § 4º"), validUntil: "2026-06-15" });
    // The law sets no validity for the autorização de trânsito: the municipality's 12-month parameter does.
    expect(byType.AUTORIZACAO_TRANSITO).toMatchObject({
      validUntil: "2026-06-15",
      validitySource: "MUNICIPALITY_PARAMETER",
    });
    expect(result.act).toEqual({
      kind: "PERMISSAO",
      label: "Permissão",
      citation: L("art. 6º"),
      maxTermUntil: "2030-06-15",
      extension: { duration: "P5Y", times: 1 },
    });
  });

  test("moto-frete: yearly by art. 23, at the authority's discretion every 6 months (art. 5º, § 6º), and the CTB's semi-annual inspection wins; mototáxi and motoboy semi-annually at the authority's discretion", () => {
    expect(run(patrocinioMg, "MOTOFRETE", "AUTONOMO", DATE, base).nextVistoria).toEqual({
      period: "P6M",
      nextOn: "2025-12-15",
      citation: "Lei 9.503/1997 (CTB), art. 139-A, IV",
      discretionary: false,
      stricterThan: [L("art. 23")],
      discretionaryVistorias: { period: "P6M", nextOn: "2025-12-15", citation: L("art. 5º, § 6º") },
    });
    expect(run(patrocinioMg, "MOTOTAXI", "AUTONOMO", DATE, base).nextVistoria).toEqual({
      period: "P6M",
      nextOn: "2025-12-15",
      citation: L("art. 5º, § 6º"),
      discretionary: true,
    });
  });

  test("colours: mototáxi yellow topázio Y 198 with black lettering; motoboy black with yellow lettering", () => {
    const colour = (code: string, part: string) =>
      patrocinioMg.categories.find((c) => c.code === code)?.colours.find((x) => x.part === part);
    expect(colour("MOTOTAXI", "VEICULO")).toEqual({
      part: "VEICULO",
      colour: "amarela topázio Y 198",
      citation: L("art. 5º, § 1º, IV"),
    });
    expect(colour("MOTOBOY", "VEICULO")?.colour).toBe("preta");
    expect(colour("MOTOFRETE", "CAPACETE")?.citation).toBe(L("art. 13, X"));
  });

  test("the titular's mototáxi checklist follows art. 5º and its § 1º, item by item", () => {
    const docs = run(patrocinioMg, "MOTOTAXI", "AUTONOMO", DATE, base).requiredDocuments.map((d) => [
      d.type,
      d.citation,
    ]);
    expect(docs).toEqual([
      ["CNH", L("art. 5º, II")],
      ["CERTIFICADO_CURSO_ESPECIALIZADO", L("art. 5º, III")],
      ["RG", L("art. 5º, V")],
      ["QUITACAO_MILITAR", L("art. 5º, VI")],
      ["QUITACAO_ELEITORAL", L("art. 5º, VI")],
      ["ATESTADO_MEDICO", L("art. 5º, VII")],
      ["INSCRICAO_INSS", L("art. 5º, VIII")],
      ["FOTO_3X4", L("art. 5º, IX")],
      ["COMPROVANTE_RESIDENCIA", L("art. 5º, X")],
      ["CERTIDAO_CRIMINAL", L("art. 5º, XI")],
      ["ATESTADO_ANTECEDENTES", L("art. 5º, XI")],
      ["CPF", L("art. 5º, XII")],
      ["CRLV", L("art. 5º, § 1º, I")],
      ["CRV", L("art. 5º, § 5º")],
      ["LAUDO_VISTORIA", L("art. 5º, § 1º, II")],
      ["LAUDO_INSPECAO", L("art. 5º, § 1º, III")],
      ["APOLICE_SEGURO_PASSAGEIRO", L("art. 19, § 2º")],
    ]);
  });
});
