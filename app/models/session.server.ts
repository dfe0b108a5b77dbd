// Server-side sessions, as stored: the database holds the sha256 of the cookie's random token, so
// a leaked database does not yield usable cookies. Sessions expire after an idle period and an
// absolute lifetime, and can be revoked. Both limits are read from the settings at each request,
// so lowering SESSION_ABSOLUTE_HOURS also shortens the sessions already open (their stored
// expiresAt was computed with the old value). The cookie itself is app/http/session.server.ts.
import { db, type Prisma, type Tx } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { sha256Hex } from "~/utils/crypto.server";
import { TRUST_LEVELS, type SessionLevel } from "~/domain/auth/trust-level";

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

/**
 * What a gov.br sign-in leaves on its session (ADR 038, 044): the level it proved, and the ID
 * token and provider session id that sign-out and back-channel logout need. The ID token stays in
 * this row only: never in a cookie, a log or a page other than the sign-out's hand-over.
 */
export type GovbrSignIn = { level: string; idToken: string | null; sid: string | null };

export async function createSession(
  token: string,
  userId: string,
  userAgent: string | null,
  now: Date,
  govbr: GovbrSignIn | null = null,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + env().SESSION_ABSOLUTE_HOURS * 3_600_000);
  await db.session.create({
    data: {
      tokenHash: sha256Hex(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent,
      govbrLevel: govbr?.level ?? null,
      govbrIdToken: govbr?.idToken ?? null,
      govbrSid: govbr?.sid ?? null,
    },
  });
}

// Ending a session forgets its gov.br ID token too.
const ENDED = (now: Date) => ({ revokedAt: now, govbrIdToken: null });

/** Revokes the token's session; returns the gov.br ID token it held (for the end-session hint), if any. */
export async function revokeSession(token: string, now: Date): Promise<{ govbrIdToken: string | null }> {
  const tokenHash = sha256Hex(token);
  const row = await db.session.findUnique({ where: { tokenHash }, select: { govbrIdToken: true } });
  const { count } = await db.session.updateMany({ where: { tokenHash, revokedAt: null }, data: ENDED(now) });
  return { govbrIdToken: count === 1 ? (row?.govbrIdToken ?? null) : null };
}

export async function revokeAllSessions(userId: string, now = new Date()): Promise<void> {
  await db.session.updateMany({ where: { userId, revokedAt: null }, data: ENDED(now) });
}

/**
 * A gov.br back-channel logout (ADR 044): ends the portal sessions that sign-in opened — those
 * with the provider's session id when the logout names one (and its subject, when it names that
 * too), otherwise every gov.br session of the account linked to the subject. Returns how many.
 */
export async function revokeGovbrSessions(by: { sid: string | null; sub: string | null }, now = new Date()) {
  if (!by.sid && !by.sub) return 0;
  const { count } = await db.session.updateMany({
    where: {
      revokedAt: null,
      govbrLevel: { not: null },
      ...(by.sid ? { govbrSid: by.sid } : {}),
      ...(by.sub ? { user: { govbrSubject: by.sub } } : {}),
    },
    data: ENDED(now),
  });
  return count;
}

/**
 * Ends, inside the caller's transaction, the open sessions of the accounts `users` selects whose
 * sign-in is one of `levels` (null: a password; ADR 053). Returns how many ended, per account,
 * for the caller's audit events. A stored level that is not a known one counts as a password, as
 * it does when the session is read (parseTrustLevel).
 */
export async function endSessionsAt(
  tx: Tx,
  users: Prisma.UserWhereInput,
  levels: readonly SessionLevel[],
  now: Date,
): Promise<Map<string, number>> {
  const ended = new Map<string, number>();
  const known = levels.filter((l): l is NonNullable<SessionLevel> => l !== null);
  const byLevel: Prisma.SessionWhereInput[] = [];
  if (levels.includes(null)) byLevel.push({ govbrLevel: null }, { govbrLevel: { notIn: [...TRUST_LEVELS] } });
  if (known.length) byLevel.push({ govbrLevel: { in: known } });
  if (byLevel.length === 0) return ended;
  const open = await tx.session.findMany({
    where: { revokedAt: null, expiresAt: { gt: now }, user: users, OR: byLevel },
    select: { id: true, userId: true },
  });
  if (open.length === 0) return ended;
  await tx.session.updateMany({ where: { id: { in: open.map((s) => s.id) }, revokedAt: null }, data: ENDED(now) });
  for (const s of open) ended.set(s.userId, (ended.get(s.userId) ?? 0) + 1);
  return ended;
}
