/**
 * The status list: a signed, compressed snapshot of the serials a municipality has suspended
 * or revoked, so that a fiscal's phone can check a credential with no signal.
 *
 * A compact JWS (ES256) whose protected header is exactly { alg: "ES256", kid, typ:
 * "statuslist+jws" } over { iss, iat, ttl, exp, s }, where `s` is the base64url of
 * deflate-raw(JSON { suspended: [...], revoked: [...] }). Times are NumericDate seconds.
 *
 * Isomorphic on purpose: WebCrypto, Compression Streams and atob/btoa only — no Buffer, no
 * jose — so the browser runs this same verifier offline (app/components/fiscal/). The clock
 * is an argument. Why this shape: docs/decisions/007-status-list-and-offline-verification.md.
 */
import { classifySignature, normalizeLowS } from "./ecdsa";
import type { Signer } from "./token";

export const STATUS_LIST_TYP = "statuslist+jws";
export const ES256 = "ES256";
/** Longest status list accepted before parsing (characters of the compact JWS). */
export const STATUS_LIST_MAX_LENGTH = 4_000_000;
/** Refuse to inflate beyond this: a small `s` must not expand into a memory bomb. */
export const MAX_INFLATED_BYTES = 16 * 1024 * 1024;
/** An issue time this far in the future is tolerated (clocks of phones drift). */
export const CLOCK_SKEW_SECONDS = 300;
/** The longest time-to-live a list may claim: a week-old snapshot is no longer a status. */
export const MAX_TTL_SECONDS = 7 * 86_400;

export interface StatusList {
  /** IBGE code of the municipality. */
  issuer: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  ttl: number;
  /** issuedAt + ttl: from this second on the list is stale. */
  expiresAt: number;
  suspended: string[];
  revoked: string[];
}

// ---------------------------------------------------------------- compact JWS, ES256 only

/** A key as a verifier knows it: the public JWK, optionally its municipality and status. */
export interface VerificationKey {
  key: { kty: string; crv?: string; x?: string; y?: string; alg?: string };
  issuer?: string;
  status?: string;
}

export const JWS_FAILURES = [
  "malformed", "too_long", "bad_header", "unsupported_alg", "missing_kid", "crit_unsupported",
  "non_canonical_signature", "unknown_kid", "key_unavailable", "key_revoked", "bad_signature",
] as const;
export type JwsFailure = (typeof JWS_FAILURES)[number];

export type JwsResult =
  | { ok: true; kid: string; key: VerificationKey; payload: Uint8Array }
  | { ok: false; reason: JwsFailure };

export interface JwsOptions {
  /** The exact `typ` the header must carry. */
  typ: string;
  resolveKey(kid: string): VerificationKey | null | undefined | Promise<VerificationKey | null | undefined>;
  maxLength: number;
}

const JWS_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const KID_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const ALLOWED_HEADER = new Set(["alg", "kid", "typ"]);
const KEY_REFERENCE_HEADERS = ["jku", "x5u", "jwk", "x5c", "x5t", "x5t#S256"];
const SIGNATURE_CHARS = 86;

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Verifies a compact ES256 JWS with the same rules, in the same order, as the credential
 * token's verifier (app/credentials/token.ts): exact header, canonical base64url, low-S
 * signature, kid = RFC 7638 thumbprint of the key. Never throws.
 */
export async function verifyEs256Jws(token: unknown, options: JwsOptions): Promise<JwsResult> {
  try {
    return await verifyJws(token, options);
  } catch {
    return { ok: false, reason: "malformed" };
  }
}

async function verifyJws(token: unknown, options: JwsOptions): Promise<JwsResult> {
  const fail = (reason: JwsFailure): JwsResult => ({ ok: false, reason });
  if (typeof token !== "string") return fail("malformed");
  if (token.length > options.maxLength) return fail("too_long");
  if (!JWS_SHAPE.test(token)) return fail("malformed");
  const [headerB64, payloadB64, signatureB64] = token.split(".");

  const headerBytes = base64urlDecode(headerB64);
  const header = headerBytes && parseJson(headerBytes);
  if (header === undefined) return fail("malformed");
  if (!isPlainObject(header)) return fail("bad_header");
  if ("crit" in header) return fail("crit_unsupported");
  if (KEY_REFERENCE_HEADERS.some((k) => k in header)) return fail("bad_header");
  if (typeof header.alg !== "string") return fail("bad_header");
  if (header.alg !== ES256) return fail("unsupported_alg");
  if (!("kid" in header)) return fail("missing_kid");
  if (typeof header.kid !== "string" || !KID_SHAPE.test(header.kid)) return fail("bad_header");
  if (header.typ !== options.typ) return fail("bad_header");
  if (Object.keys(header).some((k) => !ALLOWED_HEADER.has(k))) return fail("bad_header");
  const kid = header.kid;

  const payload = base64urlDecode(payloadB64);
  if (!payload) return fail("malformed");
  if (signatureB64.length !== SIGNATURE_CHARS) return fail("malformed");
  const signature = base64urlDecode(signatureB64);
  if (!signature) return fail("malformed");
  const shape = classifySignature(signature);
  if (shape === "high_s") return fail("non_canonical_signature");
  if (shape !== "canonical") return fail("bad_signature");

  let resolved: VerificationKey | null | undefined;
  try {
    resolved = await options.resolveKey(kid);
  } catch {
    return fail("key_unavailable");
  }
  if (!resolved) return fail("unknown_kid");
  if (resolved.status === "REVOKED") return fail("key_revoked");
  if (resolved.status !== undefined && resolved.status !== "ACTIVE" && resolved.status !== "RETIRED") return fail("unknown_kid");
  const cryptoKey = await importVerifiedKey(kid, resolved.key);
  if (!cryptoKey) return fail("unknown_kid");

  const signingInput = encoder.encode(`${headerB64}.${payloadB64}`);
  const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, cryptoKey, signature, signingInput);
  if (!valid) return fail("bad_signature");
  return { ok: true, kid, key: resolved, payload };
}

/** Signs `{header}.{payload}` with the signer (raw r||s, low-S), returning the compact JWS. */
export async function signEs256Jws(typ: string, payload: unknown, signer: Signer): Promise<string> {
  const header = { alg: ES256, kid: signer.kid, typ };
  const signingInput = `${base64urlEncode(encoder.encode(JSON.stringify(header)))}.${base64urlEncode(encoder.encode(JSON.stringify(payload)))}`;
  const raw = await signer.sign(encoder.encode(signingInput));
  return `${signingInput}.${base64urlEncode(normalizeLowS(raw))}`;
}

// Imported keys, by kid and coordinates; the thumbprint is checked once per key.
const keyCache = new Map<string, Promise<CryptoKey | null>>();

function importVerifiedKey(kid: string, jwk: VerificationKey["key"]): Promise<CryptoKey | null> {
  const cacheKey = `${kid}.${jwk.x}.${jwk.y}`;
  let entry = keyCache.get(cacheKey);
  if (!entry) {
    entry = (async () => {
      if (jwk.kty !== "EC" || jwk.crv !== "P-256" || typeof jwk.x !== "string" || typeof jwk.y !== "string") return null;
      if (jwk.alg !== undefined && jwk.alg !== ES256) return null;
      if ((await jwkThumbprint({ crv: "P-256", kty: "EC", x: jwk.x, y: jwk.y })) !== kid) return null;
      return crypto.subtle.importKey("jwk", { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, ext: true }, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    })().catch(() => null);
    if (keyCache.size >= 256) keyCache.clear();
    keyCache.set(cacheKey, entry);
  }
  return entry;
}

/** RFC 7638 thumbprint of an EC public key (members in lexicographic order, SHA-256, base64url). */
export async function jwkThumbprint(jwk: { crv: string; kty: string; x: string; y: string }): Promise<string> {
  const canonical = `{"crv":${JSON.stringify(jwk.crv)},"kty":${JSON.stringify(jwk.kty)},"x":${JSON.stringify(jwk.x)},"y":${JSON.stringify(jwk.y)}}`;
  return base64urlEncode(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(canonical))));
}

// ---------------------------------------------------------------- the status list itself

export interface StatusListInput {
  issuer: string;
  suspended: readonly string[];
  revoked: readonly string[];
  now: Date;
  ttlSeconds: number;
}

/** Builds and signs a status list; the serials are de-duplicated and sorted (same input, same payload). */
export async function signStatusList(input: StatusListInput, signer: Signer): Promise<string> {
  if (!IBGE.test(input.issuer)) throw new Error("issuer must be an IBGE code");
  if (!Number.isInteger(input.ttlSeconds) || input.ttlSeconds <= 0 || input.ttlSeconds > MAX_TTL_SECONDS) throw new Error("ttl out of range");
  const iat = Math.floor(input.now.getTime() / 1000);
  const body = JSON.stringify({ suspended: sortedUnique(input.suspended), revoked: sortedUnique(input.revoked) });
  const s = base64urlEncode(await deflateRaw(encoder.encode(body)));
  return signEs256Jws(STATUS_LIST_TYP, { iss: input.issuer, iat, ttl: input.ttlSeconds, exp: iat + input.ttlSeconds, s }, signer);
}

export const STATUS_LIST_FAILURES = [...JWS_FAILURES, "bad_payload", "wrong_issuer", "not_yet_valid", "expired"] as const;
export type StatusListFailure = (typeof STATUS_LIST_FAILURES)[number];

export type StatusListResult =
  | { ok: true; list: StatusList; kid: string }
  /** Genuine but stale: the caller may still show it, saying how old it is. */
  | { ok: false; reason: "expired"; list: StatusList; kid: string }
  | { ok: false; reason: Exclude<StatusListFailure, "expired"> };

export interface StatusListVerifyOptions {
  resolveKey: JwsOptions["resolveKey"];
  now: Date;
  /** The municipality the caller expects (IBGE code). */
  expectedIssuer?: string;
  maxLength?: number;
}

const IBGE = /^\d{7}$/;
const SERIAL = /^[A-Z0-9][A-Z0-9-]{2,22}[A-Z0-9]$/;
const PAYLOAD_MEMBERS = ["iss", "iat", "ttl", "exp", "s"];

/** Verifies signature, header, issuer and times, then inflates and checks the serial lists. Never throws. */
export async function verifyStatusList(jws: unknown, options: StatusListVerifyOptions): Promise<StatusListResult> {
  const checked = await verifyEs256Jws(jws, { typ: STATUS_LIST_TYP, resolveKey: options.resolveKey, maxLength: options.maxLength ?? STATUS_LIST_MAX_LENGTH });
  if (!checked.ok) return checked;
  const payload = parseJson(checked.payload);
  if (!isPlainObject(payload) || Object.keys(payload).length !== PAYLOAD_MEMBERS.length || !PAYLOAD_MEMBERS.every((k) => k in payload)) {
    return { ok: false, reason: "bad_payload" };
  }
  const { iss, iat, ttl, exp, s } = payload;
  if (typeof iss !== "string" || !IBGE.test(iss) || !isSeconds(iat) || !isSeconds(ttl) || ttl <= 0 || ttl > MAX_TTL_SECONDS || exp !== iat + ttl || typeof s !== "string") {
    return { ok: false, reason: "bad_payload" };
  }
  if (checked.key.issuer !== undefined && checked.key.issuer !== iss) return { ok: false, reason: "wrong_issuer" };
  if (options.expectedIssuer !== undefined && options.expectedIssuer !== iss) return { ok: false, reason: "wrong_issuer" };

  const compressed = base64urlDecode(s);
  const inflated = compressed && (await inflateRaw(compressed, MAX_INFLATED_BYTES).catch(() => null));
  const lists = inflated && parseJson(inflated);
  if (!isPlainObject(lists) || Object.keys(lists).length !== 2 || !isSerialList(lists.suspended) || !isSerialList(lists.revoked)) {
    return { ok: false, reason: "bad_payload" };
  }
  const list: StatusList = { issuer: iss, issuedAt: iat, ttl, expiresAt: exp, suspended: lists.suspended, revoked: lists.revoked };
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: "not_yet_valid" };
  if (nowSeconds >= exp) return { ok: false, reason: "expired", list, kid: checked.kid };
  return { ok: true, list, kid: checked.kid };
}

/** What the list says about one serial. */
export function statusOf(list: Pick<StatusList, "suspended" | "revoked">, serial: string): "SUSPENDED" | "REVOKED" | null {
  if (list.revoked.includes(serial)) return "REVOKED";
  if (list.suspended.includes(serial)) return "SUSPENDED";
  return null;
}

// ---------------------------------------------------------------- bytes

/** base64url without padding. */
export function base64urlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * base64url → bytes; null for anything but the one canonical spelling (no padding, no spare
 * bits set), so that a signed text has exactly one encoding.
 */
export function base64urlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return base64urlEncode(bytes) === text ? bytes : null;
}

export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflates, giving up (throwing) as soon as the output passes `limit` bytes. */
export async function inflateRaw(bytes: Uint8Array, limit: number): Promise<Uint8Array> {
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new Error("status list too large");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

function parseJson(bytes: Uint8Array): unknown {
  const text = decodeUtf8(bytes);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSeconds(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isSerialList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string" && SERIAL.test(v));
}

function sortedUnique(serials: readonly string[]): string[] {
  return [...new Set(serials)].sort();
}
