// CNH registration number: 9 digits + 2 check digits by the community rule (@brazilian-utils),
// as no official text publishes it; a common JS snippet disagrees on ~2.5% of numbers (ADR 004).
import { isValidCnh as libIsValidCnh } from "@brazilian-utils/brazilian-utils";

/** Digits only: "501951311-43" → "50195131143". Not a validator. */
export function normalizeCnh(input: string): string {
  return input.replace(/\D/g, "");
}

/** 11 digits (leading zeros count), bare or with `.`, `-`, spaces; all-same-digit numbers rejected. */
export function isValidCnh(input: string): boolean {
  return libIsValidCnh(input);
}
