import { describe, expect, test } from "vitest";
import { evaluate, parseEligibilityRequest, toApiResponse } from "~/domain/eligibility";
import { withParameters } from "~/domain/rule-packs";
import { patrocinioMg } from "~/domain/rule-packs/shipped";

const valid = {
  municipality: "3148103",
  category: "MOTOTAXI",
  mode: "AUTONOMO",
  date: "2025-06-15",
  person: {
    birthDate: "2004-06-16",
    cnhCategory: "A",
    cnhFirstLicenseDate: "2020-01-01",
    cnhEar: true,
    residenceMunicipalityIbge: "3148103",
    heldPermissions: [],
  },
  vehicle: {
    plate: "abc-1d23",
    manufactureYear: 2022,
    firstRegistrationDate: "2022-02-01",
    displacementCc: 160,
    doors: 0,
    passengerSeats: 1,
    registrationCategory: "ALUGUEL",
    licensingMunicipalityIbge: "3148103",
    ownerKind: "HOLDER",
    leased: false,
  },
};

function errorOf(body: unknown) {
  const result = parseEligibilityRequest(body);
  if (result.ok) throw new Error("expected a validation error");
  return result.error;
}

describe("POST /api/v1/eligibility body", () => {
  test("a body with every field of api.md is accepted and normalised", () => {
    const result = parseEligibilityRequest(valid);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.pack.id).toBe("patrocinio-mg");
      expect(result.input.vehicle?.plate).toBe("ABC1D23");
    }
  });

  test("person and vehicle may be left out, and facts may be null", () => {
    expect(
      parseEligibilityRequest({
        municipality: "3148103",
        category: "MOTOBOY",
        mode: "AUTONOMO",
        date: "2025-06-15",
        person: { birthDate: null },
      }).ok,
    ).toBe(true);
  });

  test.each([
    {
      name: "an unknown top-level field",
      body: { ...valid, cpf: "123" },
      code: "unknown_field",
      message: 'Campo desconhecido: "cpf".',
    },
    {
      name: "an unknown person field",
      body: { ...valid, person: { ...valid.person, nome: "x" } },
      code: "unknown_field",
      message: 'Campo desconhecido: "person.nome".',
    },
    {
      name: "an unknown vehicle field",
      body: { ...valid, vehicle: { ...valid.vehicle, renavam: "1" } },
      code: "unknown_field",
      message: 'Campo desconhecido: "vehicle.renavam".',
    },
    { name: "a category outside the vocabulary", body: { ...valid, category: "TAXI" }, code: "unknown_category" },
    { name: "a mode outside the vocabulary", body: { ...valid, mode: "OPERADORA" }, code: "unknown_mode" },
    {
      name: "an impossible date",
      body: { ...valid, date: "2025-02-30" },
      code: "invalid_date",
      message: '"date" deve ser uma data válida no formato AAAA-MM-DD.',
    },
    {
      name: "a birth date in another format",
      body: { ...valid, person: { ...valid.person, birthDate: "16/06/2004" } },
      code: "invalid_date",
    },
    {
      name: "a malformed plate",
      body: { ...valid, vehicle: { ...valid.vehicle, plate: "AB-12345" } },
      code: "invalid_plate",
    },
    {
      name: "a municipality that is not an IBGE code",
      body: { ...valid, municipality: "Patrocínio" },
      code: "invalid_municipality",
    },
    {
      name: "a residence code that names no municipality",
      body: { ...valid, person: { ...valid.person, residenceMunicipalityIbge: "3100000" } },
      code: "invalid_ibge_code",
    },
    {
      name: "an unknown CNH category",
      body: { ...valid, person: { ...valid.person, cnhCategory: "F" } },
      code: "invalid_cnh_category",
    },
    {
      name: "a fractional displacement",
      body: { ...valid, vehicle: { ...valid.vehicle, displacementCc: 124.5 } },
      code: "invalid_field",
    },
    {
      name: "a missing date",
      body: { ...valid, date: undefined },
      code: "missing_field",
      message: 'Campo obrigatório ausente: "date".',
    },
    { name: "a body that is not an object", body: "hello", code: "invalid_body" },
  ])("$name is rejected with $code", ({ body, code, message }) => {
    const error = errorOf(body);
    expect(error.error.code).toBe(code);
    if (message) expect(error.error.message).toBe(message);
    expect(error.error.message.length).toBeGreaterThan(10);
  });

  test.each([
    {
      name: "a municipality without a rule pack",
      body: { ...valid, municipality: "3550308" },
      code: "unknown_municipality",
    },
    {
      name: "a category the municipality does not regulate",
      body: { ...valid, municipality: "3138203", category: "MOTOTAXI", mode: "VINCULADO" },
      code: "category_not_offered",
    },
    { name: "a mode the category does not admit", body: { ...valid, mode: "VINCULADO" }, code: "mode_not_offered" },
    { name: "a date before the law", body: { ...valid, date: "2016-01-01" }, code: "pack_not_in_force" },
  ])("$name is rejected with $code", ({ body, code }) => {
    expect(errorOf(body).error.code).toBe(code);
  });
});

describe("the response", () => {
  test("has exactly the shape of api.md", () => {
    const parsed = parseEligibilityRequest(valid);
    if (!parsed.ok) throw new Error("invalid");
    const response = toApiResponse(evaluate(parsed.input), parsed.pack);
    expect(Object.keys(response)).toEqual(["eligible", "pack", "checks", "requiredDocuments"]);
    expect(response.eligible).toBe(false);
    expect(response.pack).toEqual({ id: "patrocinio-mg", law: "Lei 4.883/2017", version: "1.0.0" });
    expect(response.checks.find((c) => c.id === "min_age")).toMatchObject({
      status: "FAIL",
      citation: "Lei 4.883/2017, art. 5º, I",
    });
    expect(Object.keys(response.checks[0])).toEqual(["id", "status", "citation", "message", "details"]);
    expect(response.requiredDocuments.find((d) => d.type === "ATESTADO_MEDICO")).toEqual({
      type: "ATESTADO_MEDICO",
      citation: "Lei 4.883/2017, art. 5º, VII",
      validity: "P1Y",
    });
  });

  test("facts outside the API body (one vehicle, cargo use) stay pending", () => {
    const parsed = parseEligibilityRequest(valid);
    if (!parsed.ok) throw new Error("invalid");
    const checks = toApiResponse(evaluate(parsed.input), parsed.pack).checks;
    expect(checks.find((c) => c.id === "one_vehicle")?.status).toBe("PENDING");
    expect(checks.find((c) => c.id === "vehicle_service_exclusivity")?.status).toBe("PENDING");
  });

  test("refuses to label a result with another pack version", () => {
    const parsed = parseEligibilityRequest(valid);
    if (!parsed.ok) throw new Error("invalid");
    expect(() => toApiResponse(evaluate(parsed.input), withParameters(patrocinioMg, { diasFotoRecente: 60 }))).toThrow(
      /1\.1\.0/,
    );
  });
});
