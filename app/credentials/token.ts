/** The credential token (ADR 002): a compact JWS (ES256, typ "cred+jws") over claims.ts's wire
 * claims. `verifyToken` never throws: each failure is one of VERIFY_FAILURES, mapped to a verdict. */
import { compactVerify } from "jose";
import { civilDate } from "../domain/time";
import { type CredentialClaims, fromWire, toWire } from "./claims";
import { normalizeLowS } from "./ecdsa";
import { checkEs256Jws, checkJwsKey, keyImporter, parseJson } from "./jws-checks";
import type { KeyStatus } from "./keys";

export { CATEGORIES, type Category, CREDENTIAL_TYPES, type CredentialClaims, type CredentialType } from "./claims";

/** Explicit type (RFC 8725 §3.11): a credential, not a JWT — generic JWT verifiers must not accept it. */
export const TOKEN_TYP = "cred+jws";
const TOKEN_ALG = "ES256";
/** Tokens longer than this are rejected before any parsing (real ones are ~380–420 characters). */
export const MAX_TOKEN_LENGTH = 1024;

/** Anything that can sign: `signer.server.ts` is the only implementation holding a private key. */
export interface Signer {
  readonly kid: string;
  /** Signs the JWS signing input (ASCII bytes); returns the raw 64-byte r||s signature. */
  sign(signingInput: Uint8Array): Promise<Uint8Array>;
}

export const VERIFY_FAILURES = [
  "malformed", // not three base64url segments, non-canonical base64url, undecodable header, wrong signature length
  "too_long", // longer than maxLength (checked before parsing)
  "bad_header", // header not exactly { alg, kid, typ }: wrong typ, extra members, jku/x5u/jwk/x5c/x5t
  "unsupported_alg", // alg other than ES256 (none, HS256, RS256, …)
  "missing_kid",
  "crit_unsupported", // any crit header
  "non_canonical_signature", // high-S twin of a valid signature
  "unknown_kid", // no published key with that kid (or the stored key does not match it)
  "key_unavailable", // the key lookup itself failed (database down): not a verdict on the token
  "key_revoked", // the signing key was revoked: its tokens are no longer trusted
  "bad_signature",
  "bad_claims", // signed, but the payload is not exactly the claim set
  "wrong_issuer", // iss differs from the key's municipality or from expectedIssuer
  "not_yet_valid", // genuine, validity starts after today
  "expired", // genuine, validity ended before today
] as const;
export type VerifyFailure = (typeof VERIFY_FAILURES)[number];

export interface ResolvedKey {
  /** The public JWK (EC P-256) published for this kid. */
  key: { kty: string; crv?: string; x?: string; y?: string; alg?: string };
  /** IBGE code of the municipality that owns the key. */
  issuer: string;
  status: KeyStatus;
  /** IANA time zone of the issuing municipality (Municipality.timeZone): `vf`/`vu` are its civil dates. */
  timeZone: string;
}

/** What a token's signed bytes were found to say: fixed by those bytes, so it is remembered with them. */
export type VerifiedToken = { kid: string; claims: CredentialClaims };

/** Tokens already verified (ADR 034, 046): a remembered one skips what depends only on its bytes,
 * never the key's status, the issuer or the dates. */
export interface VerifiedSignatures {
  has(token: string): boolean;
  get(token: string): VerifiedToken | undefined;
  add(token: string, verified: VerifiedToken): void;
}

export interface VerifyOptions {
  resolveKey(kid: string): ResolvedKey | null | undefined | Promise<ResolvedKey | null | undefined>;
  /** Skips the signature arithmetic for a token already verified (every other check still runs). */
  verifiedSignatures?: VerifiedSignatures;
  expectedIssuer?: string;
  now: Date;
  maxLength?: number;
}

type VerifyResult =
  | { ok: true; claims: CredentialClaims; kid: string }
  | { ok: false; reason: "expired" | "not_yet_valid"; claims: CredentialClaims; kid: string }
  | { ok: false; reason: Exclude<VerifyFailure, "expired" | "not_yet_valid"> };

const encoder = new TextEncoder();
// Imported keys, by kid and coordinates; the thumbprint is checked once per key (jws-checks.ts).
const importKey = keyImporter();

/** Signs the claims; throws if they are not a valid claim set (an issuance bug, never user input). */
export async function signCredential(claims: CredentialClaims, signer: Signer): Promise<string> {
  const header = { alg: TOKEN_ALG, kid: signer.kid, typ: TOKEN_TYP };
  const signingInput = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(toWire(claims)))}`;
  const raw = await signer.sign(encoder.encode(signingInput));
  return `${signingInput}.${Buffer.from(normalizeLowS(raw)).toString("base64url")}`;
}

export async function verifyToken(token: unknown, options: VerifyOptions): Promise<VerifyResult> {
  try {
    return await verify(token, options);
  } catch {
    // Defensive: every known failure is mapped above; an unexpected throw is still not a pass.
    return { ok: false, reason: "malformed" };
  }
}

async function verify(token: unknown, options: VerifyOptions): Promise<VerifyResult> {
  const maxLength = options.maxLength ?? MAX_TOKEN_LENGTH;
  const keyOptions = { resolveKey: options.resolveKey, requireStatus: true, importKey };
  const cache = options.verifiedSignatures;
  const remembered = typeof token === "string" && token.length <= maxLength ? cache?.get(token) : undefined;
  if (remembered) {
    // The same bytes passed steps 1–7 and the signature before: only the key (8–9) can have changed.
    const key = await checkJwsKey(remembered.kid, keyOptions);
    if (!key.ok) return fail(key.reason);
    return judge(remembered, key.key, options);
  }

  // Steps 1–9 of ADR 002, shared with the status list: length, shape, header, signature form, key.
  const checked = await checkEs256Jws(token, { typ: TOKEN_TYP, maxLength, ...keyOptions });
  if (!checked.ok) return fail(checked.reason);
  const { kid, key: resolved, payload: payloadBytes } = checked;
  try {
    await compactVerify(token as string /* checked above */, checked.cryptoKey, { algorithms: [TOKEN_ALG] });
  } catch {
    return fail("bad_signature");
  }
  const claims = fromWire(parseJson(payloadBytes));
  if (!claims) return fail("bad_claims");
  // Frozen: the same object answers every later scan of this token.
  cache?.add(token as string, { kid, claims: Object.freeze(claims) });
  return judge({ kid, claims }, resolved, options);
}

/** The checks that depend on more than the token's bytes: the key's municipality and today's date. */
function judge({ kid, claims }: VerifiedToken, resolved: ResolvedKey, options: VerifyOptions): VerifyResult {
  if (claims.issuer !== resolved.issuer) return fail("wrong_issuer");
  if (options.expectedIssuer !== undefined && claims.issuer !== options.expectedIssuer) return fail("wrong_issuer");

  const today = civilDate(options.now, resolved.timeZone);
  if (today < claims.validFrom) return { ok: false, reason: "not_yet_valid", claims, kid };
  if (today > claims.validUntil) return { ok: false, reason: "expired", claims, kid };
  return { ok: true, claims, kid };
}

function fail(reason: Exclude<VerifyFailure, "expired" | "not_yet_valid">): VerifyResult {
  return { ok: false, reason };
}

function b64(text: string): string {
  return Buffer.from(text, "utf8").toString("base64url");
}
