// The registry of the rule packs that ship with the product. Each pack module validates itself
// at import (definePack), so a broken pack stops the application at boot, naming the rule.
// Versions published later by a gestor (withParameters) are stored by the models layer; this
// registry knows the shipped versions only.
import { itaunaMg } from "./itauna-mg";
import { jardimMs } from "./jardim-ms";
import { lavrasMg } from "./lavras-mg";
import { patrocinioMg } from "./patrocinio-mg";
import type { RulePack } from "./schema";

export const allPacks: readonly RulePack[] = Object.freeze([itaunaMg, patrocinioMg, lavrasMg, jardimMs]);

export function getPack(id: string): RulePack | undefined {
  return allPacks.find((p) => p.id === id);
}

export function packForMunicipality(ibge: string): RulePack | undefined {
  return allPacks.find((p) => p.municipality.ibge === ibge);
}

export { itaunaMg, jardimMs, lavrasMg, patrocinioMg };
export { definePack, RulePackValidationError, type DefinePackOptions } from "./load";
export { federalBr } from "./federal-br";
export { defineBaseline, type BaselinePack, type BaselinePackInput, type NotApplicable } from "./federal";
export {
  baselineConflicts,
  layeredRules,
  federalVehicleFloorApplies,
  registersVehicle,
  type Layer,
  type LayeredDocument,
  type LayeredPersonRule,
  type LayeredRules,
  type LayeredVehicleRule,
  type LayeredVistoria,
} from "./compose";
export type { WithoutObject } from "./without-object";
export { withParameters, parameterValue, nextMinorVersion } from "./parameters";
export {
  applies,
  categoryOffer,
  holderPhotoDocument,
  identificationFields,
  needsOperator,
  offers,
  rulesFor,
  type IdentificationField,
} from "./select";
export type * from "./schema";
export * from "./vocabulary";
