import { describe, expect, it } from "vitest";
import { isValidCnh, normalizeCnh } from "~/domain/br/cnh";

// The rule as the Delphi routine published on DevMedia (2013, "Validação do número de registro
// de CNH") states it, written here independently of the library the code under test calls.
function checkDigitsDenatran(base9: string): string {
  const d = [...base9].map(Number);
  const firstSum = d.reduce((sum, digit, i) => sum + digit * (9 - i), 0);
  let first = firstSum % 11;
  const dsc = first === 10 ? 2 : 0;
  if (first > 9) first = 0;
  const secondSum = d.reduce((sum, digit, i) => sum + digit * (i + 1), 0);
  let second = (secondSum % 11) - dsc;
  if (second < 0) second += 11;
  if (second > 9) second = 0;
  return `${first}${second}`;
}

describe("isValidCnh", () => {
  it("accepts the valid numbers published in the validation-br test suite", () => {
    for (const cnh of ["50195131143", "58316794534", "50195471165", "69044271146", "46190906839"]) {
      expect(isValidCnh(cnh)).toBe(true);
      expect(checkDigitsDenatran(cnh.slice(0, 9))).toBe(cnh.slice(9));
    }
  });

  it("accepts the numbers published in the brazilian-utils test suite, leading zeros included", () => {
    expect(isValidCnh("00000000119")).toBe(true);
    expect(isValidCnh("00000009309")).toBe(true);
  });

  it("accepts the usual punctuation and surrounding spaces", () => {
    expect(isValidCnh("624729276-37")).toBe(true);
    expect(isValidCnh("583.167.945-34")).toBe(true);
    expect(isValidCnh(" 58316794534 ")).toBe(true);
  });

  it("rejects the invalid numbers published in the validation-br test suite", () => {
    for (const cnh of ["50195471143", "58316474534", "69044471146"]) {
      expect(isValidCnh(cnh)).toBe(false);
    }
  });

  it("rejects a number with either check digit wrong", () => {
    expect(isValidCnh("58316794544")).toBe(false);
    expect(isValidCnh("58316794535")).toBe(false);
  });

  describe("when the first remainder is 10 (DV1 = 0, DV2 lowered by 2)", () => {
    it("computes DV2 modulo 11, wrapping below zero", () => {
      // Σ d·(i+1) mod 11 = 0, so DV2 = 0 − 2 + 11 = 9. The often-copied JS snippet yields "-2"
      // here and so rejects every number with this base.
      expect(checkDigitsDenatran("123472627")).toBe("09");
      expect(isValidCnh("12347262709")).toBe(true);
    });

    it("maps a lowered DV2 of 10 to 0", () => {
      // Σ d·(i+1) mod 11 = 1, so DV2 = 1 − 2 + 11 = 10 → 0.
      expect(checkDigitsDenatran("127471722")).toBe("00");
      expect(isValidCnh("12747172200")).toBe(true);
    });

    it("lowers a second remainder of 10 to 8 rather than zeroing it first", () => {
      expect(checkDigitsDenatran("124676315")).toBe("08");
      expect(isValidCnh("12467631508")).toBe(true);
      expect(isValidCnh("12467631500")).toBe(false);
    });
  });

  it("agrees with the independent reference on a sweep of 2,000 bases", () => {
    let seed = 20_240_601;
    for (let n = 0; n < 2_000; n++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      const base = String(seed % 1_000_000_000).padStart(9, "0");
      const cnh = base + checkDigitsDenatran(base);
      expect(isValidCnh(cnh), cnh).toBe(true);
      const wrongSecondDigit = cnh.slice(0, 10) + ((Number(cnh[10]) + 1) % 10);
      expect(isValidCnh(wrongSecondDigit), wrongSecondDigit).toBe(false);
    }
  });

  it("rejects all-same-digit numbers", () => {
    expect(isValidCnh("00000000000")).toBe(false);
    expect(isValidCnh("11111111111")).toBe(false);
  });

  it("rejects too few or too many digits instead of padding or truncating", () => {
    expect(isValidCnh("5831679453")).toBe(false);
    expect(isValidCnh("583167945340")).toBe(false);
    expect(isValidCnh("")).toBe(false);
  });

  it("rejects letters and other stray characters", () => {
    expect(isValidCnh("58316794S34")).toBe(false);
    expect(isValidCnh("583/167/945/34")).toBe(false);
  });
});

describe("normalizeCnh", () => {
  it("keeps only the digits, leading zeros included", () => {
    expect(normalizeCnh("000.000.001-19")).toBe("00000000119");
    expect(normalizeCnh(" 624729276-37 ")).toBe("62472927637");
  });
});
