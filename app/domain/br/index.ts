// Brazilian identifiers and the zod schemas every form uses: one normalised shape however typed.
import { z } from "zod";
import { isValidCep, normalizeCep } from "./cep";
import { isValidCnh, normalizeCnh } from "./cnh";
import { isValidCnpj, normalizeCnpj } from "./cnpj";
import { isValidCpf, normalizeCpf } from "./cpf";
import { isValidPhone, normalizePhone } from "./phone";
import { isValidPlate, normalizePlate } from "./plate";
import { isValidRenavam, normalizeRenavam } from "./renavam";

export * from "./cep";
export * from "./cnh";
export * from "./cnpj";
export * from "./cpf";
export * from "./phone";
export * from "./plate";
export * from "./renavam";

/** `invalid` may read what was typed, to say what is wrong with it. */
type Messages = { required: string; invalid: string | ((input: string) => string) };

// Validate as typed, then normalise: stray characters are reported, never stripped away.
function identifier(isValid: (input: string) => boolean, normalize: (input: string) => string, messages: Messages) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .refine(isValid, {
      error: (issue) =>
        typeof messages.invalid === "string" ? messages.invalid : messages.invalid(String(issue.input)),
    })
    .transform(normalize);
}

export const zCpf = identifier(isValidCpf, normalizeCpf, {
  required: "Informe o CPF.",
  invalid: "CPF inválido: confira os dígitos.",
});

export const zCnpj = identifier(isValidCnpj, normalizeCnpj, {
  required: "Informe o CNPJ.",
  invalid: "CNPJ inválido: confira as letras e os dígitos.",
});

export const zPlate = identifier(isValidPlate, normalizePlate, {
  required: "Informe a placa do veículo.",
  invalid: "Placa inválida: use o formato ABC-1234 ou ABC1D23.",
});

export const zRenavam = identifier(isValidRenavam, normalizeRenavam, {
  required: "Informe o RENAVAM.",
  invalid: "RENAVAM inválido: confira os dígitos.",
});

export const zCnh = identifier(isValidCnh, normalizeCnh, {
  required: "Informe o número de registro da CNH.",
  invalid: "CNH inválida: confira os 11 dígitos do número de registro.",
});

export const zCep = identifier(isValidCep, normalizeCep, {
  required: "Informe o CEP.",
  invalid: "CEP inválido: use 8 dígitos, como 35680-000.",
});

export const zPhone = identifier(isValidPhone, normalizePhone, {
  required: "Informe o telefone com DDD.",
  // 8 or 9 digits are a number without its area code (the mask then shows its first two as one).
  invalid: (input) =>
    /^\d{8,9}$/.test(normalizePhone(input))
      ? "Faltou o DDD: informe os dois dígitos da cidade antes do número, como (37) 99999-1234."
      : "Telefone inválido: informe DDD e número, como (37) 99999-1234.",
});
