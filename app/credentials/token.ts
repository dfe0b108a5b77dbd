/**
 * The credential token: a compact JWS (ES256) whose protected header is exactly
 * { alg: "ES256", kid, typ: "cred+jws" } over the wire claims of claims.ts.
 *
 * `verifyToken` never throws: every failure is one of VERIFY_FAILURES, so the
 * routes can map it to a verdict. Rules and reasons: docs/decisions/002-credential-token-and-qr.md.
 */
import { compactVerify, importJWK, type JWK } from "jose";
import { fromWire, toWire, type CredentialClaims } from "./claims";
import { classifySignature, normalizeLowS } from "./ecdsa";
import { thumbprintOf, type KeyStatus } from "./keys";

export { CATEGORIES, CREDENTIAL_TYPES, type Category, type CredentialClaims, type CredentialType } from "./claims";

/** Explicit type (RFC 8725 §3.11): a credential, not a JWT — generic JWT verifiers must not accept it. */
export const TOKEN_TYP = "cred+jws";
export const TOKEN_ALG = "ES256";
/** Tokens longer than this are rejected before any parsing (real ones are ~380–420 characters). */
export const MAX_TOKEN_LENGTH = 1024;
/** Civil date used for validity when neither the key nor the caller names a time zone. */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

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
  /** IANA time zone of the issuing municipality, for the civil date of validity. */
  timeZone?: string;
}

export interface VerifyOptions {
  resolveKey(kid: string): ResolvedKey | null | undefined | Promise<ResolvedKey | null | undefined>;
  expectedIssuer?: string;
  now: Date;
  maxLength?: number;
  /** Fallback when the key names no time zone; default America/Sao_Paulo. */
  timeZone?: string;
}

export type VerifyResult =
  | { ok: true; claims: CredentialClaims; kid: string }
  | { ok: false; reason: "expired" | "not_yet_valid"; claims: CredentialClaims; kid: string }
  | { ok: false; reason: Exclude<VerifyFailure, "expired" | "not_yet_valid"> };

const ALLOWED_HEADER = new Set(["alg", "kid", "typ"]);
// Header members that point at a key: never followed, and their presence is refused outright.
const KEY_REFERENCE_HEADERS = ["jku", "x5u", "jwk", "x5c", "x5t", "x5t#S256"];
// The signature may be empty here so that `alg: "none"` is reported as such; its length is checked later.
const JWS_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const KID_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const SIGNATURE_CHARS = 86; // 64 bytes in base64url

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

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
  if (typeof token !== "string") return fail("malformed");
  if (token.length > (options.maxLength ?? MAX_TOKEN_LENGTH)) return fail("too_long");
  if (!JWS_SHAPE.test(token)) return fail("malformed");
  const [headerB64, payloadB64, signatureB64] = token.split(".");

  const headerBytes = decodeCanonical(headerB64);
  const header = headerBytes && parseJson(headerBytes);
  if (header === undefined) return fail("malformed");
  if (!isPlainObject(header)) return fail("bad_header");
  if ("crit" in header) return fail("crit_unsupported");
  if (KEY_REFERENCE_HEADERS.some((k) => k in header)) return fail("bad_header");
  if (typeof header.alg !== "string") return fail("bad_header");
  if (header.alg !== TOKEN_ALG) return fail("unsupported_alg");
  if (!("kid" in header)) return fail("missing_kid");
  if (typeof header.kid !== "string" || !KID_SHAPE.test(header.kid)) return fail("bad_header");
  if (header.typ !== TOKEN_TYP) return fail("bad_header");
  if (Object.keys(header).some((k) => !ALLOWED_HEADER.has(k))) return fail("bad_header");
  const kid = header.kid;

  const payloadBytes = decodeCanonical(payloadB64);
  if (!payloadBytes) return fail("malformed");
  if (signatureB64.length !== SIGNATURE_CHARS) return fail("malformed");
  const signature = decodeCanonical(signatureB64);
  if (!signature) return fail("malformed");
  const shape = classifySignature(signature);
  if (shape === "high_s") return fail("non_canonical_signature");
  if (shape !== "canonical") return fail("bad_signature");

  let resolved: ResolvedKey | null | undefined;
  try {
    resolved = await options.resolveKey(kid);
  } catch {
    return fail("key_unavailable");
  }
  if (!resolved) return fail("unknown_kid");
  if (resolved.status === "REVOKED") return fail("key_revoked");
  if (resolved.status !== "ACTIVE" && resolved.status !== "RETIRED") return fail("unknown_kid");
  const cryptoKey = await importVerifiedKey(kid, resolved.key);
  if (!cryptoKey) return fail("unknown_kid");

  try {
    await compactVerify(token, cryptoKey, { algorithms: [TOKEN_ALG] });
  } catch {
    return fail("bad_signature");
  }

  const claims = fromWire(parseJson(payloadBytes));
  if (!claims) return fail("bad_claims");
  if (claims.issuer !== resolved.issuer) return fail("wrong_issuer");
  if (options.expectedIssuer !== undefined && claims.issuer !== options.expectedIssuer) return fail("wrong_issuer");

  const today = civilDate(options.now, resolved.timeZone ?? options.timeZone ?? DEFAULT_TIME_ZONE);
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

/**
 * base64url → bytes, refusing non-canonical text (spare trailing bits set, or a
 * length no encoding produces): otherwise one token would have several spellings.
 */
function decodeCanonical(segment: string): Uint8Array | null {
  if (segment.length % 4 === 1) return null;
  const bytes = Buffer.from(segment, "base64url");
  if (bytes.toString("base64url") !== segment) return null;
  return bytes;
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Imported keys, keyed by kid + coordinates; the thumbprint is checked once per key.
const keyCache = new Map<string, Promise<CryptoKey | null>>();
const KEY_CACHE_MAX = 256;

function importVerifiedKey(kid: string, jwk: ResolvedKey["key"]): Promise<CryptoKey | null> {
  const cacheKey = `${kid}.${jwk.x}.${jwk.y}`;
  let entry = keyCache.get(cacheKey);
  if (!entry) {
    entry = (async () => {
      if (jwk.kty !== "EC" || jwk.crv !== "P-256" || typeof jwk.x !== "string" || typeof jwk.y !== "string") return null;
      if (jwk.alg !== undefined && jwk.alg !== TOKEN_ALG) return null;
      if ((await thumbprintOf({ kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y })) !== kid) return null;
      const key = await importJWK({ kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y } as JWK, TOKEN_ALG);
      return key as CryptoKey;
    })().catch(() => null);
    if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
    keyCache.set(cacheKey, entry);
  }
  return entry;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The civil date (YYYY-MM-DD) of an instant in a time zone; an unknown zone falls back to Brasília time. */
export function civilDate(now: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      return civilDate(now, DEFAULT_TIME_ZONE);
    }
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}
