// The check part of a typed code (ADR 014): the serial's HMAC under the "serial-check" sub-key, its
// first 20 bits in 4 Crockford base32 characters. Derived, not stored; the key is an argument.
import { createHmac, timingSafeEqual } from "node:crypto";
import { CHECK_ALPHABET, CHECK_LENGTH, formatTypedCode } from "~/domain/credentials/typed-code";

export function serialCheck(serial: string, key: Uint8Array): string {
  const mac = createHmac("sha256", key).update(`serial-check:${serial}`).digest();
  const bits = ((mac[0] << 16) | (mac[1] << 8) | mac[2]) >>> 4; // the first 20 bits
  let out = "";
  for (let i = CHECK_LENGTH - 1; i >= 0; i--) out += CHECK_ALPHABET[(bits >>> (5 * i)) & 31];
  return out;
}

/** The code printed for typing in: serial and check part. */
export const typedCodeOf = (serial: string, key: Uint8Array) => formatTypedCode(serial, serialCheck(serial, key));

/** Whether a (normalised) check part is the serial's, compared in constant time. */
export function checkMatches(serial: string, check: string, key: Uint8Array): boolean {
  const a = Buffer.from(serialCheck(serial, key));
  const b = Buffer.from(check);
  return a.length === b.length && timingSafeEqual(a, b);
}
