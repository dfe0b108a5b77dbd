// Parameters the law leaves to the administration. Changing one publishes a new version and never
// touches the old, so a decision taken under it can be re-evaluated exactly.
import type { IsoDate } from "~/domain/eligibility/calendar";
import { definePack, RulePackValidationError } from "./load";
import type { RulePack } from "./schema";

interface NewVersionOptions {
  /** Defaults to the next minor version ("1.0.0" → "1.1.0"). */
  version?: string;
  /** Defaults to the effective date of the version it replaces. */
  effectiveDate?: IsoDate;
}

export function nextMinorVersion(version: string): string {
  const [major, minor] = version.split(".").map(Number);
  return `${major}.${minor + 1}.0`;
}

/** A new text of the rules (a document published from the editor) is a new major version. */
export function nextMajorVersion(version: string): string {
  const [major] = version.split(".").map(Number);
  return `${major + 1}.0.0`;
}

/** Returns a new, validated pack version with the given parameter values. Throws on an unknown or non-editable parameter. */
export function withParameters(
  pack: RulePack,
  overrides: Readonly<Record<string, number | null>>,
  options: NewVersionOptions = {},
): RulePack {
  for (const key of Object.keys(overrides)) {
    const current = pack.parameters[key];
    if (!current) throw new RulePackValidationError(pack.id, key, "parâmetro inexistente neste pacote");
    if (!current.editable)
      throw new RulePackValidationError(pack.id, key, "valor fixado pela própria lei; o gestor não pode alterá-lo");
  }
  const version = options.version ?? nextMinorVersion(pack.version);
  if (version === pack.version)
    throw new RulePackValidationError(pack.id, "version", "a nova versão precisa de um número diferente");

  const draft = structuredClone(pack) as RulePack;
  for (const [key, value] of Object.entries(overrides)) draft.parameters[key].value = value;
  draft.version = version;
  draft.effectiveDate = options.effectiveDate ?? pack.effectiveDate;
  return definePack(draft);
}

/** The value in force of a parameter (null when the municipality has not set it). */
export function parameterValue(pack: RulePack, key: string): number | null {
  const p = pack.parameters[key];
  if (!p) throw new RulePackValidationError(pack.id, key, "parâmetro inexistente neste pacote");
  return p.value;
}
