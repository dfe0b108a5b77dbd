import { isValidCnpj as libraryIsValidNumericCnpj } from "@brazilian-utils/brazilian-utils";
import { describe, expect, it } from "vitest";
import { formatCnpj, isValidCnpj, normalizeCnpj } from "~/domain/br/cnpj";

// The check-digit rule the Receita Federal publishes for the alphanumeric CNPJ (IN RFB 2.229/2024
// and its check-digit manual), written here independently of the code under test: each character is worth charCode − 48, weights 2..9 from the right, cycling; remainder
// 0 or 1 → 0, otherwise 11 − remainder.
function checkDigitsPerReceita(base12: string): string {
  const digit = (chars: string): number => {
    let sum = 0;
    let weight = 2;
    for (let i = chars.length - 1; i >= 0; i--) {
      sum += (chars.charCodeAt(i) - 48) * weight;
      weight = weight === 9 ? 2 : weight + 1;
    }
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = digit(base12);
  return `${first}${digit(base12 + first)}`;
}

describe("checkDigitsPerReceita (the test's own reference)", () => {
  it("reproduces the Receita Federal's published example 12.ABC.345/01DE-35", () => {
    expect(checkDigitsPerReceita("12ABC34501DE")).toBe("35");
  });
});

describe("isValidCnpj — numeric", () => {
  it("accepts real numeric CNPJs, masked or bare", () => {
    expect(isValidCnpj("00.000.000/0001-91")).toBe(true); // Banco do Brasil
    expect(isValidCnpj("33.000.167/0001-01")).toBe(true); // Petrobras
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("12345678000195")).toBe(true);
    expect(isValidCnpj("12 345 678 0001 95")).toBe(true);
  });

  it("agrees with the library's numeric-only validator on CNPJs built from the Receita rule", () => {
    const bases = ["112223330001", "987654320001", "045678910002", "190283740001", "556677880003"];
    for (const base of bases) {
      const cnpj = base + checkDigitsPerReceita(base);
      expect(libraryIsValidNumericCnpj(cnpj)).toBe(true);
      expect(isValidCnpj(cnpj)).toBe(true);
    }
  });

  it("rejects a numeric CNPJ with either check digit wrong", () => {
    expect(isValidCnpj("11.222.333/0001-82")).toBe(false);
    expect(isValidCnpj("11.222.333/0001-91")).toBe(false);
    expect(isValidCnpj("33.000.167/0001-10")).toBe(false);
  });

  it("rejects a numeric CNPJ with a changed branch number", () => {
    expect(isValidCnpj("11.222.333/0002-81")).toBe(false);
  });

  it("rejects all-same-digit numbers even though their check digits add up", () => {
    expect(isValidCnpj("00.000.000/0000-00")).toBe(false);
    expect(isValidCnpj("11111111111111")).toBe(false);
  });

  it("rejects too few or too many characters", () => {
    expect(isValidCnpj("1122233300018")).toBe(false);
    expect(isValidCnpj("112223330001811")).toBe(false);
    expect(isValidCnpj("")).toBe(false);
  });
});

describe("isValidCnpj — alphanumeric (IN RFB 2.229/2024)", () => {
  it("accepts the Receita Federal's example 12.ABC.345/01DE-35, masked or bare", () => {
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
  });

  it("accepts lower-case letters", () => {
    expect(isValidCnpj("12.abc.345/01de-35")).toBe(true);
  });

  it("accepts alphanumeric CNPJs whose check digits follow the Receita rule", () => {
    for (const base of ["Q0SLFMBD7VX4", "AB1234560001", "ZX9Y8W7V0001", "00ABCDEF0001"]) {
      expect(isValidCnpj(base + checkDigitsPerReceita(base))).toBe(true);
    }
  });

  it("rejects the example with any one check digit changed", () => {
    expect(isValidCnpj("12.ABC.345/01DE-36")).toBe(false);
    expect(isValidCnpj("12.ABC.345/01DE-25")).toBe(false);
  });

  it("rejects the example with a letter of the base changed", () => {
    expect(isValidCnpj("12.ABD.345/01DE-35")).toBe(false);
    expect(isValidCnpj("12.ABC.345/01DF-35")).toBe(false);
  });

  it("rejects letters in the check-digit positions", () => {
    expect(isValidCnpj("12ABC34501DE3A")).toBe(false);
  });

  it("rejects characters outside A–Z and 0–9", () => {
    expect(isValidCnpj("12.ÁBC.345/01DE-35")).toBe(false);
    expect(isValidCnpj("12*ABC*345*01DE*35")).toBe(false);
  });

  it("rejects a base of one repeated letter even when its check digits add up", () => {
    expect(checkDigitsPerReceita("AAAAAAAAAAAA")).toBe("45");
    expect(isValidCnpj("AA.AAA.AAA/AAAA-45")).toBe(false);
  });
});

describe("normalizeCnpj", () => {
  it("upper-cases and drops the punctuation", () => {
    expect(normalizeCnpj("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(normalizeCnpj(" 11.222.333/0001-81 ")).toBe("11222333000181");
  });
});

describe("formatCnpj", () => {
  it("writes numeric and alphanumeric CNPJs as 00.000.000/0000-00", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
  });

  it("returns a value of the wrong shape normalised, without a misleading mask", () => {
    expect(formatCnpj("11.222.333")).toBe("11222333");
    expect(formatCnpj("12ABC34501DE3A")).toBe("12ABC34501DE3A");
  });
});
