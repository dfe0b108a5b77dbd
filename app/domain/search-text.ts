// A staff search box's text, read before any query (issue #31, ADR 063) into the one indexed
// column it names; only the rest is a name. Never an OR over every column: it read every row.
import { isValidCpf, normalizeCpf } from "./br/cpf";
import { normalizePlate } from "./br/plate";
import { serialOfTypedCode, squeezeCode } from "./credentials/typed-code";

type SearchText =
  /** Eleven digits that make a valid CPF (dots and dash optional). */
  | { kind: "cpf"; cpf: string }
  /** A part of a CPF or of a number: 3 to 10 digits. */
  | { kind: "digits"; digits: string }
  /** A whole credential serial, or a typed code (serial and check part). */
  | { kind: "serial"; serial: string }
  /** A whole application number, `REQ-PTC-2026-000012`, however typed. */
  | { kind: "number"; number: string }
  /** A plate, or its beginning (three letters and a digit, at least). */
  | { kind: "plate"; plate: string }
  /** A piece of a serial or number (letters and digits with dashes): matched inside them. */
  | { kind: "code"; code: string }
  /** Anything else: a name, or part of one. */
  | { kind: "name"; name: string };

// The plate so far: three letters, then the old (NNNN) or Mercosul (NLNN) sequence, at least one digit.
const PLATE_START = /^[A-Z]{3}[0-9](?:[A-Z0-9](?:[0-9]{0,2}))?$/;
const NUMBER = /^REQ([A-Z]{1,6})(\d{4})(\d{6})$/;

/** Reads a search box's text into the one thing it names; null when there is nothing to search. */
export function readSearchText(input: string): SearchText | null {
  const text = input.trim().replace(/\s+/g, " ").slice(0, 80);
  if (!text) return null;
  const digits = text.replace(/[.\-\s/]/g, "");
  if (/^\d+$/.test(digits)) {
    if (digits.length === 11 && isValidCpf(digits)) return { kind: "cpf", cpf: normalizeCpf(digits) };
    if (digits.length >= 3 && digits.length <= 11) return { kind: "digits", digits };
  }
  const squeezed = squeezeCode(text);
  const number = NUMBER.exec(squeezed);
  if (number) return { kind: "number", number: `REQ-${number[1]}-${number[2]}-${number[3]}` };
  const serial = serialOfTypedCode(text);
  if (serial) return { kind: "serial", serial };
  const plate = normalizePlate(text);
  if (PLATE_START.test(plate)) return { kind: "plate", plate };
  const code = text.toUpperCase().replace(/\s+/g, "");
  if (/^[A-Z0-9-]+$/.test(code) && /\d/.test(code) && (code.includes("-") || /\d{3}/.test(code)))
    return { kind: "code", code };
  return { kind: "name", name: text };
}
