import { describe, expect, test } from "vitest";
import { quotaChecks, quotaLimit } from "~/domain/eligibility";
import { itaunaMg, jardimMs, patrocinioMg } from "~/domain/rule-packs/shipped";

describe("quota limits from population (rounded down: each complete block of inhabitants)", () => {
  test.each([
    { population: 89_826, limit: 44 },
    { population: 90_000, limit: 45 },
    { population: 1_999, limit: 0 },
  ])("Patrocínio: $population inhabitants allow $limit mototáxi permissions", ({ population, limit }) => {
    expect(quotaLimit(patrocinioMg, "MOTOTAXI", population)).toEqual([
      {
        id: "quota_permissions",
        unit: "PERMISSAO",
        category: "MOTOTAXI",
        inhabitantsPerUnit: 2000,
        limit,
        citation: "Lei 4.883/2017, art. 10, I",
      },
    ]);
  });

  test("Patrocínio: motoboy and moto-frete have no limit", () => {
    expect(quotaLimit(patrocinioMg, "MOTOBOY", 90_000)[0]).toMatchObject({
      limit: null,
      citation: "Lei 4.883/2017, art. 10, II",
    });
    expect(quotaLimit(patrocinioMg, "MOTOFRETE", 90_000)[0]).toMatchObject({
      limit: null,
      citation: "Lei 4.883/2017, art. 10, III",
    });
  });

  test.each([
    { population: 24_999, concessions: 9, motorcycles: 99 },
    { population: 25_000, concessions: 10, motorcycles: 100 },
    { population: 2_499, concessions: 0, motorcycles: 9 },
  ])(
    "Jardim: $population inhabitants allow $concessions concessions and $motorcycles motorcycles",
    ({ population, concessions, motorcycles }) => {
      const [c, m] = quotaLimit(jardimMs, "MOTOTAXI", population);
      expect(c).toMatchObject({
        unit: "CONCESSAO",
        inhabitantsPerUnit: 2500,
        limit: concessions,
        citation: "Lei 904/1997, art. 5º, a, com redação dada pela Lei 953/1999",
      });
      expect(m).toMatchObject({
        unit: "VEICULO",
        inhabitantsPerUnit: 250,
        limit: motorcycles,
        citation: "Lei 904/1997, art. 5º, b, com redação dada pela Lei 951/1999",
      });
    },
  );

  test("Itaúna has no quota at all", () => {
    expect(quotaLimit(itaunaMg, "MOTOBOY", 100_000)).toEqual([]);
  });

  test("a population that is not a whole non-negative number is refused", () => {
    expect(() => quotaLimit(jardimMs, "MOTOTAXI", -1)).toThrow(RangeError);
    expect(() => quotaLimit(jardimMs, "MOTOTAXI", 2500.5)).toThrow(RangeError);
  });
});

describe("the quota check before a grant", () => {
  test("is pending without the count in force", () => {
    expect(quotaChecks(patrocinioMg, "MOTOTAXI", "AUTONOMO", { population: 90_000 })[0].status).toBe("PENDING");
  });

  test("reports what is left", () => {
    expect(
      quotaChecks(patrocinioMg, "MOTOTAXI", "AUTONOMO", { population: 90_000, inForce: { PERMISSAO: 40 } })[0].details,
    ).toEqual({
      population: 90_000,
      inhabitantsPerUnit: 2000,
      limit: 45,
      inForce: 40,
      available: 5,
    });
  });

  test("does not apply to a preposto, who takes no permission", () => {
    expect(
      quotaChecks(patrocinioMg, "MOTOTAXI", "PREPOSTO", { population: 90_000, inForce: { PERMISSAO: 45 } }),
    ).toEqual([]);
  });
});
