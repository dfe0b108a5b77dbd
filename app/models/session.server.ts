// Server-side sessions: only the sha256 of the cookie's token is stored, so a leaked database yields
// no usable cookie. Idle and absolute limits are read at each request, so lowering them also
// shortens open sessions. The cookie is app/http/session.server.ts.
import { type SessionLevel, TRUST_LEVELS } from "~/domain/auth/trust-level";
import { sha256Hex } from "~/utils/crypto.server";
import { db, type Prisma, type Tx } from "~/utils/db.server";
import { env } from "~/utils/env.server";

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

function isSessionAlive(
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
 * A gov.br sign-in's level, ID token and provider session id (ADR 038, 044). The ID token stays in
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

/** A back-channel logout (ADR 044): ends the gov.br sessions of the named `sid` and/or subject; returns how many. */
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
 * Ends the open sessions of `users` signed in at one of `levels` (null: a password; ADR 053), per
 * account for the audit. An unknown stored level counts as a password, as parseTrustLevel reads it.
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
