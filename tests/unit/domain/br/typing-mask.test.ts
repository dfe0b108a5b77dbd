import { describe, expect, it } from "vitest";
import { isValidCep, isValidCpf, isValidPhone, isValidPlate } from "~/domain/br";
import { caretAfter, maskAsTyped } from "~/domain/br/typing-mask";

describe("maskAsTyped: the mask a field shows while typing", () => {
  it("masks a CPF digit by digit and stops at 11 digits", () => {
    expect(
      ["1", "1234", "1234567", "123456789", "12345678909", "123456789091"].map((v) => maskAsTyped("cpf", v)),
    ).toEqual(["1", "123.4", "123.456.7", "123.456.789", "123.456.789-09", "123.456.789-09"]);
    expect(maskAsTyped("cpf", "123.456.789-09")).toBe("123.456.789-09");
  });

  it("masks a mobile and a landline with the DDD, and drops a country code", () => {
    expect(maskAsTyped("phone", "3")).toBe("(3");
    expect(maskAsTyped("phone", "349")).toBe("(34) 9");
    expect(maskAsTyped("phone", "3432211234")).toBe("(34) 3221-1234");
    expect(maskAsTyped("phone", "34998765432")).toBe("(34) 99876-5432");
    expect(maskAsTyped("phone", "+55 34 99876-5432")).toBe("(34) 99876-5432");
    expect(maskAsTyped("phone", "")).toBe("");
  });

  it("masks a CEP", () => {
    expect(maskAsTyped("cep", "38740")).toBe("38740");
    expect(maskAsTyped("cep", "38740000")).toBe("38740-000");
  });

  it("writes old plates with a hyphen and Mercosul plates without, in capitals", () => {
    expect(maskAsTyped("plate", "ptc")).toBe("PTC");
    expect(maskAsTyped("plate", "ptc4")).toBe("PTC4");
    expect(maskAsTyped("plate", "ptc45")).toBe("PTC-45");
    expect(maskAsTyped("plate", "abc1234")).toBe("ABC-1234");
    expect(maskAsTyped("plate", "ptc4d56")).toBe("PTC4D56");
    expect(maskAsTyped("plate", "PTC-4D56")).toBe("PTC4D56");
  });

  it("the masked values are what the server accepts", () => {
    expect(isValidCpf(maskAsTyped("cpf", "12345678909"))).toBe(true);
    expect(isValidPhone(maskAsTyped("phone", "34998765432"))).toBe(true);
    expect(isValidCep(maskAsTyped("cep", "38740000"))).toBe(true);
    expect(isValidPlate(maskAsTyped("plate", "abc1234"))).toBe(true);
    expect(isValidPlate(maskAsTyped("plate", "ptc4d56"))).toBe(true);
  });

  it("keeps the caret after the same digits when separators are added", () => {
    // "1234|" typed: the masked "123.4" puts the caret after the 4.
    expect(caretAfter("123.4", 4)).toBe(5);
    // Editing in the middle: after the 3rd digit of "123.456.789" is before the dot.
    expect(caretAfter("123.456.789", 3)).toBe(3);
    expect(caretAfter("(34) 9", 0)).toBe(1);
  });
});
