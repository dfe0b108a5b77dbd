// An auto's process: the one table of which action moves which status to which (the rest is 409).
// An archived auto is CANCELLED: "arquivado" is its label, not another status.
import { conflict } from "~/domain/refusal";
import { INFRACTION_STATUS_LABELS } from "./labels";

// FINAL: the appeal was denied and the penalty stands for good (it still counts as a prior offence).
export const INFRACTION_STATUSES = ["REGISTERED", "NOTIFIED", "DECIDED", "APPEALED", "FINAL", "CANCELLED"] as const;
export type InfractionStatus = (typeof INFRACTION_STATUSES)[number];

const isInfractionStatus = (s: string): s is InfractionStatus => (INFRACTION_STATUSES as readonly string[]).includes(s);

/** Statuses in which an auto does not count as an offence (for repeat offence and as open): archived or annulled. */
export const VOID_STATUSES: readonly InfractionStatus[] = ["CANCELLED"];
/** Statuses in which a penalty stands: decided, under appeal, or upheld on appeal (FINAL). */
export const PENALTY_STATUSES: readonly InfractionStatus[] = ["DECIDED", "APPEALED", "FINAL"];

export type InfractionAction =
  | "notify"
  | "defence"
  | "decide"
  | "archive"
  | "appeal"
  | "deny_appeal"
  | "grant_appeal"
  | "remedy"
  | "daily_fine"
  | "removal";

/** Where a penalty's own steps (the written notice, its daily fine, the removal) may happen: wherever it stands. */
const withinPenalty = Object.fromEntries(PENALTY_STATUSES.map((s) => [s, s])) as Partial<
  Record<InfractionStatus, InfractionStatus>
>;

/** For each action, the statuses it may start from and the status it leads to. */
const TRANSITIONS: Record<InfractionAction, Partial<Record<InfractionStatus, InfractionStatus>>> = {
  // The offender is notified and the defence term opens (ampla defesa).
  notify: { REGISTERED: "NOTIFIED" },
  defence: { NOTIFIED: "NOTIFIED" },
  decide: { NOTIFIED: "DECIDED" },
  // Archiving needs no defence term: it is in the offender's favour.
  archive: { REGISTERED: "CANCELLED", NOTIFIED: "CANCELLED" },
  appeal: { DECIDED: "APPEALED" },
  deny_appeal: { APPEALED: "FINAL" },
  grant_appeal: { APPEALED: "CANCELLED" },
  remedy: withinPenalty,
  daily_fine: withinPenalty,
  removal: withinPenalty,
};

export const INFRACTION_ACTIONS = Object.keys(TRANSITIONS) as InfractionAction[];

/** The status `action` leads to from `from`, or null when the table does not allow it. */
export function infractionTransition(from: string, action: InfractionAction): InfractionStatus | null {
  return isInfractionStatus(from) ? (TRANSITIONS[action][from] ?? null) : null;
}

/** The status `action` leads to from `from`; a move the table does not allow is refused (409). */
export function requireInfractionTransition(from: string, action: InfractionAction): InfractionStatus {
  const to = infractionTransition(from, action);
  if (!to) throw conflict(`Não é possível fazer isso com um auto "${INFRACTION_STATUS_LABELS[from] ?? from}".`);
  return to;
}

/** What the process has on file beyond its status, which narrows what is offered. */
export type InfractionFacts = {
  /** A defence is recorded once: with one on file, the defence form is not offered again. */
  defenceOnFile?: boolean;
};

/** The actions that may be taken on an auto in `status` (in the table's order). */
export function allowedActions(status: string, facts: InfractionFacts = {}): InfractionAction[] {
  return INFRACTION_ACTIONS.filter(
    (a) => infractionTransition(status, a) !== null && !(a === "defence" && facts.defenceOnFile),
  );
}

/** For the documentation and its test: every edge of the state machine. */
export function infractionEdges(): { action: InfractionAction; from: InfractionStatus; to: InfractionStatus }[] {
  return INFRACTION_ACTIONS.flatMap((action) =>
    (Object.entries(TRANSITIONS[action]) as [InfractionStatus, InfractionStatus][]).map(([from, to]) => ({
      action,
      from,
      to,
    })),
  );
}
