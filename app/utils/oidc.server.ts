// The OpenID Connect client for "Entrar com gov.br" (ADR 038): code flow with PKCE, state and nonce,
// on openid-client. Nothing here logs a token or a claim: a failure is logged by class and code only.
import { createRemoteJWKSet, importPKCS8, type JWTPayload, jwtVerify } from "jose";
import * as client from "openid-client";
import { env, isLocalUrl } from "~/utils/env.server";

const GOVBR_CALLBACK_PATH = "/entrar/govbr/retorno";

/** Why gov.br could not sign the person in: the provider did not answer, or the answer was refused. */
export class GovbrError extends Error {
  override readonly name = "GovbrError";
  constructor(
    readonly kind: "unavailable" | "rejected",
    readonly code: string,
  ) {
    super(`gov.br: ${kind} (${code})`);
  }
}

export function govbrEnabled(): boolean {
  return Boolean(env().GOVBR_ISSUER);
}

let configuration: Promise<client.Configuration> | null = null;

async function clientAuthentication(): Promise<client.ClientAuth> {
  const e = env();
  if (e.GOVBR_PRIVATE_KEY) return client.PrivateKeyJwt(await importPKCS8(e.GOVBR_PRIVATE_KEY, "RS256"));
  return client.ClientSecretBasic(e.GOVBR_CLIENT_SECRET!);
}

async function discover(): Promise<client.Configuration> {
  const e = env();
  if (!e.GOVBR_ISSUER || !e.GOVBR_CLIENT_ID) throw new GovbrError("unavailable", "not_configured");
  const issuer = new URL(e.GOVBR_ISSUER);
  // Check the ID token's signature even from the token endpoint (openid-client skips it by default).
  // Plain http only for a provider on this machine (the tests').
  const execute = [client.enableNonRepudiationChecks];
  if (issuer.protocol === "http:" && isLocalUrl(issuer.href)) execute.push(client.allowInsecureRequests);
  try {
    return await client.discovery(issuer, e.GOVBR_CLIENT_ID, undefined, await clientAuthentication(), {
      execute,
      timeout: e.GOVBR_TIMEOUT_MS / 1000,
    });
  } catch (error) {
    throw classify(error);
  }
}

/** The provider's configuration, discovered once per process. */
async function govbrConfiguration(): Promise<client.Configuration> {
  configuration ??= discover().catch((error) => {
    configuration = null;
    throw error;
  });
  return configuration;
}

/** Discovered again at each sign-in start, so a provider that is down is found out before the browser
 * is sent to it (issue #29, "gov.br down"). */
function rediscovered(): Promise<client.Configuration> {
  configuration = null;
  return govbrConfiguration();
}

/** Forgets the discovered configuration (tests that restart the provider). */
export function forgetGovbrConfiguration(): void {
  configuration = null;
  providerKeys = null;
}

type AuthorizationRequest = { url: string; state: string; nonce: string; codeVerifier: string };

/** A fresh authorization request: the URL to send the browser to and the secrets to keep for the callback. */
export async function authorizationRequest(options: { reauthenticate?: boolean } = {}): Promise<AuthorizationRequest> {
  const config = await rediscovered();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const params: Record<string, string> = {
    redirect_uri: `${env().PUBLIC_BASE_URL}${GOVBR_CALLBACK_PATH}`,
    scope: env().GOVBR_SCOPES,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  };
  // A step-up (an action needs a higher level) asks the person to authenticate again.
  if (options.reauthenticate) params.prompt = "login";
  return { url: client.buildAuthorizationUrl(config, params).href, state, nonce, codeVerifier };
}

/** Exchanges the callback's code; returns the ID token's verified claims against the kept secrets. */
export async function exchangeCode(
  search: string,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<{ claims: Record<string, unknown>; idToken: string }> {
  const config = await govbrConfiguration();
  const current = new URL(`${env().PUBLIC_BASE_URL}${GOVBR_CALLBACK_PATH}${search}`);
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new GovbrError("rejected", "no_id_token");
    return { claims: { ...claims }, idToken: tokens.id_token };
  } catch (error) {
    throw classify(error);
  }
}

/** The provider's end-session URL, if it has one, with `id_token_hint` when kept (ADR 044). */
export async function endSessionUrl(returnTo: string, idTokenHint: string | null): Promise<string | null> {
  if (!govbrEnabled()) return null;
  try {
    const config = await govbrConfiguration();
    if (!config.serverMetadata().end_session_endpoint) return null;
    const params: Record<string, string> = { client_id: env().GOVBR_CLIENT_ID!, post_logout_redirect_uri: returnTo };
    if (idTokenHint) params.id_token_hint = idTokenHint;
    return client.buildEndSessionUrl(config, params).href;
  } catch {
    return null;
  }
}

const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";
/** A logout token older than this (by its `iat`) is refused; its `jti` is remembered as long. */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 30;

let providerKeys: { uri: string; keys: ReturnType<typeof createRemoteJWKSet> } | null = null;

type LogoutTokenClaims = { jti: string; sid: string | null; sub: string | null; keepUntil: Date };

/** Verifies a back-channel logout token (OIDC Back-Channel Logout 1.0, section 2.6); replay of a `jti`
 * is the caller's check (acceptGovbrLogout). */
export async function verifyLogoutToken(logoutToken: string, now = new Date()): Promise<LogoutTokenClaims> {
  const config = await govbrConfiguration();
  const { issuer, jwks_uri } = config.serverMetadata();
  if (!jwks_uri) throw new GovbrError("unavailable", "no_jwks_uri");
  if (providerKeys?.uri !== jwks_uri) {
    const keys = createRemoteJWKSet(new URL(jwks_uri), { timeoutDuration: env().GOVBR_TIMEOUT_MS });
    providerKeys = { uri: jwks_uri, keys };
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(logoutToken, providerKeys.keys, {
      issuer,
      audience: env().GOVBR_CLIENT_ID!,
      requiredClaims: ["iat", "jti"],
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    }));
  } catch (error) {
    throw classify(error);
  }
  const events = payload.events as Record<string, unknown> | undefined;
  const event = events?.[BACKCHANNEL_LOGOUT_EVENT];
  if (typeof event !== "object" || event === null || Array.isArray(event)) throw refused("no_logout_event");
  if ("nonce" in payload) throw refused("nonce_present");
  const text = (v: unknown) => (typeof v === "string" && v.length > 0 && v.length <= 255 ? v : null);
  const sid = text(payload.sid);
  const sub = text(payload.sub);
  const jti = text(payload.jti);
  if (!sid && !sub) throw refused("no_sid_or_sub");
  if (!jti) throw refused("no_jti");
  const acceptedUntil = (payload.iat! + LOGOUT_TOKEN_MAX_AGE_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000;
  return { jti, sid, sub, keepUntil: new Date(acceptedUntil) };
}

function refused(code: string): GovbrError {
  console.warn(`gov.br: falha de validação (${code})`);
  return new GovbrError("rejected", code);
}

function classify(error: unknown): GovbrError {
  if (error instanceof GovbrError) return error;
  const e = error as { name?: string; code?: string; status?: number; error?: string; cause?: unknown };
  const causeStatus = (e.cause as { status?: unknown } | undefined)?.status;
  const status = typeof e.status === "number" ? e.status : typeof causeStatus === "number" ? causeStatus : 0;
  // Not answering (refused connection, timeout) or answering 5xx: the provider is down or slow.
  const unavailable =
    e.code === "OAUTH_TIMEOUT" ||
    e.name === "TimeoutError" ||
    e.name === "AbortError" ||
    (e.name === "TypeError" && String((error as Error).message).includes("fetch")) ||
    status >= 500;
  const code = (e.error ?? e.code ?? e.name ?? "unknown").toString().slice(0, 60);
  // The class and code only: never the response, the token or its claims.
  console.warn(`gov.br: falha ${unavailable ? "de comunicação" : "de validação"} (${code})`);
  return new GovbrError(unavailable ? "unavailable" : "rejected", code);
}
