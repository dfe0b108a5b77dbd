import { describe, expect, it } from "vitest";
import { zCep, zCnh, zCnpj, zCpf, zPhone, zPlate, zRenavam } from "~/domain/br";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe("zod schemas at the form edge", () => {
  const cases = [
    {
      name: "zCpf",
      schema: zCpf,
      typed: " 123.456.789-09 ",
      stored: "12345678909",
      bad: "123.456.789-00",
      invalid: "CPF inválido: confira os dígitos.",
      required: "Informe o CPF.",
    },
    {
      name: "zCnpj",
      schema: zCnpj,
      typed: " 12.abc.345/01de-35 ",
      stored: "12ABC34501DE35",
      bad: "12.ABC.345/01DE-36",
      invalid: "CNPJ inválido: confira as letras e os dígitos.",
      required: "Informe o CNPJ.",
    },
    {
      name: "zPlate",
      schema: zPlate,
      typed: " abc-1234 ",
      stored: "ABC1234",
      bad: "ABC12D3",
      invalid: "Placa inválida: use o formato ABC-1234 ou ABC1D23.",
      required: "Informe a placa do veículo.",
    },
    {
      name: "zRenavam",
      schema: zRenavam,
      typed: " 639884962 ",
      stored: "00639884962",
      bad: "639884963",
      invalid: "RENAVAM inválido: confira os dígitos.",
      required: "Informe o RENAVAM.",
    },
    {
      name: "zCnh",
      schema: zCnh,
      typed: " 583.167.945-34 ",
      stored: "58316794534",
      bad: "58316794535",
      invalid: "CNH inválida: confira os 11 dígitos do número de registro.",
      required: "Informe o número de registro da CNH.",
    },
    {
      name: "zCep",
      schema: zCep,
      typed: " 35.680-000 ",
      stored: "35680000",
      bad: "3568-000",
      invalid: "CEP inválido: use 8 dígitos, como 35680-000.",
      required: "Informe o CEP.",
    },
    {
      name: "zPhone",
      schema: zPhone,
      typed: " +55 (37) 99999-1234 ",
      stored: "37999991234",
      bad: "(37) 89999-1234",
      invalid: "Telefone inválido: informe DDD e número, como (37) 99999-1234.",
      required: "Informe o telefone com DDD.",
    },
  ];

  for (const c of cases) {
    describe(c.name, () => {
      it("trims, validates and yields the normalised value", () => {
        expect(c.schema.parse(c.typed)).toBe(c.stored);
      });

      it("rejects an invalid value with a Portuguese message", () => {
        const result = c.schema.safeParse(c.bad);
        expect(result.success).toBe(false);
        expect(firstMessage(result)).toBe(c.invalid);
      });

      it("asks for the value when the field is blank or missing", () => {
        for (const blank of ["", "   ", undefined, null]) {
          const result = c.schema.safeParse(blank);
          expect(result.success).toBe(false);
          expect(firstMessage(result)).toBe(c.required);
          expect(result.error?.issues).toHaveLength(1);
        }
      });
    });
  }

  it("says a phone typed without its area code lacks the DDD (issue #34, item 8)", () => {
    for (const typed of ["99876-5432", "3221-1234"]) {
      const result = zPhone.safeParse(typed);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe(
        "Faltou o DDD: informe os dois dígitos da cidade antes do número, como (37) 99999-1234.",
      );
    }
  });

  it("reports stray characters rather than silently stripping them", () => {
    expect(zCpf.safeParse("123.456.789-09x").success).toBe(false);
    expect(zPhone.safeParse("(37) 99999-1234 ramal 2").success).toBe(false);
  });
});
