export { evaluate, EvaluationError } from "./engine";
export { quotaLimit, quotaChecks, type QuotaLimit } from "./quotas";
export { assessDocuments, EXPIRING_WITHIN_DAYS, validityOf } from "./documents";
export { vistoriaChecklist, vistoriaOutcome, type VistoriaOutcome } from "./vistoria";
export { deadlineFor, type DeadlineDue } from "./deadlines";
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
