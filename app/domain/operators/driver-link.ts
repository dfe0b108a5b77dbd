// The driver–operator bond: the one table of which action moves which status to which. The
// operator invites; only the driver's acceptance makes the bond ACTIVE.
import { UNLINK_REASONS, type UnlinkReason } from "./vocabulary";

export const LINK_STATUSES = ["INVITED", "ACTIVE", "DECLINED", "ENDED"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const LINK_STATUS_LABELS: Readonly<Record<string, string>> = {
  INVITED: "Convidado",
  ACTIVE: "Vinculado",
  ENDED: "Encerrado",
  DECLINED: "Recusado",
} satisfies Record<LinkStatus, string>;

export type LinkAction = "accept" | "decline" | "cancel" | "end" | "declare_data_sent";

const TRANSITIONS: Record<LinkAction, { from: readonly LinkStatus[]; to: LinkStatus }> = {
  accept: { from: ["INVITED"], to: "ACTIVE" },
  decline: { from: ["INVITED"], to: "DECLINED" },
  cancel: { from: ["INVITED"], to: "ENDED" },
  end: { from: ["ACTIVE"], to: "ENDED" },
  // Lavras, Lei 4.544/2019, art. 10, § 4º: only a bond in force has its driver's data sent to the city.
  declare_data_sent: { from: ["ACTIVE"], to: "ACTIVE" },
};

export const LINK_ACTIONS = Object.keys(TRANSITIONS) as LinkAction[];

/** The status every new link starts in: an invitation waiting for the driver. */
export const NEW_LINK_STATUS: LinkStatus = "INVITED";
/** The bond in force: the only status in which a driver serves and applies as linked to the operator. */
export const LINK_IN_FORCE: LinkStatus = "ACTIVE";

/** The status `action` leads to from `from`, or null when the table does not allow it. */
export function linkTransition(from: string, action: LinkAction): LinkStatus | null {
  const t = TRANSITIONS[action];
  return t.from.includes(from as LinkStatus) ? t.to : null;
}

/** Where `action` may start from and where it leads (for an update that must still find the link there). */
export const linkMove = (action: LinkAction): { from: LinkStatus[]; to: LinkStatus } => ({
  from: [...TRANSITIONS[action].from],
  to: TRANSITIONS[action].to,
});

export function allowedLinkActions(from: string): LinkAction[] {
  return LINK_ACTIONS.filter((a) => linkTransition(from, a) !== null);
}

/** Open links (invited or in force): at most one per driver and operator; the rest is history. */
export const OPEN_LINK_STATUSES: readonly LinkStatus[] = LINK_STATUSES.filter((s) => allowedLinkActions(s).length > 0);

/** For the documentation and its test: every edge of the state machine. */
export function linkEdges(): { action: LinkAction; from: LinkStatus; to: LinkStatus }[] {
  return LINK_ACTIONS.flatMap((action) =>
    TRANSITIONS[action].from.map((from) => ({ action, from, to: TRANSITIONS[action].to })),
  );
}

/** How an ended link's reason reads ("CODE: note" as stored): the reason's label, then the operator's note. */
export const endReasonText = (endReason: string | null) => {
  if (!endReason) return null;
  const [code, ...rest] = endReason.split(": ");
  const label =
    code === "CONVITE_CANCELADO" ? "Convite cancelado" : (UNLINK_REASONS[code as UnlinkReason]?.label ?? code);
  return [label, rest.join(": ")].filter(Boolean).join(" — ");
};
