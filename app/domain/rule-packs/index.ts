// The rule-pack format and the helpers that read a pack. The shipped cities' packs are in
// shipped.ts (data, loaded once on the server); this barrel holds none of them.
export {
  baselineConflicts,
  federalVehicleFloorApplies,
  type Layer,
  type LayeredDocument,
  type LayeredPersonRule,
  type LayeredRules,
  layeredRules,
  type LayeredVehicleRule,
  type LayeredVistoria,
  registersVehicle,
} from "./compose";
export { checkPackDocument, documentOfPack, PACK_SCHEMA_KEY, packFromDocument, parsePackDocument } from "./document";
export type { PackExample } from "./example-schema";
export { type BaselinePack, type BaselinePackInput, defineBaseline, type NotApplicable } from "./federal";
export { federalBr } from "./federal-br";
export { checkPack, definePack, type DefinePackOptions, type PackProblem, RulePackValidationError } from "./load";
export { nextMajorVersion, nextMinorVersion, parameterValue, withParameters } from "./parameters";
export type * from "./schema";
export {
  applies,
  categoryOffer,
  holderPhotoDocument,
  type IdentificationField,
  identificationFields,
  needsOperator,
  offers,
  rulesFor,
} from "./select";
export * from "./vocabulary";
export type { WithoutObject } from "./without-object";
