// The code typed when the QR cannot be read: serial + a check part (`PTC-MT-2026-000002-K7QX`)
// that makes serials unguessable in sequence (ADR 014). The ONE place typed codes are read, by
// every entrance and the offline scanner: case, spaces, dots, dashes and look-alikes forgiven.

/** Crockford's base32: no I, L, O, U — nothing a passenger can misread. */
export const CHECK_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CHECK_LENGTH = 4;

type TypedCode =
  /** A serial and a check part (not yet verified: only the server can). `code` is the canonical printed form. */
  | { kind: "complete"; serial: string; check: string; code: string }
  /** A whole serial without its check part. */
  | { kind: "serial"; serial: string }
  /** The beginning of a code, or a check part too short. */
  | { kind: "incomplete" }
  /** Not a credential code at all. */
  | { kind: "invalid" };

const MAX_INPUT = 64;
// Letters of prefix + category (e.g. PTC + MT), year, six-digit number, then the check part.
const FULL = /^([A-Z]{1,6})([A-Z]{2})(\d{4})(\d{6})([0-9A-Z]*)$/;
// What a code looks like while being typed: letters, then at most ten digits.
const START = /^[A-Z]{1,8}\d{0,10}$/;

/** Upper case, without spaces, dashes, dots, slashes or underscores. */
export function squeezeCode(input: string): string {
  return input
    .slice(0, MAX_INPUT)
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-‐-―−._/\\]+/g, "");
}

/** Crockford's reading of a typed check part: O→0, I and L→1; null when a character is not in the alphabet. */
function normalizeCheck(check: string): string | null {
  const read = check.replace(/O/g, "0").replace(/[IL]/g, "1");
  return [...read].every((ch) => CHECK_ALPHABET.includes(ch)) ? read : null;
}

const formatSerial = (prefixAndCategory: string, year: string, number: string) =>
  `${prefixAndCategory.slice(0, -2)}-${prefixAndCategory.slice(-2)}-${year}-${number}`;

export const formatTypedCode = (serial: string, check: string) => `${serial}-${check}`;

/** Reads whatever was typed (or scanned as text) into a serial and its check part. */
export function parseTypedCode(input: string): TypedCode {
  if (typeof input !== "string") return { kind: "invalid" };
  const squeezed = squeezeCode(input);
  if (!squeezed) return { kind: "incomplete" };
  const m = FULL.exec(squeezed);
  if (!m) return START.test(squeezed) ? { kind: "incomplete" } : { kind: "invalid" };
  const serial = formatSerial(m[1] + m[2], m[3], m[4]);
  const rest = m[5];
  if (rest === "") return { kind: "serial", serial };
  if (rest.length < CHECK_LENGTH) return { kind: "incomplete" };
  const check = rest.length === CHECK_LENGTH ? normalizeCheck(rest) : null;
  if (!check) return { kind: "invalid" };
  return { kind: "complete", serial, check, code: formatTypedCode(serial, check) };
}

/** The serial behind a typed code, with or without its check part (the fiscal's lookups). */
export function serialOfTypedCode(input: string): string | null {
  const parsed = parseTypedCode(input);
  return parsed.kind === "complete" || parsed.kind === "serial" ? parsed.serial : null;
}

// A serial's shape: letters, digits and dashes, 4 to 24 characters (checked before any lookup).
const SERIAL_SHAPE = /^[A-Z0-9][A-Z0-9-]{2,22}[A-Z0-9]$/;

/** The serial behind typed input (spaces, case, missing dashes, with or without the check part). */
export const normalizeSerial = (input: string) => serialOfTypedCode(input) ?? squeezeCode(input);
/** Whether a normalized serial has a serial's shape (before any lookup). */
export const isWellFormedSerial = (serial: string) => SERIAL_SHAPE.test(serial);
