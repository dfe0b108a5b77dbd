// The code printed on a credential for typing in: its serial and a check part under the master key's
// "serial-check" sub-key (ADR 014).
import { checkMatches, typedCodeOf } from "~/credentials/serial-check";
import { parseTypedCode } from "~/domain/credentials/typed-code";
import { subKey } from "~/utils/master-key.server";

/** The code printed on a credential for typing in: `PTC-MT-2026-000002-K7QX`. */
export const typedCodeFor = (serial: string) => typedCodeOf(serial, subKey("serial-check"));

type TypedCodeLookup = { kind: "found"; serial: string } | { kind: "incomplete" };

/**
 * Only a whole code with the right check part is looked up; anything less is "incomplete", never
 * "not recognised": a typo is not a fake, and a serial alone must not list the register.
 */
export function lookupTypedCode(input: string): TypedCodeLookup {
  const parsed = parseTypedCode(input);
  if (parsed.kind !== "complete" || !checkMatches(parsed.serial, parsed.check, subKey("serial-check")))
    return { kind: "incomplete" };
  return { kind: "found", serial: parsed.serial };
}

/** The serial a status request names: a bare serial (api.md: "by serial") or a whole, correct typed code. */
export function serialForStatus(input: string): string | null {
  const parsed = parseTypedCode(input);
  if (parsed.kind === "serial") return parsed.serial;
  if (parsed.kind === "complete" && checkMatches(parsed.serial, parsed.check, subKey("serial-check")))
    return parsed.serial;
  return null;
}
