export {
  type ClassifiedInfraction,
  classifyInfraction,
  findRepeat,
  type PenaltyProposal,
  type PriorOffence,
  proposePenalty,
  type RepeatFinding,
  UnknownInfractionError,
} from "./classify";
export {
  type AppealDeadline,
  appealDeadline,
  EnforcementNotProvidedError,
  type NoticeState,
  type NoticeStatus,
  noticeStatus,
  type RemovalStatus,
  removalStatus,
} from "./enforcement";
export { INFRACTION_STATUS_LABELS, INFRACTION_STATUS_TONES } from "./labels";
export {
  admitsNotice,
  type AppealRuling,
  type ChosenPenalty,
  credentialReasonPrefix,
  parseProcess,
  penaltyProblem,
  penaltySummary,
  type ProcessRecord,
} from "./process";
export {
  allowedActions,
  INFRACTION_ACTIONS,
  INFRACTION_STATUSES,
  type InfractionAction,
  infractionEdges,
  type InfractionFacts,
  type InfractionStatus,
  infractionTransition,
  PENALTY_STATUSES,
  requireInfractionTransition,
  VOID_STATUSES,
} from "./status";
