// The code printed on a credential for typing in (`PTC-MT-2026-000002-K7QX`): its serial and a
// check part under the master key's "serial-check" sub-key (ADR 014). Issuance prints it, the
// driver's and company's pages show it, verification reads it back.
import { subKey } from "~/utils/master-key.server";
import { checkMatches, typedCodeOf } from "~/credentials/serial-check";
import { parseTypedCode } from "~/domain/credentials/typed-code";

/** The code printed on a credential for typing in: `PTC-MT-2026-000002-K7QX`. */
export const typedCodeFor = (serial: string) => typedCodeOf(serial, subKey("serial-check"));

export type TypedCodeLookup = { kind: "found"; serial: string } | { kind: "incomplete" };

/**
 * What the passenger's typed code allows to look up: only a whole code whose check part is the
 * serial's. A bare serial, a partial code or a wrong check part is "incomplete" — never "not
 * recognised": a typo is not a fake, and a serial alone must not list the register.
 */
export function lookupTypedCode(input: string): TypedCodeLookup {
  const parsed = parseTypedCode(input);
  if (parsed.kind !== "complete" || !checkMatches(parsed.serial, parsed.check, subKey("serial-check")))
    return { kind: "incomplete" };
  return { kind: "found", serial: parsed.serial };
}

/**
 * The serial a status request names: a bare serial (api.md: "by serial"), or a whole typed code
 * whose check part is right; null for anything else (incomplete, wrong check, junk).
 */
export function serialForStatus(input: string): string | null {
  const parsed = parseTypedCode(input);
  if (parsed.kind === "serial") return parsed.serial;
  if (parsed.kind === "complete" && checkMatches(parsed.serial, parsed.check, subKey("serial-check")))
    return parsed.serial;
  return null;
}
