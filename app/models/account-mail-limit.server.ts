// How many e-mails one account receives from requests anyone can make (a password reset, a sign-up
// with its CPF or e-mail, a sign-in before the e-mail was confirmed).
import { consumeLimit } from "~/utils/rate-limit.server";

/**
 * At most one e-mail of a kind to one account every 5 minutes, and 5 a day (issue #35: 12 resets
 * asked from 12 addresses sent 12 e-mails to one person). Counted per account, whoever asks; a
 * request over the limit is answered as any other, and nothing is sent.
 */
const ACCOUNT_MAIL_LIMITS = [
  { name: "5min", max: 1, windowMs: 5 * 60_000 },
  { name: "dia", max: 5, windowMs: 86_400_000 },
] as const;

export async function accountMailAllowed(kind: string, userId: string, now = new Date()): Promise<boolean> {
  for (const l of ACCOUNT_MAIL_LIMITS) {
    if (!(await consumeLimit(`mail:${kind}:${userId}:${l.name}`, l.max, l.windowMs, now)).allowed) return false;
  }
  return true;
}
