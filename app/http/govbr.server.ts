// "Entrar com gov.br" over HTTP (ADR 038): the `govbr` cookie binding a sign-in in flight to this
// browser, start, callback, the trust-level guards and sign-out.
import { data, redirect } from "@remix-run/node";
import { govbrIdentityFromClaims } from "~/domain/auth/govbr-identity";
import { landingFor } from "~/domain/auth/landing";
import {
  assertTrustLevel,
  meetsTrustLevel,
  parseTrustLevel,
  stricterLevel,
  type TrustedAction,
  type TrustLevel,
  TrustLevelRequired,
} from "~/domain/auth/trust-level";
import { formatCount } from "~/domain/format";
import { isRefusal } from "~/domain/refusal";
import type { CurrentUser } from "~/http/auth.server";
import { safeRedirect } from "~/http/auth.server";
import { readCookie, serializeCookie } from "~/http/cookies.server";
import { rotatedCsrfCookie } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { endSessionTakingIdToken, readSession, startSession } from "~/http/session.server";
import { consumeGovbrLogin, holdGovbrLink, signInWithGovbr, startGovbrLogin } from "~/models/govbr.server";
import { type GovbrPolicy, govbrPolicy, govbrPolicyOfApplication } from "~/models/govbr-policy.server";
import type { GovbrSignIn } from "~/models/session.server";
import { currentUser } from "~/models/user.server";
import { randomToken } from "~/utils/crypto.server";
import { env } from "~/utils/env.server";
import { authorizationRequest, endSessionUrl, exchangeCode, govbrEnabled, GovbrError } from "~/utils/oidc.server";
import { consumeLimit, refundLimit } from "~/utils/rate-limit.server";

const GOVBR_COOKIE = "govbr";

export const GOVBR_MESSAGES = {
  unavailable: "O gov.br não respondeu agora. Tente de novo em alguns minutos ou entre com CPF e senha.",
  rejected: "Não foi possível confirmar sua entrada pelo gov.br. Nada foi alterado na sua conta. Tente de novo.",
  expired: "Esta entrada pelo gov.br expirou ou já foi usada. Comece de novo pelo botão “Entrar com gov.br”.",
  cancelled: "A entrada pelo gov.br foi cancelada. Você pode tentar de novo ou entrar com CPF e senha.",
  cpf: "O gov.br não informou um CPF válido. Nada foi criado nem vinculado.",
  disabled: "Entrar com gov.br não está disponível neste portal.",
} as const;

const clearCookie = () => serializeCookie(GOVBR_COOKIE, "", 0);

/** Starts per address (each writes an attempt row) on the login's budget; a verified answer refunds
 * its point, so an office behind one address is held back only by starts that never finish. */
const startKey = (clientIp: string) => `govbr:inicio:${clientIp || "desconhecido"}`;

/** GET /entrar/govbr: starts the flow (`voltar`: where to go after; `nivel`: the level an action asks). */
export async function startGovbrSignIn(request: Request, clientIp: string) {
  if (!govbrEnabled()) throw redirect("/entrar");
  const { LOGIN_MAX_ATTEMPTS_IP, LOGIN_WINDOW_MINUTES } = env();
  const limit = await consumeLimit(startKey(clientIp), LOGIN_MAX_ATTEMPTS_IP, LOGIN_WINDOW_MINUTES * 60_000);
  if (!limit.allowed) {
    const minutes = formatCount(Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)), "minuto", "minutos");
    const message = `Muitas entradas pelo gov.br começadas deste endereço. Aguarde ${minutes} e tente de novo.`;
    return govbrFailure(null, 429, message, limit.retryAfterSeconds);
  }
  const url = new URL(request.url);
  const requiredLevel = parseTrustLevel(url.searchParams.get("nivel"));
  const voltar = url.searchParams.get("voltar");
  let auth;
  try {
    auth = await authorizationRequest({ reauthenticate: requiredLevel !== null });
  } catch (e) {
    if (e instanceof GovbrError) return govbrFailure("unavailable", 503);
    throw e;
  }
  const token = randomToken();
  await startGovbrLogin(token, {
    state: auth.state,
    nonce: auth.nonce,
    codeVerifier: auth.codeVerifier,
    returnTo: voltar ? safeRedirect(voltar, "") || null : null,
    requiredLevel,
  });
  return redirect(auth.url, { headers: { "Set-Cookie": serializeCookie(GOVBR_COOKIE, token, 600) } });
}

/** The page of a refused gov.br sign-in: its message, its status, the in-flight cookie cleared. */
export function govbrFailure(
  kind: keyof typeof GOVBR_MESSAGES | null,
  status: number,
  message?: string,
  retryAfterSeconds?: number,
) {
  const headers: Record<string, string> = { "Set-Cookie": clearCookie(), "Cache-Control": "no-store" };
  if (retryAfterSeconds) headers["Retry-After"] = String(retryAfterSeconds);
  return data({ error: message ?? GOVBR_MESSAGES[kind ?? "rejected"] }, { status, headers });
}

/** GET /entrar/govbr/retorno: verifies the answer, then signs in, holds the identity for "Vincular
 * sua conta gov.br", or refuses. */
export async function finishGovbrSignIn(request: Request, clientIp: string) {
  if (!govbrEnabled()) return govbrFailure("disabled", 404);
  const token = readCookie(request, GOVBR_COOKIE);
  // One-time and bound to this browser: no cookie, an unknown, used or expired attempt is a replay.
  const attempt = token ? await consumeGovbrLogin(token) : null;
  if (!attempt) return govbrFailure("expired", 400);
  const url = new URL(request.url);
  if (url.searchParams.get("error") === "access_denied") return govbrFailure("cancelled", 400);
  let answer: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    answer = await exchangeCode(url.search, attempt);
  } catch (e) {
    if (e instanceof GovbrError) return govbrFailure(e.kind, e.kind === "unavailable" ? 503 : 400);
    throw e;
  }
  const identity = govbrIdentityFromClaims(answer.claims);
  if (!identity) return govbrFailure("cpf", 400);
  await refundLimit(startKey(clientIp));
  // Kept server-side with the session (ADR 044): ID token for id_token_hint, sid for back-channel logout.
  const sid = typeof answer.claims.sid === "string" ? answer.claims.sid.slice(0, 255) : null;
  const session = { idToken: answer.idToken, sid };
  let outcome;
  try {
    outcome = await signInWithGovbr(identity, actorOf(null, request));
  } catch (e) {
    if (isRefusal(e)) return govbrFailure(null, e.kind === "forbidden" ? 403 : 400, e.message);
    throw e;
  }
  if (outcome.kind === "hold") {
    const linkToken = randomToken();
    const { returnTo, requiredLevel } = attempt;
    await holdGovbrLink(linkToken, { identity, session, returnTo, requiredLevel });
    throw redirect("/entrar/govbr/vincular", {
      headers: { "Set-Cookie": serializeCookie(GOVBR_COOKIE, linkToken, 900) },
    });
  }
  throw await signedIn(request, outcome.userId, { level: identity.level, ...session }, attempt);
}

/** The redirect after a gov.br sign-in (or a link): the new session, then where the person was going. */
export async function signedIn(
  request: Request,
  userId: string,
  signIn: GovbrSignIn & { level: TrustLevel },
  attempt: { returnTo: string | null; requiredLevel: TrustLevel | null },
): Promise<Response> {
  const { level } = signIn;
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, userId, new Date(), signIn));
  headers.append("Set-Cookie", rotatedCsrfCookie());
  headers.append("Set-Cookie", clearCookie());
  const user = await currentUser(userId, "");
  const fallback = user ? landingFor(user) : "/painel";
  const to = attempt.returnTo ? safeRedirect(attempt.returnTo, fallback) : fallback;
  // Signed in, but below the level the action asked: say so instead of sending them back to a refusal.
  if (attempt.requiredLevel && !meetsTrustLevel(level, attempt.requiredLevel)) {
    const q = new URLSearchParams({ exigido: attempt.requiredLevel, obtido: level, voltar: to });
    return redirect(`/entrar/govbr/nivel?${q}`, { headers });
  }
  return redirect(to, { headers });
}

/** The link in flight (its cookie's token), for the page that asks the password. */
export const govbrLinkToken = (request: Request) => readCookie(request, GOVBR_COOKIE);

function pageOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_data");
  return url.pathname.replace(/\.data$/, "") + (url.search === "?" ? "" : url.search);
}

/** Guard of an action a municipality protects with a gov.br level: below it, the person is sent to
 * sign in at that level and comes back here. */
function requireTrustLevel(
  request: Request,
  user: Pick<CurrentUser, "govbrLevel">,
  policy: Pick<GovbrPolicy, "govbrDriverLevel" | "govbrStaffLevel">,
  action: TrustedAction,
): void {
  try {
    assertTrustLevel(policy, action, user.govbrLevel ?? null);
  } catch (e) {
    if (!(e instanceof TrustLevelRequired) || !govbrEnabled()) throw e;
    const q = new URLSearchParams({ exigido: e.required, voltar: pageOf(request) });
    throw redirect(`/entrar/govbr/nivel?${q}`);
  }
}

/** Sign-out, and after a gov.br sign-in the provider's end-session URL (ADR 044) for the page to
 * follow: the CSP's form-action forbids a form redirect off the portal. The ID token leaves only there. */
export async function signOut(request: Request): Promise<{ cookie: string; location: string }> {
  const session = await readSession(request);
  const { cookie, govbrIdToken } = await endSessionTakingIdToken(request);
  const provider = session?.govbrLevel ? await endSessionUrl(`${env().PUBLIC_BASE_URL}/`, govbrIdToken) : null;
  return { cookie, location: provider ?? "/" };
}

/** The guard for a staff action a municipality protects (approve, suspend, revoke; signing keys). */
export async function requireStaffTrustLevel(request: Request, user: CurrentUser, municipalityId: string) {
  requireTrustLevel(request, user, await govbrPolicy(municipalityId), "staff");
}

/** Guard for a gov.br policy change (ADR 053): the stricter of the level in force and the one asked,
 * so a session cannot lower it or set one it could not meet. setGovbrPolicy checks again. */
export async function requirePolicyChangeTrustLevel(
  request: Request,
  user: CurrentUser,
  municipalityId: string,
  newStaffLevel: TrustLevel | null,
) {
  const current = await govbrPolicy(municipalityId);
  const need = stricterLevel(current.govbrStaffLevel, newStaffLevel);
  requireTrustLevel(request, user, { govbrDriverLevel: null, govbrStaffLevel: need }, "staff");
}

/** The guard for a driver's submit of a requerimento to a municipality that protects it. */
export async function requireDriverTrustLevel(request: Request, user: CurrentUser, applicationId: string) {
  const policy = await govbrPolicyOfApplication(applicationId);
  if (policy) requireTrustLevel(request, user, policy, "driver");
}
