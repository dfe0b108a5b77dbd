// How long a credential lasts, one computation for every source, so a 12-month parameter ends
// when the law's P1Y would. `validUntil` is the LAST valid day, inclusive (CC art. 132, § 3º).
import { parameterValue, type RulePack, SILENT_LAW_VALIDITY_PARAMETER } from "~/domain/rule-packs";
import { addDuration, type IsoDate } from "./calendar";

/** The last day (inclusive) of a credential valid for `duration` from `validFrom`. */
export function credentialValidUntil(validFrom: IsoDate, duration: string): IsoDate {
  return addDuration(validFrom, duration);
}

/** The city's validity where the law sets none; throws without the parameter (the loader requires it). */
export function silentLawValidity(pack: RulePack): { key: string; duration: string } {
  const key = SILENT_LAW_VALIDITY_PARAMETER;
  const value = parameterValue(pack, key);
  if (value === null) throw new Error(`O pacote ${pack.id} não define "${key}".`);
  return { key, duration: pack.parameters[key].unit === "DAYS" ? `P${value}D` : `P${value}M` };
}

/** The last day where the law is silent: the city's parameter, counted as the law's durations. */
export function validUntilWhereLawIsSilent(pack: RulePack, validFrom: IsoDate): IsoDate {
  return credentialValidUntil(validFrom, silentLawValidity(pack).duration);
}
