import { describe, expect, it } from "vitest";
import { formatCep, isValidCep, normalizeCep } from "~/domain/br/cep";

describe("isValidCep", () => {
  it("accepts 8 digits, bare or in the usual punctuations", () => {
    expect(isValidCep("35680000")).toBe(true);
    expect(isValidCep("35680-000")).toBe(true);
    expect(isValidCep("35.680-000")).toBe(true);
    expect(isValidCep(" 01310-100 ")).toBe(true);
  });

  it("rejects too few or too many digits", () => {
    expect(isValidCep("3568000")).toBe(false);
    expect(isValidCep("356800000")).toBe(false);
    expect(isValidCep("")).toBe(false);
  });

  it("rejects letters and other stray characters", () => {
    expect(isValidCep("35680-00O")).toBe(false);
    expect(isValidCep("35680/000")).toBe(false);
  });
});

describe("normalizeCep", () => {
  it("keeps only the digits", () => {
    expect(normalizeCep("35.680-000")).toBe("35680000");
  });
});

describe("formatCep", () => {
  it("writes 8 digits as 00000-000", () => {
    expect(formatCep("35680000")).toBe("35680-000");
    expect(formatCep("35.680-000")).toBe("35680-000");
  });

  it("returns a value that is not 8 digits as bare digits", () => {
    expect(formatCep("35680-00")).toBe("3568000");
  });
});
