import { describe, expect, it } from "vitest";
import { isValidRenavam, normalizeRenavam } from "~/domain/br/renavam";

// The rule written out independently of the library the code under test calls: weights
// 3,2,9,8,7,6,5,4,3,2 over the first 10 digits, (sum × 10) mod 11, 10 → 0.
function checkDigit(first10: string): number {
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...first10].reduce((acc, digit, i) => acc + Number(digit) * weights[i], 0);
  const remainder = (sum * 10) % 11;
  return remainder === 10 ? 0 : remainder;
}

describe("isValidRenavam", () => {
  it("accepts the 11-digit numbers published in the validation-br test suite", () => {
    for (const renavam of ["19525197703", "33940389599", "64090416160", "80499688374", "40650543741"]) {
      expect(isValidRenavam(renavam)).toBe(true);
      expect(checkDigit(renavam.slice(0, 10))).toBe(Number(renavam[10]));
    }
  });

  it("accepts a legacy 9-digit number, as if left-padded with zeros", () => {
    expect(isValidRenavam("639884962")).toBe(true);
    expect(isValidRenavam("00639884962")).toBe(true);
    expect(checkDigit("0063988496")).toBe(2);
  });

  it("turns a result of 10 into check digit 0", () => {
    expect(checkDigit("1952519772")).toBe(0);
    expect(isValidRenavam("19525197720")).toBe(true);
  });

  it("accepts the usual punctuation and surrounding spaces", () => {
    expect(isValidRenavam("1952519770-3")).toBe(true);
    expect(isValidRenavam(" 3394038959-9 ")).toBe(true);
  });

  it("rejects the invalid numbers published in the validation-br test suite", () => {
    for (const renavam of ["19525227703", "33940229599", "64090226160", "80499228374"]) {
      expect(isValidRenavam(renavam)).toBe(false);
    }
  });

  it("rejects a number whose check digit is off by one", () => {
    expect(isValidRenavam("19525197704")).toBe(false);
    expect(isValidRenavam("639884963")).toBe(false);
  });

  it("rejects all-same-digit numbers, though 00000000000 adds up", () => {
    expect(checkDigit("0000000000")).toBe(0);
    expect(isValidRenavam("00000000000")).toBe(false);
  });

  it("rejects lengths other than 9 or 11 digits", () => {
    expect(isValidRenavam("3607626105")).toBe(false);
    expect(isValidRenavam("63988496")).toBe(false);
    expect(isValidRenavam("195251977030")).toBe(false);
    expect(isValidRenavam("")).toBe(false);
  });

  it("rejects letters and other stray characters", () => {
    expect(isValidRenavam("1952519770A3")).toBe(false);
    expect(isValidRenavam("1952519770/3")).toBe(false);
  });
});

describe("normalizeRenavam", () => {
  it("keeps only the digits", () => {
    expect(normalizeRenavam("1952519770-3")).toBe("19525197703");
  });

  it("left-pads a legacy 9-digit number to 11", () => {
    expect(normalizeRenavam("639884962")).toBe("00639884962");
  });

  it("leaves other lengths alone, for the validator to reject", () => {
    expect(normalizeRenavam("3607626105")).toBe("3607626105");
  });
});
