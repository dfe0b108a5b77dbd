// The application lifecycle: the one table of which action moves which status to which; models
// refuse anything else with 409. Renewals follow the same table.

export const APPLICATION_STATUSES = [
  "DRAFT",
  "SUBMITTED",
  "IN_REVIEW",
  "CHANGES_REQUESTED",
  "RESUBMITTED",
  "APPROVED",
  "ISSUED",
  "REJECTED",
  "WITHDRAWN",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  DRAFT: "Rascunho",
  SUBMITTED: "Enviado",
  IN_REVIEW: "Em análise",
  CHANGES_REQUESTED: "Correções solicitadas",
  RESUBMITTED: "Reenviado",
  APPROVED: "Aprovado",
  ISSUED: "Credencial emitida",
  REJECTED: "Indeferido",
  WITHDRAWN: "Desistência",
};

export type ApplicationAction =
  "submit" | "start_review" | "request_changes" | "resubmit" | "approve" | "issue" | "reject" | "withdraw";

const TRANSITIONS: Record<ApplicationAction, { from: readonly ApplicationStatus[]; to: ApplicationStatus }> = {
  submit: { from: ["DRAFT"], to: "SUBMITTED" },
  start_review: { from: ["SUBMITTED", "RESUBMITTED"], to: "IN_REVIEW" },
  request_changes: { from: ["IN_REVIEW"], to: "CHANGES_REQUESTED" },
  resubmit: { from: ["CHANGES_REQUESTED"], to: "RESUBMITTED" },
  approve: { from: ["IN_REVIEW"], to: "APPROVED" },
  issue: { from: ["APPROVED"], to: "ISSUED" },
  reject: { from: ["IN_REVIEW"], to: "REJECTED" },
  withdraw: { from: ["DRAFT", "SUBMITTED", "IN_REVIEW", "CHANGES_REQUESTED", "RESUBMITTED"], to: "WITHDRAWN" },
};

type Transition =
  | { ok: true; from: ApplicationStatus; to: ApplicationStatus }
  | { ok: false; from: ApplicationStatus; action: ApplicationAction };

export function transition(from: ApplicationStatus, action: ApplicationAction): Transition {
  const t = TRANSITIONS[action];
  return t.from.includes(from) ? { ok: true, from, to: t.to } : { ok: false, from, action };
}

export function allowedActions(from: ApplicationStatus): ApplicationAction[] {
  return (Object.keys(TRANSITIONS) as ApplicationAction[]).filter((a) => TRANSITIONS[a].from.includes(from));
}

/** A driver's application still open to the documents the operator itself submits (submittedBy OPERATOR). */
export const OPERATOR_UPLOAD_STATUSES: readonly string[] = [
  "DRAFT",
  "SUBMITTED",
  "IN_REVIEW",
  "CHANGES_REQUESTED",
  "RESUBMITTED",
] satisfies ApplicationStatus[];

/** Still movable by some action (ISSUED, REJECTED, WITHDRAWN are ends); one per person and subject. */
export const OPEN_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(
  (s) => allowedActions(s).length > 0,
);

/** What the review queue shows when no status is chosen: what waits for an analyst. */
export const WAITING_STATUSES: ApplicationStatus[] = ["SUBMITTED", "RESUBMITTED", "IN_REVIEW"];

/** The applicant's action that sends the application from `from` (first time, or after corrections), if any. */
export function sendAction(from: string): "submit" | "resubmit" | null {
  if (TRANSITIONS.submit.from.includes(from as ApplicationStatus)) return "submit";
  if (TRANSITIONS.resubmit.from.includes(from as ApplicationStatus)) return "resubmit";
  return null;
}

/** The applicant may edit exactly while they may send it; once sent, it is staff's to read. */
export const isEditable = (status: string) => sendAction(status) !== null;

/** For the documentation and its test: every edge of the state machine. */
export function edges(): { action: ApplicationAction; from: ApplicationStatus; to: ApplicationStatus }[] {
  return (Object.keys(TRANSITIONS) as ApplicationAction[]).flatMap((action) =>
    TRANSITIONS[action].from.map((from) => ({ action, from, to: TRANSITIONS[action].to })),
  );
}
