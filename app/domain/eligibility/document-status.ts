// What a required document's status means for the person who must send it.
import type { DocumentStatus } from "./types";

/** Still to be sent: none yet, refused, or out of date. */
export const needsFile = (status: string) => status === "MISSING" || status === "REJECTED" || status === "EXPIRED";

/** Sent and standing: waiting for the analyst, accepted, or accepted and expiring soon. */
export const isSent = (status: string) =>
  status === "AWAITING_REVIEW" || status === "ACCEPTED" || status === "EXPIRING";

export type { DocumentStatus };
