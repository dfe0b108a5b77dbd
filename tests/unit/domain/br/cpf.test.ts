import { describe, expect, it } from "vitest";
import { formatCpf, isValidCpf, maskCpf, normalizeCpf } from "~/domain/br/cpf";

describe("isValidCpf", () => {
  it("accepts published valid CPFs, bare or masked", () => {
    // 123.456.789-09 is the library's documented example; 280.012.389-38 is the worked example of
    // the Receita Federal's e-Financeira manual (Anexo II, REGRA_VALIDA_CPF).
    expect(isValidCpf("123.456.789-09")).toBe(true);
    expect(isValidCpf("12345678909")).toBe(true);
    expect(isValidCpf("280.012.389-38")).toBe(true);
    expect(isValidCpf("28001238938")).toBe(true);
  });

  it("accepts spaces as separators and around the number", () => {
    expect(isValidCpf("123 456 789 09")).toBe(true);
    expect(isValidCpf("  123.456.789-09  ")).toBe(true);
  });

  it("rejects a CPF whose first or second check digit is wrong", () => {
    expect(isValidCpf("123.456.789-19")).toBe(false);
    expect(isValidCpf("123.456.789-00")).toBe(false);
    expect(isValidCpf("280.012.389-39")).toBe(false);
  });

  it("rejects a CPF with a transposed digit in the body", () => {
    expect(isValidCpf("213.456.789-09")).toBe(false);
  });

  it("rejects all-same-digit numbers even though their check digits add up", () => {
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(isValidCpf("00000000000")).toBe(false);
    expect(isValidCpf("99999999999")).toBe(false);
  });

  it("rejects too few or too many digits", () => {
    expect(isValidCpf("1234567890")).toBe(false);
    expect(isValidCpf("123456789091")).toBe(false);
    expect(isValidCpf("")).toBe(false);
  });

  it("rejects letters and other stray characters instead of stripping them", () => {
    expect(isValidCpf("123.456.789-0a9")).toBe(false);
    expect(isValidCpf("CPF 123.456.789-09")).toBe(false);
    expect(isValidCpf("123#456#789#09")).toBe(false);
  });
});

describe("normalizeCpf", () => {
  it("keeps only the digits", () => {
    expect(normalizeCpf(" 123.456.789-09 ")).toBe("12345678909");
    expect(normalizeCpf("123 456 789 09")).toBe("12345678909");
  });
});

describe("formatCpf", () => {
  it("writes 11 digits as 000.000.000-00", () => {
    expect(formatCpf("12345678909")).toBe("123.456.789-09");
    expect(formatCpf("123 456 789 09")).toBe("123.456.789-09");
  });

  it("returns a value that is not 11 digits as bare digits, without a misleading mask", () => {
    expect(formatCpf("123.456")).toBe("123456");
  });
});

describe("maskCpf", () => {
  it("hides the first three digits and the check digits", () => {
    expect(maskCpf("12345678909")).toBe("***.456.789-**");
    expect(maskCpf("280.012.389-38")).toBe("***.012.389-**");
  });

  it("hides a malformed value completely rather than showing it raw", () => {
    expect(maskCpf("1234567890")).toBe("***.***.***-**");
    expect(maskCpf("")).toBe("***.***.***-**");
  });
});
