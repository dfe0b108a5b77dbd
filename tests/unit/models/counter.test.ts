import { describe, expect, it } from "vitest";
import { numberYear } from "~/models/counter.server";

describe("the year a requerimento number takes", () => {
  it("is the municipality's civil year, not the server clock's, across the new year", () => {
    // 22:30 on 31 December in Cuiabá (UTC−4) is 02:30 on 1 January in UTC.
    const newYearInUtc = new Date("2027-01-01T02:30:00Z");
    expect(numberYear(newYearInUtc, "America/Cuiaba")).toBe(2026);
    expect(numberYear(newYearInUtc, "America/Sao_Paulo")).toBe(2026);
    // Noronha (UTC−2) has already turned: 00:30 on 1 January there.
    expect(numberYear(newYearInUtc, "America/Noronha")).toBe(2027);
    // An hour after São Paulo's midnight, the new year there; still the old one in Rio Branco (UTC−5).
    const afterMidnight = new Date("2027-01-01T04:00:00Z");
    expect(numberYear(afterMidnight, "America/Sao_Paulo")).toBe(2027);
    expect(numberYear(afterMidnight, "America/Rio_Branco")).toBe(2026);
  });

  it("follows the clock passed in, and a plain midnight changes nothing but the day", () => {
    expect(numberYear(new Date("2026-06-15T03:00:00Z"), "America/Sao_Paulo")).toBe(2026);
    expect(numberYear(new Date("2026-12-31T23:59:59-03:00"), "America/Sao_Paulo")).toBe(2026);
    expect(numberYear(new Date("2027-01-01T00:00:00-03:00"), "America/Sao_Paulo")).toBe(2027);
  });
});
