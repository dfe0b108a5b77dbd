// CPF: the check digits and masks come from @brazilian-utils; this file fixes our contract.
import { formatCpf as libFormatCpf, isValidCpf as libIsValidCpf } from "@brazilian-utils/brazilian-utils";

const CPF_LENGTH = 11;

/** Digits only: "123.456.789-09" → "12345678909". Not a validator: anything else is just dropped. */
export function normalizeCpf(input: string): string {
  return input.replace(/\D/g, "");
}

/** Bare or masked; stray characters make it invalid (never stripped); all-same-digit rejected. */
export function isValidCpf(input: string): boolean {
  return libIsValidCpf(input);
}

/** "12345678909" → "123.456.789-09". A value that is not 11 digits comes back normalised, unmasked. */
export function formatCpf(input: string): string {
  const digits = normalizeCpf(input);
  return digits.length === CPF_LENGTH ? libFormatCpf(digits) : digits;
}

/** "***.456.789-**" for staff lists; a malformed value is masked whole (raw could leak a CPF). */
export function maskCpf(input: string): string {
  const digits = normalizeCpf(input);
  return digits.length === CPF_LENGTH ? libFormatCpf(digits, { obfuscate: true }) : "***.***.***-**";
}

/** A CPF from its nine base digits with the two check digits appended (demo data, tests). */
export function cpfWithCheckDigits(base9: string): string {
  const digits = base9.split("").map(Number);
  for (const len of [9, 10]) {
    const sum = digits.slice(0, len).reduce((acc, d, i) => acc + d * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    digits.push(r === 10 ? 0 : r);
  }
  return digits.join("");
}
