// When a holder may renew (ADR 028): no law says how early, so the window is the portal's, from
// the first expiry reminder on; never while suspended, revoked or superseded (ADR 008).
import { REMINDER_OFFSETS } from "~/domain/applications/reminders";
import { addDays } from "~/domain/eligibility/calendar";
import { type CredentialStatus, isRenewable, type ValidityWindow, type Verdict, verdictFor } from "./status";

/** Days before the last day of validity from which a renewal may start. */
export const RENEWAL_WINDOW_DAYS: number = REMINDER_OFFSETS[0];

type RenewalWindow =
  | { open: true; verdict: Verdict }
  /** Still valid, but the window opens on `opensOn` (YYYY-MM-DD). */
  | { open: false; reason: "too_early"; verdict: Verdict; opensOn: string }
  /** Suspended, revoked, superseded or not yet valid: no renewal at all. */
  | { open: false; reason: "status"; verdict: Verdict };

/** The first day on which a credential valid until `validUntil` may be renewed. */
export const renewalOpensOn = (validUntil: string) => addDays(validUntil, -RENEWAL_WINDOW_DAYS);

/** Whether the credential may be renewed on `today` (its municipality's civil day, YYYY-MM-DD). */
export function renewalWindow(c: { status: string } & ValidityWindow, today: string): RenewalWindow {
  const verdict = verdictFor({ ...c, status: c.status as CredentialStatus }, today);
  if (!isRenewable(verdict)) return { open: false, reason: "status", verdict };
  const opensOn = renewalOpensOn(c.validUntil);
  if (verdict === "VALID" && today < opensOn) return { open: false, reason: "too_early", verdict, opensOn };
  return { open: true, verdict };
}
