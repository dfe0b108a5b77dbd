export { evaluate, EvaluationError } from "./engine";
export { quotaLimit, quotaChecks, type QuotaLimit } from "./quotas";
export { assessDocuments, EXPIRING_WITHIN_DAYS, validityOf } from "./documents";
export { vistoriaChecklist, vistoriaOutcome, type VistoriaOutcome } from "./vistoria";
export { deadlineFor, deadlinesFor, type DeadlineDue } from "./deadlines";
export { credentialValidUntil, silentLawValidity, validUntilWhereLawIsSilent } from "./validity";
export {
  apiError,
  parseEligibilityRequest,
  toApiError,
  toApiResponse,
  zEligibilityRequest,
  type ApiError,
  type EligibilityRequest,
  type EligibilityResponse,
  type ParseResult,
} from "./api-schema";
export type * from "./types";
export type { IsoDate, IsoDateTime } from "./calendar";
