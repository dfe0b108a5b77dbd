export {
  type ApiError,
  apiError,
  type EligibilityRequest,
  type EligibilityResponse,
  parseEligibilityRequest,
  type ParseResult,
  toApiError,
  toApiResponse,
  zEligibilityRequest,
} from "./api-schema";
export type { IsoDate, IsoDateTime } from "./calendar";
export { type DeadlineDue, deadlineFor, deadlinesFor } from "./deadlines";
export { assessDocuments, EXPIRING_WITHIN_DAYS, validityOf } from "./documents";
export { evaluate, EvaluationError } from "./engine";
export { quotaChecks, type QuotaLimit, quotaLimit } from "./quotas";
export type * from "./types";
export { credentialValidUntil, silentLawValidity, validUntilWhereLawIsSilent } from "./validity";
export { vistoriaChecklist, type VistoriaOutcome, vistoriaOutcome } from "./vistoria";
