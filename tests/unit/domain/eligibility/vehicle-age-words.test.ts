// The vehicle-age message counts years in Portuguese: "1 ano", "2 anos" (issue #20).
import { describe, expect, test } from "vitest";
import { evaluate } from "~/domain/eligibility";
import { patrocinioMg } from "~/domain/rule-packs/shipped";

const ageMessage = (manufactureYear: number) =>
  evaluate({
    pack: patrocinioMg,
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    date: "2026-06-01",
    vehicle: { manufactureYear },
  }).checks.find((c) => c.id === "vehicle_age")!.message;

describe("the vehicle's age in words", () => {
  test("one year is singular", () =>
    expect(ageMessage(2025)).toBe("Veículo fabricado em 2025, com 1 ano; o limite é 5."));
  test("two years are plural", () =>
    expect(ageMessage(2024)).toBe("Veículo fabricado em 2024, com 2 anos; o limite é 5."));
});
