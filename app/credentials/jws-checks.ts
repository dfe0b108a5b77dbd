/** The checks every compact JWS of the portal passes before its signature counts (token.ts,
 * status-list.ts), cheap and key-independent first (ADR 002, Verification; ADR 007, §3).
 * Browser-safe on purpose, for the fiscal's offline page: no Buffer, jose or node: imports. */
import { classifySignature } from "./ecdsa";

export const ES256 = "ES256";

export const JWS_FAILURES = [
  "malformed",
  "too_long",
  "bad_header",
  "unsupported_alg",
  "missing_kid",
  "crit_unsupported",
  "non_canonical_signature",
  "unknown_kid",
  "key_unavailable",
  "key_revoked",
  "bad_signature",
] as const;
export type JwsFailure = (typeof JWS_FAILURES)[number];

/** A key as a verifier knows it: the public JWK, optionally its municipality and status. */
export interface VerificationKey {
  key: { kty: string; crv?: string; x?: string; y?: string; alg?: string };
  issuer?: string;
  status?: string;
}

export interface JwsOptions<K extends VerificationKey = VerificationKey> {
  /** The exact `typ` the header must carry. */
  typ: string;
  resolveKey(kid: string): K | null | undefined | Promise<K | null | undefined>;
  maxLength: number;
}

export interface JwsCheckOptions<K extends VerificationKey> extends JwsOptions<K> {
  /** Imports the resolved key; each verifier keeps its own (and its own cache). */
  importKey: KeyImporter;
  /** Refuse a key with no status (token.ts: every stored key has one); otherwise none means usable. */
  requireStatus?: boolean;
}

export type JwsResult =
  { ok: true; kid: string; key: VerificationKey; payload: Uint8Array } | { ok: false; reason: JwsFailure };

/** All checks passed but the signature itself: the caller verifies `signature` over `signingInput`. */
type CheckedJws<K extends VerificationKey> =
  | {
      ok: true;
      kid: string;
      key: K;
      cryptoKey: CryptoKey;
      signingInput: string;
      signature: Uint8Array<ArrayBuffer>;
      payload: Uint8Array;
    }
  | { ok: false; reason: JwsFailure };

// The signature may be empty here so that `alg: "none"` is reported as such; its length is checked later.
const JWS_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const KID_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const ALLOWED_HEADER = new Set(["alg", "kid", "typ"]);
// Header members that point at a key: never followed, and their presence is refused outright.
const KEY_REFERENCE_HEADERS = ["jku", "x5u", "jwk", "x5c", "x5t", "x5t#S256"];
const SIGNATURE_CHARS = 86; // 64 bytes in base64url

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** Every check but the signature, in ADR 002's order (steps 1–9). Throws only if the resolver returns
 * a non-key: callers map any throw to `malformed`. */
export async function checkEs256Jws<K extends VerificationKey>(
  token: unknown,
  options: JwsCheckOptions<K>,
): Promise<CheckedJws<K>> {
  const fail = (reason: JwsFailure): CheckedJws<K> => ({ ok: false, reason });
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

  const key = await checkJwsKey(kid, options);
  if (!key.ok) return key;
  return { ...key, kid, signingInput: `${headerB64}.${payloadB64}`, signature, payload };
}

type CheckedKey<K extends VerificationKey> =
  { ok: true; key: K; cryptoKey: CryptoKey } | { ok: false; reason: JwsFailure };

/** Steps 8–9 alone, the resolved key's checks; also for a remembered token (token.ts). */
export async function checkJwsKey<K extends VerificationKey>(
  kid: string,
  options: Pick<JwsCheckOptions<K>, "resolveKey" | "importKey" | "requireStatus">,
): Promise<CheckedKey<K>> {
  const fail = (reason: JwsFailure): CheckedKey<K> => ({ ok: false, reason });
  let resolved: K | null | undefined;
  try {
    resolved = await options.resolveKey(kid);
  } catch {
    return fail("key_unavailable");
  }
  if (!resolved) return fail("unknown_kid");
  if (resolved.status === "REVOKED") return fail("key_revoked");
  const usable =
    resolved.status === "ACTIVE" ||
    resolved.status === "RETIRED" ||
    (resolved.status === undefined && !options.requireStatus);
  if (!usable) return fail("unknown_kid");
  const cryptoKey = await options.importKey(kid, resolved.key);
  if (!cryptoKey) return fail("unknown_kid");
  return { ok: true, key: resolved, cryptoKey };
}

const importKey = keyImporter();

/** checkEs256Jws, then the signature through WebCrypto: the whole verifier, for any `typ`. Never throws. */
export async function verifyEs256Jws(token: unknown, options: JwsOptions): Promise<JwsResult> {
  try {
    const checked = await checkEs256Jws(token, {
      typ: options.typ,
      resolveKey: options.resolveKey,
      maxLength: options.maxLength,
      importKey,
    });
    if (!checked.ok) return checked;
    const { cryptoKey, signature, signingInput } = checked;
    const valid = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      cryptoKey,
      signature,
      encoder.encode(signingInput),
    );
    if (!valid) return { ok: false, reason: "bad_signature" };
    return { ok: true, kid: checked.kid, key: checked.key, payload: checked.payload };
  } catch {
    return { ok: false, reason: "malformed" };
  }
}

/** A verification key for the kid, or null when the JWK is not EC P-256 / ES256 or does not hash to the kid. */
type KeyImporter = (kid: string, jwk: VerificationKey["key"]) => Promise<CryptoKey | null>;

/** A KeyImporter with its own cache, by kid and coordinates: the thumbprint is checked once per key. */
export function keyImporter(maxEntries = 256): KeyImporter {
  const cache = new Map<string, Promise<CryptoKey | null>>();
  return (kid, jwk) => {
    const cacheKey = `${kid}.${jwk.x}.${jwk.y}`;
    let entry = cache.get(cacheKey);
    if (!entry) {
      entry = (async () => {
        if (jwk.kty !== "EC" || jwk.crv !== "P-256" || typeof jwk.x !== "string" || typeof jwk.y !== "string")
          return null;
        if (jwk.alg !== undefined && jwk.alg !== ES256) return null;
        if ((await jwkThumbprint({ crv: "P-256", kty: "EC", x: jwk.x, y: jwk.y })) !== kid) return null;
        return crypto.subtle.importKey(
          "jwk",
          { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, ext: true },
          { name: "ECDSA", namedCurve: "P-256" },
          false,
          ["verify"],
        );
      })().catch(() => null);
      if (cache.size >= maxEntries) cache.clear();
      cache.set(cacheKey, entry);
    }
    return entry;
  };
}

/** RFC 7638 thumbprint of an EC public key (members in lexicographic order, SHA-256, base64url). */
export async function jwkThumbprint(jwk: { crv: string; kty: string; x: string; y: string }): Promise<string> {
  const canonical = `{"crv":${JSON.stringify(jwk.crv)},"kty":${JSON.stringify(jwk.kty)},"x":${JSON.stringify(jwk.x)},"y":${JSON.stringify(jwk.y)}}`;
  return base64urlEncode(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(canonical))));
}

// ---------------------------------------------------------------- bytes

/** base64url without padding. */
export function base64urlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const SEXTETS = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) SEXTETS[ALPHABET.charCodeAt(i)] = i;

/** base64url → bytes; null unless canonical, so a signed text has one encoding. A table, not atob and
 * a re-encode: three runs per verified token, on the server's hottest path. */
export function base64urlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array((text.length * 3) >> 2);
  let pending = 0; // bits read but not yet written, at most 12
  let count = 0;
  let j = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const sextet = code < 128 ? SEXTETS[code] : -1;
    if (sextet < 0) return null;
    pending = (pending << 6) | sextet;
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes[j++] = pending >> count;
      pending &= (1 << count) - 1;
    }
  }
  return pending === 0 ? bytes : null; // the 2 or 4 spare bits of a short last group must be 0
}

export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** Strict UTF-8, then JSON; undefined when either fails. */
export function parseJson(bytes: Uint8Array): unknown {
  const text = decodeUtf8(bytes);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
