// RENAVAM: 11 digits with a check digit (pre-2013: 9, left-padded); @brazilian-utils checks it,
// we own the normalised form.
import { isValidRenavam as libIsValidRenavam } from "@brazilian-utils/brazilian-utils";

const RENAVAM_LENGTH = 11;
const LEGACY_LENGTH = 9;

/** Digits only, a 9-digit legacy number left-padded to 11: "639884962" → "00639884962". Not a validator. */
export function normalizeRenavam(input: string): string {
  const digits = input.replace(/\D/g, "");
  return digits.length === LEGACY_LENGTH ? digits.padStart(RENAVAM_LENGTH, "0") : digits;
}

/** 9 or 11 digits with the check digit right, bare or with `.`, `-`, spaces. Other lengths are invalid. */
export function isValidRenavam(input: string): boolean {
  return libIsValidRenavam(input);
}
