// How many e-mails one account receives from requests anyone can make.
import { consumeLimit } from "~/utils/rate-limit.server";

/** Per account, whoever asks (issue #35); over the limit the answer is the same and nothing is sent. */
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
