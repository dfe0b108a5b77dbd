// CEP: 8 digits, no check digit; validation and mask from @brazilian-utils.
import { formatCep as libFormatCep, isValidCep as libIsValidCep } from "@brazilian-utils/brazilian-utils";

const CEP_LENGTH = 8;

/** Digits only: "35680-000" → "35680000". Not a validator. */
export function normalizeCep(input: string): string {
  return input.replace(/\D/g, "");
}

/** Exactly 8 digits, bare or with `.`, `-`, spaces ("35680-000", "35.680-000"). Letters make it invalid. */
export function isValidCep(input: string): boolean {
  return libIsValidCep(input);
}

/** "35680000" → "35680-000". A value that is not 8 digits comes back normalised, unmasked. */
export function formatCep(input: string): string {
  const digits = normalizeCep(input);
  return digits.length === CEP_LENGTH ? libFormatCep(digits) : digits;
}
