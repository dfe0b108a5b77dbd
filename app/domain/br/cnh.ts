// CNH número de registro: 9 digits + 2 check digits. No official text publishes the weights, so
// the rule is the community one (@brazilian-utils/brazilian-utils, which we call): DV1 = Σ d[i]·(9−i)
// mod 11, 10 → 0 and then DV2 is lowered by 2 (the `dsc`); DV2 = (Σ d[i]·(i+1) mod 11 − dsc) mod 11,
// 10 → 0. The often-copied JS snippet that leaves `x − dsc` negative disagrees on ~2.5% of numbers;
// see docs/decisions/004-brazilian-identifiers.md.
import { isValidCnh as libIsValidCnh } from "@brazilian-utils/brazilian-utils";

/** Digits only: "501951311-43" → "50195131143". Not a validator. */
export function normalizeCnh(input: string): string {
  return input.replace(/\D/g, "");
}

/**
 * 11 digits (leading zeros count) with both check digits right, bare or with `.`, `-`, spaces.
 * All-same-digit numbers are rejected; letters or other characters make the value invalid.
 */
export function isValidCnh(input: string): boolean {
  return libIsValidCnh(input);
}
