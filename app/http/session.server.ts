// The session cookie: a random token (its sha256 is what the database keeps, app/models/session.server.ts),
// replaced (rotated) at every sign-in and cleared at sign-out.
import { readCookie, serializeCookie } from "~/http/cookies.server";
import {
  createSession,
  type GovbrSignIn,
  liveSession,
  revokeSession,
  type SessionRecord,
} from "~/models/session.server";
import { randomToken } from "~/utils/crypto.server";
import { env } from "~/utils/env.server";

export const SESSION_COOKIE = "sessao";

export async function readSession(request: Request, now = new Date()): Promise<SessionRecord | null> {
  const token = readCookie(request, SESSION_COOKIE);
  return token ? liveSession(token, now) : null;
}

/** Starts a session, ending the request's one; returns Set-Cookie. gov.br passes its level, ID token
 * and sid (ADR 038, 044). */
export async function startSession(
  request: Request,
  userId: string,
  now = new Date(),
  govbr: GovbrSignIn | null = null,
): Promise<string> {
  await endSession(request, now);
  const token = randomToken();
  await createSession(token, userId, request.headers.get("user-agent")?.slice(0, 200) ?? null, now, govbr);
  return serializeCookie(SESSION_COOKIE, token, env().SESSION_ABSOLUTE_HOURS * 3600);
}

/** Revokes the request's session (if any) and returns the Set-Cookie that clears it. */
export async function endSession(request: Request, now = new Date()): Promise<string> {
  return (await endSessionTakingIdToken(request, now)).cookie;
}

/** endSession, also handing back the gov.br ID token the session held (sign-out's `id_token_hint`). */
export async function endSessionTakingIdToken(request: Request, now = new Date()) {
  const token = readCookie(request, SESSION_COOKIE);
  const { govbrIdToken } = token ? await revokeSession(token, now) : { govbrIdToken: null };
  return { cookie: serializeCookie(SESSION_COOKIE, "", 0), govbrIdToken };
}
