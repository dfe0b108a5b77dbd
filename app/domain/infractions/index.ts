export {
  classifyInfraction,
  findRepeat,
  proposePenalty,
  UnknownInfractionError,
  type ClassifiedInfraction,
  type PenaltyProposal,
  type PriorOffence,
  type RepeatFinding,
} from "./classify";
export {
  appealDeadline,
  EnforcementNotProvidedError,
  noticeStatus,
  removalStatus,
  type AppealDeadline,
  type NoticeState,
  type NoticeStatus,
  type RemovalStatus,
} from "./enforcement";
export {
  admitsNotice,
  credentialReasonPrefix,
  parseProcess,
  penaltyProblem,
  penaltySummary,
  type AppealRuling,
  type ChosenPenalty,
  type ProcessRecord,
} from "./process";
export {
  allowedActions,
  infractionEdges,
  infractionTransition,
  requireInfractionTransition,
  INFRACTION_ACTIONS,
  INFRACTION_STATUSES,
  PENALTY_STATUSES,
  VOID_STATUSES,
  type InfractionAction,
  type InfractionFacts,
  type InfractionStatus,
} from "./status";
export { INFRACTION_STATUS_LABELS, INFRACTION_STATUS_TONES } from "./labels";
