// RENAVAM: 11 digits, the last a check digit over the first 10 with weights 3,2,9,8,7,6,5,4,3,2,
// `(sum * 10) % 11`, 10 → 0. Pre-2013 numbers have 9 digits and are left-padded with zeros.
// @brazilian-utils/brazilian-utils implements exactly that rule (and rejects all-same-digit
// numbers), so we call it and only own the normalised form.
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
