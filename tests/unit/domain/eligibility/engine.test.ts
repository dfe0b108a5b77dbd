import { describe, expect, test } from "vitest";
import { type DocumentOnFile, evaluate, EvaluationError } from "~/domain/eligibility";
import { allPacks, itaunaMg, jardimMs, lavrasMg, patrocinioMg } from "~/domain/rule-packs/shipped";

const DATE = "2025-06-15";

const everyOffer = allPacks.flatMap((pack) =>
  pack.categories.flatMap((c) =>
    c.modes.map((m) => ({ name: `${pack.id} ${c.code} ${m.mode}`, pack, category: c.code, mode: m.mode })),
  ),
);

describe("a missing fact is PENDING, never PASS", () => {
  test.each(everyOffer)("$name with no facts at all", ({ pack, category, mode }) => {
    const result = evaluate({ pack, category, mode, date: DATE });
    const pending = result.checks.filter((c) => c.status !== "PENDING");
    // Only a quota the law leaves unlimited can pass without facts: there is nothing to know.
    expect(pending.every((c) => c.id.startsWith("quota_") && c.details.limit === null)).toBe(true);
    expect(result.checks.length).toBeGreaterThan(0);
    expect(result.eligible).toBe(false);
    expect(result.requiredDocuments.every((d) => d.status === "MISSING")).toBe(true);
  });

  test("null counts as missing, like an absent field", () => {
    const check = evaluate({
      pack: itaunaMg,
      category: "MOTOBOY",
      mode: "AUTONOMO",
      date: DATE,
      person: { birthDate: null },
    }).checks.find((c) => c.id === "min_age");
    expect(check).toMatchObject({ status: "PENDING", citation: "Lei 4.785/2013, art. 5º, I" });
  });
});

describe("eligible", () => {
  const accepted = (type: string): DocumentOnFile => ({
    type,
    issueDate: "2025-05-02",
    expiryDate: "2030-01-01",
    reviewState: "ACCEPTED",
  });
  const input = {
    pack: itaunaMg,
    category: "MOTOBOY" as const,
    mode: "AUTONOMO" as const,
    date: DATE,
    person: {
      birthDate: "1990-01-01",
      cnhCategory: "A" as const,
      cnhFirstLicenseDate: "2015-01-01",
      residenceMunicipalityIbge: "3133808",
      otherRegisteredVehicles: 0,
    },
    vehicle: {
      firstRegistrationDate: "2020-01-01",
      displacementCc: 150,
      registrationCategory: "ALUGUEL" as const,
      licensingUpToDate: true,
      usedForPassengers: false,
    },
  };
  const allDocs = evaluate(input).requiredDocuments.map((d) => accepted(d.type));

  test("is true when every check passes and every document is accepted", () => {
    const result = evaluate({ ...input, documents: allDocs });
    expect(result.checks.every((c) => c.status === "PASS")).toBe(true);
    expect(result.eligible).toBe(true);
  });

  test("stays true while a document is only expiring", () => {
    const docs = [...allDocs.filter((d) => d.type !== "CNH"), { ...accepted("CNH"), expiryDate: "2025-07-01" }];
    const result = evaluate({ ...input, documents: docs });
    expect(result.requiredDocuments.find((d) => d.type === "CNH")?.status).toBe("EXPIRING");
    expect(result.eligible).toBe(true);
  });

  test("is false when a single document awaits review", () => {
    const docs = allDocs.map((d) => (d.type === "RG" ? { ...d, reviewState: "PENDING" as const } : d));
    expect(evaluate({ ...input, documents: docs }).eligible).toBe(false);
  });

  test("is false when a single check is pending", () => {
    expect(
      evaluate({ ...input, documents: allDocs, vehicle: { ...input.vehicle, licensingUpToDate: null } }).eligible,
    ).toBe(false);
  });

  test("is false when a single check fails", () => {
    expect(evaluate({ ...input, documents: allDocs, vehicle: { ...input.vehicle, displacementCc: 90 } }).eligible).toBe(
      false,
    );
  });
});

describe("refusals", () => {
  test.each([
    {
      name: "Lavras does not offer mototáxi",
      pack: lavrasMg,
      category: "MOTOTAXI" as const,
      mode: "VINCULADO" as const,
      code: "category_not_offered",
    },
    {
      name: "Jardim has no autônomo mototaxista",
      pack: jardimMs,
      category: "MOTOTAXI" as const,
      mode: "AUTONOMO" as const,
      code: "mode_not_offered",
    },
    {
      name: "Patrocínio has no operator companies",
      pack: patrocinioMg,
      category: "MOTOBOY" as const,
      mode: "OPERADORA" as const,
      code: "mode_not_offered",
    },
  ])("$name", ({ pack, category, mode, code }) => {
    expect(() => evaluate({ pack, category, mode, date: DATE })).toThrow(expect.objectContaining({ code }));
  });

  test("a date before the pack takes effect is refused", () => {
    expect(() => evaluate({ pack: patrocinioMg, category: "MOTOBOY", mode: "AUTONOMO", date: "2017-02-13" })).toThrow(
      EvaluationError,
    );
    expect(() =>
      evaluate({ pack: patrocinioMg, category: "MOTOBOY", mode: "AUTONOMO", date: "2017-02-14" }),
    ).not.toThrow();
  });

  test("an impossible date is refused", () => {
    expect(() => evaluate({ pack: patrocinioMg, category: "MOTOBOY", mode: "AUTONOMO", date: "2025-02-29" })).toThrow(
      expect.objectContaining({ code: "invalid_date" }),
    );
  });
});

test("the result names the exact pack version it was computed with", () => {
  expect(evaluate({ pack: jardimMs, category: "MOTOTAXI", mode: "VINCULADO", date: DATE }).pack).toEqual({
    id: "jardim-ms",
    version: "1.0.0",
    law: "Lei 904/1997",
  });
});

test("every message is plain Portuguese text, never empty", () => {
  for (const { pack, category, mode } of everyOffer) {
    for (const c of evaluate({ pack, category, mode, date: DATE }).checks) expect(c.message).toMatch(/^[A-ZÀ-Ú].+\.$/);
  }
});
