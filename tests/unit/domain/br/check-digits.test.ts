import { describe, expect, it } from "vitest";
import { cnpjWithCheckDigits, cpfWithCheckDigits, isValidCnpj, isValidCpf } from "~/domain/br";

describe("check-digit builders (demo data and tests)", () => {
  it("complete a CPF as the Receita Federal computes it", () => {
    expect(cpfWithCheckDigits("123456789")).toBe("12345678909");
    expect(isValidCpf(cpfWithCheckDigits("300000001"))).toBe(true);
  });

  it("complete numeric and alphanumeric CNPJs", () => {
    expect(cnpjWithCheckDigits("12ABC34501DE")).toBe("12ABC34501DE35");
    expect(isValidCnpj(cnpjWithCheckDigits("112223330001"))).toBe(true);
  });
});
