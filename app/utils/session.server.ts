// Server-side sessions. The cookie holds a random token; the database holds its sha256, so a
// leaked database does not yield usable cookies. Sessions expire after an idle period and an
// absolute lifetime, can be revoked, and are replaced (rotated) at every sign-in. Both limits are
// read from the settings at each request, so lowering SESSION_ABSOLUTE_HOURS also shortens the
// sessions already open (their stored expiresAt was computed with the old value).
import { db } from "./db.server";
import { env } from "./env.server";
import { randomToken, sha256Hex } from "./crypto.server";
import { readCookie, serializeCookie } from "./cookies.server";

export const SESSION_COOKIE = "sessao";
const TOUCH_EVERY_MS = 60_000;

export type SessionRecord = { id: string; userId: string; createdAt: Date; expiresAt: Date; lastSeenAt: Date };

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

export async function readSession(request: Request, now = new Date()): Promise<SessionRecord | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const session = await db.session.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!session || !isSessionAlive(session, now)) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.session.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return session;
}

/** Starts a session for the user, ending the one the request carried; returns Set-Cookie. */
export async function startSession(request: Request, userId: string, now = new Date()): Promise<string> {
  await endSession(request, now);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + env().SESSION_ABSOLUTE_HOURS * 3_600_000);
  await db.session.create({
    data: {
      tokenHash: sha256Hex(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: request.headers.get("user-agent")?.slice(0, 200) ?? null,
    },
  });
  return serializeCookie(SESSION_COOKIE, token, env().SESSION_ABSOLUTE_HOURS * 3600);
}

/** Revokes the request's session (if any) and returns the Set-Cookie that clears it. */
export async function endSession(request: Request, now = new Date()): Promise<string> {
  const token = readCookie(request, SESSION_COOKIE);
  if (token) {
    await db.session.updateMany({ where: { tokenHash: sha256Hex(token), revokedAt: null }, data: { revokedAt: now } });
  }
  return serializeCookie(SESSION_COOKIE, "", 0);
}

export async function revokeAllSessions(userId: string, now = new Date()): Promise<void> {
  await db.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
}
