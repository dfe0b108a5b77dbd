import { describe, expect, test } from "vitest";
import { jardimMs } from "~/domain/rule-packs/shipped";
import { checkOf, type Facts, type Row, run, uncoveredRules } from "./helpers";

const DATE = "2025-06-15";
const L = (unit: string) => `Lei 904/1997, ${unit}`;
const BY951 = (unit: string) => L(`${unit}, com redação dada pela Lei 951/1999`);
const BY953 = (unit: string) => L(`${unit}, com redação dada pela Lei 953/1999`);

const base: Facts = {
  person: { cnhCategory: "A", residenceMunicipalityIbge: "5005004", bloodType: "O+" },
  vehicle: { displacementCc: 150, firstRegistrationDate: "2022-01-10", passengerSeats: 1, operatorControlNumber: "07" },
  operator: { name: "Moto Rápida Ltda.", credentialed: true, declaredAssetsBrl: 50_000 },
  quota: { population: 25_000, inForce: { CONCESSAO: 3, VEICULO: 40 } },
};

const rows: Row[] = [
  {
    name: "a CNH with A is a motorcyclist's licence",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: {},
    id: "cnh_category",
    status: "PASS",
    citation: L("art. 20, a"),
  },
  {
    name: "a CNH B is not",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { person: { cnhCategory: "B" } },
    id: "cnh_category",
    status: "FAIL",
    citation: L("art. 20, a"),
  },
  {
    name: "a resident of Jardim passes",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: {},
    id: "residence",
    status: "PASS",
    citation: L("art. 20, b"),
  },
  {
    name: "a resident of Japorã does not",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { person: { residenceMunicipalityIbge: "5004809" } },
    id: "residence",
    status: "FAIL",
    citation: L("art. 20, b"),
  },
  {
    name: "a driver contracted by a registered company passes",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: {},
    id: "operator_credentialed",
    status: "PASS",
    citation: L("art. 3º, § 2º"),
  },
  {
    name: "a driver of an unregistered company fails",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { operator: { credentialed: false } },
    id: "operator_credentialed",
    status: "FAIL",
    citation: L("art. 3º, § 2º"),
  },
  {
    name: "125 cc is the minimum",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { vehicle: { displacementCc: 125 } },
    id: "vehicle_min_displacement",
    status: "PASS",
    citation: L("art. 13"),
  },
  {
    name: "124 cc is below it",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { vehicle: { displacementCc: 124 } },
    id: "vehicle_min_displacement",
    status: "FAIL",
    citation: L("art. 13"),
  },
  {
    name: "a motorcycle with exactly 5 years of use passes",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { vehicle: { firstRegistrationDate: "2020-06-15" } },
    id: "vehicle_age",
    status: "PASS",
    citation: L("art. 13"),
  },
  {
    name: "5 years and one day of use fail",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { vehicle: { firstRegistrationDate: "2020-06-14" } },
    id: "vehicle_age",
    status: "FAIL",
    citation: L("art. 13"),
  },
  {
    name: "one passenger place passes",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: {},
    id: "vehicle_max_passengers",
    status: "PASS",
    citation: BY951("art. 14"),
  },
  {
    name: "two passenger places fail",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { vehicle: { passengerSeats: 2 } },
    id: "vehicle_max_passengers",
    status: "FAIL",
    citation: BY951("art. 14"),
  },
  {
    name: "a company with R$ 10,000 of assets passes",
    category: "MOTOTAXI",
    mode: "OPERADORA",
    patch: { operator: { declaredAssetsBrl: 10_000 } },
    id: "operator_min_assets",
    status: "PASS",
    citation: L("art. 9º, c"),
  },
  {
    name: "a company with R$ 9,999.99 does not",
    category: "MOTOTAXI",
    mode: "OPERADORA",
    patch: { operator: { declaredAssetsBrl: 9_999.99 } },
    id: "operator_min_assets",
    status: "FAIL",
    citation: L("art. 9º, c"),
  },
  {
    name: "the 10th concession fits 25,000 inhabitants",
    category: "MOTOTAXI",
    mode: "OPERADORA",
    patch: { quota: { population: 25_000, inForce: { CONCESSAO: 9 } } },
    id: "quota_concessions",
    status: "PASS",
    citation: BY953("art. 5º, a"),
  },
  {
    name: "a 10th does not fit 24,999",
    category: "MOTOTAXI",
    mode: "OPERADORA",
    patch: { quota: { population: 24_999, inForce: { CONCESSAO: 9 } } },
    id: "quota_concessions",
    status: "FAIL",
    citation: BY953("art. 5º, a"),
  },
  {
    name: "the 100th motorcycle fits 25,000 inhabitants",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { quota: { population: 25_000, inForce: { VEICULO: 99 } } },
    id: "quota_vehicles",
    status: "PASS",
    citation: BY951("art. 5º, b"),
  },
  {
    name: "a 100th does not fit 24,999",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { quota: { population: 24_999, inForce: { VEICULO: 99 } } },
    id: "quota_vehicles",
    status: "FAIL",
    citation: BY951("art. 5º, b"),
  },
  {
    name: "the blood type for the card is given",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: {},
    id: "id_card_blood_type",
    status: "PASS",
    citation: `${BY951("art. 18")}; Lei 904/1997, art. 22, e, incluída pela Lei 951/1999`,
  },
  {
    name: "without the blood type the card cannot be made",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { person: { bloodType: null } },
    id: "id_card_blood_type",
    status: "PENDING",
    citation: `${BY951("art. 18")}; Lei 904/1997, art. 22, e, incluída pela Lei 951/1999`,
  },
  {
    name: "the company's control number of the motorcycle is given",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: {},
    id: "id_card_vehicle_control_number",
    status: "PASS",
    citation: L("art. 22, b"),
  },
  {
    name: "without it the card cannot be made",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: { vehicle: { operatorControlNumber: "" } },
    id: "id_card_vehicle_control_number",
    status: "PENDING",
    citation: L("art. 22, b"),
  },
  {
    name: "the company's name for the card is given",
    category: "MOTOTAXI",
    mode: "VINCULADO",
    patch: {},
    id: "id_card_company_name",
    status: "PASS",
    citation: `${BY951("art. 18")}; ${L("art. 22, a")}`,
  },
];

describe("Jardim (Lei 904/1997, as amended)", () => {
  test.each(rows)("$name", ({ category, mode, patch, id, status, citation }) => {
    const check = checkOf(run(jardimMs, category, mode, DATE, base, patch), id);
    expect(check.status).toBe(status);
    expect(check.citation).toBe(citation);
  });

  test("every rule of the pack has a passing and a failing case above", () => {
    expect(uncoveredRules(jardimMs, rows)).toEqual([]);
  });

  test("the driver's certificates must come from the Jardim court district", () => {
    const docs = run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, base).requiredDocuments;
    expect(docs.find((d) => d.type === "CERTIDAO_CIVEL_CRIMINAL")).toMatchObject({
      fromMunicipality: true,
      citation: L("art. 20, c"),
    });
    // Art. 16's "Seguro Obrigatório" is the DPVAT, which has no object today: never asked.
    expect(docs.find((d) => d.type === "SEGURO_OBRIGATORIO")).toBeUndefined();
  });

  test("a company registers with premises, partners' certificates and proven assets", () => {
    const docs = run(jardimMs, "MOTOTAXI", "OPERADORA", DATE, base).requiredDocuments.map((d) => [d.type, d.citation]);
    expect(docs).toEqual([
      ["REQUERIMENTO_REGISTRO", L("art. 9º")],
      ["CONTRATO_LOCACAO_OU_CERTIDAO_IMOVEL", L("art. 9º, a")],
      ["CERTIDAO_CIVEL_CRIMINAL_SOCIOS", L("art. 9º, b")],
      ["CERTIDAO_PROTESTO_SOCIOS", L("art. 9º, b")],
      ["COMPROVACAO_PATRIMONIO", L("art. 9º, c")],
    ]);
  });

  test("the company's registration is updated yearly; motorcycles are inspected every 6 months", () => {
    const company = run(jardimMs, "MOTOTAXI", "OPERADORA", DATE, base);
    expect(company.credentials[0]).toMatchObject({
      type: "CERTIFICADO_OPERADOR",
      validUntil: "2026-06-15",
      validityCitation: L("art. 8º"),
    });
    expect(company.act).toMatchObject({ kind: "CONCESSAO", citation: L("art. 4º") });
    const driver = run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, base);
    expect(driver.nextVistoria).toEqual({
      period: "P6M",
      nextOn: "2025-12-15",
      citation: L("art. 23, j"),
      discretionary: false,
    });
    // The law sets no validity for the card: the municipality's parameter (12 months by default) does.
    expect(driver.credentials[0]).toMatchObject({
      type: "CRACHA",
      validUntil: "2026-06-15",
      validitySource: "MUNICIPALITY_PARAMETER",
      citation: BY951("art. 15, a"),
    });
  });

  test("the card's fields include the blood type, by the amending law", () => {
    const fields = jardimMs.identificationCard?.cards.flatMap((c) => c.fields.map((f) => f.field));
    expect(fields).toContain("BLOOD_TYPE");
    expect(fields).toContain("VEHICLE_CONTROL_NUMBER");
  });

  test("the check details never carry the blood type itself", () => {
    const check = checkOf(run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, base), "id_card_blood_type");
    expect(JSON.stringify(check)).not.toContain("O+");
  });

  test("the driver's checklist follows art. 20, with the card photo and the company's insurance, plus the federal course certificate", () => {
    const docs = run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, base).requiredDocuments.map((d) => [d.type, d.citation]);
    expect(docs).toEqual([
      ["CNH", L("art. 20, a")],
      ["COMPROVANTE_RESIDENCIA", L("art. 20, b")],
      ["CERTIDAO_CIVEL_CRIMINAL", L("art. 20, c")],
      ["DOCUMENTOS_PESSOAIS", L("art. 20, d")],
      ["FOTO", BY951("art. 18")],
      ["CONTRATO_PRESTACAO_SERVICOS", L("art. 3º, § 2º")],
      // Silent in Lei 904/1997; asked by the federal baseline (Lei 12.009/2009, art. 2º, III).
      ["CERTIFICADO_CURSO_ESPECIALIZADO", "Lei 12.009/2009, art. 2º, III"],
    ]);
  });
});
