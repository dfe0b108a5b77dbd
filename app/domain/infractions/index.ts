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
