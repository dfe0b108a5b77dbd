/** The status list (ADR 007): a signed, compressed snapshot of a municipality's suspended and
 * revoked serials, so a fiscal's phone can check a credential with no signal. Isomorphic on
 * purpose (no Buffer, no jose): the browser runs this same verifier offline. */
import { normalizeLowS } from "./ecdsa";
import {
  base64urlDecode,
  base64urlEncode,
  ES256,
  isPlainObject,
  JWS_FAILURES,
  type JwsOptions,
  parseJson,
  verifyEs256Jws,
} from "./jws-checks";
import type { Signer } from "./token";

// The compact JWS checks live in jws-checks.ts; re-exported here for the modules that import them from this one.
export {
  base64urlDecode,
  base64urlEncode,
  decodeUtf8,
  ES256,
  jwkThumbprint,
  JWS_FAILURES,
  type JwsFailure,
  type JwsOptions,
  type JwsResult,
  type VerificationKey,
  verifyEs256Jws,
} from "./jws-checks";

export const STATUS_LIST_TYP = "statuslist+jws";
/** Longest status list accepted before parsing (characters of the compact JWS). */
const STATUS_LIST_MAX_LENGTH = 4_000_000;
/** Refuse to inflate beyond this: a small `s` must not expand into a memory bomb. */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;
/** An issue time this far in the future is tolerated (clocks of phones drift). */
const CLOCK_SKEW_SECONDS = 300;
/** The longest time-to-live a list may claim: a week-old snapshot is no longer a status. */
const MAX_TTL_SECONDS = 7 * 86_400;

interface StatusList {
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

// ---------------------------------------------------------------- signing

const encoder = new TextEncoder();

/** Signs `{header}.{payload}` with the signer (raw r||s, low-S), returning the compact JWS. */
export async function signEs256Jws(typ: string, payload: unknown, signer: Signer): Promise<string> {
  const header = { alg: ES256, kid: signer.kid, typ };
  const signingInput = `${base64urlEncode(encoder.encode(JSON.stringify(header)))}.${base64urlEncode(encoder.encode(JSON.stringify(payload)))}`;
  const raw = await signer.sign(encoder.encode(signingInput));
  return `${signingInput}.${base64urlEncode(normalizeLowS(raw))}`;
}

// ---------------------------------------------------------------- the status list itself

interface StatusListInput {
  issuer: string;
  suspended: readonly string[];
  revoked: readonly string[];
  now: Date;
  ttlSeconds: number;
}

/** Builds and signs a status list; the serials are de-duplicated and sorted (same input, same payload). */
export async function signStatusList(input: StatusListInput, signer: Signer): Promise<string> {
  if (!IBGE.test(input.issuer)) throw new Error("issuer must be an IBGE code");
  if (!Number.isInteger(input.ttlSeconds) || input.ttlSeconds <= 0 || input.ttlSeconds > MAX_TTL_SECONDS)
    throw new Error("ttl out of range");
  const iat = Math.floor(input.now.getTime() / 1000);
  const body = JSON.stringify({ suspended: sortedUnique(input.suspended), revoked: sortedUnique(input.revoked) });
  const s = base64urlEncode(await deflateRaw(encoder.encode(body)));
  return signEs256Jws(
    STATUS_LIST_TYP,
    { iss: input.issuer, iat, ttl: input.ttlSeconds, exp: iat + input.ttlSeconds, s },
    signer,
  );
}

export const STATUS_LIST_FAILURES = [
  ...JWS_FAILURES,
  "bad_payload",
  "wrong_issuer",
  "not_yet_valid",
  "expired",
] as const;
type StatusListFailure = (typeof STATUS_LIST_FAILURES)[number];

export type StatusListResult =
  | { ok: true; list: StatusList; kid: string }
  /** Genuine but stale: the caller may still show it, saying how old it is. */
  | { ok: false; reason: "expired"; list: StatusList; kid: string }
  | { ok: false; reason: Exclude<StatusListFailure, "expired"> };

interface StatusListVerifyOptions {
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
  const checked = await verifyEs256Jws(jws, {
    typ: STATUS_LIST_TYP,
    resolveKey: options.resolveKey,
    maxLength: options.maxLength ?? STATUS_LIST_MAX_LENGTH,
  });
  if (!checked.ok) return checked;
  const payload = parseJson(checked.payload);
  if (
    !isPlainObject(payload) ||
    Object.keys(payload).length !== PAYLOAD_MEMBERS.length ||
    !PAYLOAD_MEMBERS.every((k) => k in payload)
  ) {
    return { ok: false, reason: "bad_payload" };
  }
  const { iss, iat, ttl, exp, s } = payload;
  if (
    typeof iss !== "string" ||
    !IBGE.test(iss) ||
    !isSeconds(iat) ||
    !isSeconds(ttl) ||
    ttl <= 0 ||
    ttl > MAX_TTL_SECONDS ||
    exp !== iat + ttl ||
    typeof s !== "string"
  ) {
    return { ok: false, reason: "bad_payload" };
  }
  if (checked.key.issuer !== undefined && checked.key.issuer !== iss) return { ok: false, reason: "wrong_issuer" };
  if (options.expectedIssuer !== undefined && options.expectedIssuer !== iss)
    return { ok: false, reason: "wrong_issuer" };

  const compressed = base64urlDecode(s);
  const inflated = compressed && (await inflateRaw(compressed, MAX_INFLATED_BYTES).catch(() => null));
  const lists = inflated && parseJson(inflated);
  if (
    !isPlainObject(lists) ||
    Object.keys(lists).length !== 2 ||
    !isSerialList(lists.suspended) ||
    !isSerialList(lists.revoked)
  ) {
    return { ok: false, reason: "bad_payload" };
  }
  const list: StatusList = {
    issuer: iss,
    issuedAt: iat,
    ttl,
    expiresAt: exp,
    suspended: lists.suspended,
    revoked: lists.revoked,
  };
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: "not_yet_valid" };
  if (nowSeconds >= exp) return { ok: false, reason: "expired", list, kid: checked.kid };
  return { ok: true, list, kid: checked.kid };
}

/** What the list says about one serial. */
export function statusOf(
  list: Pick<StatusList, "suspended" | "revoked">,
  serial: string,
): "SUSPENDED" | "REVOKED" | null {
  if (list.revoked.includes(serial)) return "REVOKED";
  if (list.suspended.includes(serial)) return "SUSPENDED";
  return null;
}

// ---------------------------------------------------------------- bytes

export function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  return readAll(bytes, new CompressionStream("deflate-raw"), Infinity);
}

/** Inflates, giving up (throwing) as soon as the output passes `limit` bytes. */
export function inflateRaw(bytes: Uint8Array, limit: number): Promise<Uint8Array> {
  return readAll(bytes, new DecompressionStream("deflate-raw"), limit);
}

/** The bytes passed through a (de)compression stream, read whole unless they pass `limit`. */
async function readAll(bytes: Uint8Array, through: CompressionStream, limit: number): Promise<Uint8Array> {
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(through).getReader();
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

function isSeconds(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isSerialList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string" && SERIAL.test(v));
}

function sortedUnique(serials: readonly string[]): string[] {
  return [...new Set(serials)].sort();
}
