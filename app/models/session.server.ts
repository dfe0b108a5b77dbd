// Server-side sessions, as stored: the database holds the sha256 of the cookie's random token, so
// a leaked database does not yield usable cookies. Sessions expire after an idle period and an
// absolute lifetime, and can be revoked. Both limits are read from the settings at each request,
// so lowering SESSION_ABSOLUTE_HOURS also shortens the sessions already open (their stored
// expiresAt was computed with the old value). The cookie itself is app/http/session.server.ts.
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { sha256Hex } from "~/utils/crypto.server";

const TOUCH_EVERY_MS = 60_000;

export type SessionRecord = {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  /** The gov.br reliability level of the sign-in (ADR 038); null after a password. */
  govbrLevel: string | null;
};

export function isSessionAlive(
  s: { revokedAt: Date | null; createdAt: Date; expiresAt: Date; lastSeenAt: Date },
  now: Date,
): boolean {
  const { SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS } = env();
  const t = now.getTime();
  return (
    !s.revokedAt &&
    t < s.expiresAt.getTime() &&
    t < s.createdAt.getTime() + SESSION_ABSOLUTE_HOURS * 3_600_000 &&
    t - s.lastSeenAt.getTime() < SESSION_IDLE_MINUTES * 60_000
  );
}

/** The live session a token opens, seen now (its last-seen time kept to the minute). */
export async function liveSession(token: string, now: Date): Promise<SessionRecord | null> {
  const session = await db.session.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!session || !isSessionAlive(session, now)) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.session.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return session;
}

export async function createSession(
  token: string,
  userId: string,
  userAgent: string | null,
  now: Date,
  govbrLevel: string | null = null,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + env().SESSION_ABSOLUTE_HOURS * 3_600_000);
  await db.session.create({
    data: { tokenHash: sha256Hex(token), userId, createdAt: now, lastSeenAt: now, expiresAt, userAgent, govbrLevel },
  });
}

export async function revokeSession(token: string, now: Date): Promise<void> {
  await db.session.updateMany({ where: { tokenHash: sha256Hex(token), revokedAt: null }, data: { revokedAt: now } });
}

export async function revokeAllSessions(userId: string, now = new Date()): Promise<void> {
  await db.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
}
