// CNPJ, numeric and alphanumeric (letters in the base from July 2026, IN RFB nº 2.229/2024), via
// @brazilian-utils; we add what it leaves out for letters: a one-character base is rejected.
import { formatCnpj as libFormatCnpj, isValidCnpj as libIsValidCnpj } from "@brazilian-utils/brazilian-utils";

const BASE_LENGTH = 12;
// 12 base characters, then two numeric check digits.
const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Uppercase, without punctuation: "12.abc.345/01de-35" → "12ABC34501DE35". Not a validator. */
export function normalizeCnpj(input: string): string {
  return input.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** Bare or masked, any case; a base of one repeated character is rejected even if the digits add up. */
export function isValidCnpj(input: string): boolean {
  if (!libIsValidCnpj(input, { version: 2 })) return false;
  const base = normalizeCnpj(input).slice(0, BASE_LENGTH);
  return base !== base.charAt(0).repeat(BASE_LENGTH);
}

/** "12ABC34501DE35" → "12.ABC.345/01DE-35". A value of the wrong shape comes back normalised, unmasked. */
export function formatCnpj(input: string): string {
  const value = normalizeCnpj(input);
  return SHAPE.test(value) ? libFormatCnpj(value, { version: 2 }) : value;
}

/** A CNPJ (numeric or alphanumeric) from its twelve base characters with the check digits appended. */
export function cnpjWithCheckDigits(base12: string): string {
  const values = base12.split("").map((c) => c.charCodeAt(0) - 48);
  for (const len of [12, 13]) {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = values.slice(0, len).reduce((acc, d, i) => acc + d * weights[i], 0);
    const r = sum % 11;
    values.push(r < 2 ? 0 : 11 - r);
  }
  return base12 + values.slice(12).join("");
}
