// How long a credential lasts. One computation for every source of validity, so a 12-month
// municipal parameter ends on exactly the day the law's P1Y would:
//
// `validUntil` is the LAST day the credential is valid, inclusive, and a term of months or years
// ends "no dia de igual número do de início" (Código Civil, art. 132, § 3º) — the same reading as
// documents (documents.ts): issued on 2025-06-15 for P1Y, it is valid through 2026-06-15.
import { parameterValue, SILENT_LAW_VALIDITY_PARAMETER, type RulePack } from "~/domain/rule-packs";
import { addDuration, type IsoDate } from "./calendar";

/** The last day (inclusive) of a credential valid for `duration` from `validFrom`. */
export function credentialValidUntil(validFrom: IsoDate, duration: string): IsoDate {
  return addDuration(validFrom, duration);
}

/**
 * The validity the municipality set for credentials whose law sets none, as an ISO-8601 duration
 * ("P12M"), with the parameter's key. Throws when the pack does not carry the parameter (a
 * shipped or published pack always does: the loader refuses one without it).
 */
export function silentLawValidity(pack: RulePack): { key: string; duration: string } {
  const key = SILENT_LAW_VALIDITY_PARAMETER;
  const value = parameterValue(pack, key);
  if (value === null) throw new Error(`O pacote ${pack.id} não define "${key}".`);
  return { key, duration: pack.parameters[key].unit === "DAYS" ? `P${value}D` : `P${value}M` };
}

/**
 * The last day (inclusive) of a credential whose law sets no validity, issued on `validFrom`:
 * the municipality's parameter, computed exactly as the law's own durations.
 */
export function validUntilWhereLawIsSilent(pack: RulePack, validFrom: IsoDate): IsoDate {
  return credentialValidUntil(validFrom, silentLawValidity(pack).duration);
}
