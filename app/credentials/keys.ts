/** Issuer signing keys: generation, the public form, the private half encrypted at rest. Only
 * `signer.server.ts` may call `decryptPrivateKey` (a unit test enforces it). */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";

/** The public key as published at `/.well-known/jwks.json` (member order is fixed). */
export interface IssuerPublicJwk {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  kid: string;
  use: "sig";
  alg: "ES256";
}

/** A private EC P-256 JWK (public members plus `d`). Never logged, never stored in clear. */
export interface IssuerPrivateJwk {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  d: string;
}

export type KeyStatus = "ACTIVE" | "RETIRED" | "REVOKED";

interface GeneratedIssuerKey {
  kid: string;
  publicJwk: IssuerPublicJwk;
  /** `v2.<iv>.<ciphertext>.<tag>` — safe to store in the database. */
  encryptedPrivateKey: string;
}

const B64URL_32 = /^[A-Za-z0-9_-]{43}$/;

/** RFC 7638 thumbprint (SHA-256, base64url) of an EC public key: the `kid`. */
export async function thumbprintOf(jwk: { kty: string; crv: string; x: string; y: string }): Promise<string> {
  return calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, "sha256");
}

/** Public JWK with `kid` = thumbprint, `use: "sig"`, `alg: "ES256"`; accepts a private JWK too (drops `d`). */
export async function toPublicJwk(jwk: {
  kty?: string;
  crv?: string;
  x?: string;
  y?: string;
}): Promise<IssuerPublicJwk> {
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.x || !jwk.y || !B64URL_32.test(jwk.x) || !B64URL_32.test(jwk.y)) {
    throw new Error("issuer key must be an EC P-256 JWK");
  }
  const kid = await thumbprintOf({ kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y });
  return { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, kid, use: "sig", alg: "ES256" };
}

/** A new issuer key, already encrypted (AAD = kid): the clear private key never leaves this function. */
export async function generateIssuerKey(masterKey: Uint8Array): Promise<GeneratedIssuerKey> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = (await exportJWK(privateKey)) as JWK;
  const privateJwk: IssuerPrivateJwk = { kty: "EC", crv: "P-256", x: jwk.x!, y: jwk.y!, d: jwk.d! };
  const publicJwk = await toPublicJwk(privateJwk);
  return {
    kid: publicJwk.kid,
    publicJwk,
    encryptedPrivateKey: encryptPrivateKey(privateJwk, masterKey, publicJwk.kid),
  };
}

/** The JWKS: ACTIVE and RETIRED keys stay published (old credentials verify offline); REVOKED ones go. */
export function buildJwks(keys: ReadonlyArray<{ publicJwk: IssuerPublicJwk; status: KeyStatus }>): {
  keys: IssuerPublicJwk[];
} {
  return { keys: keys.filter((k) => k.status !== "REVOKED").map((k) => ({ ...k.publicJwk })) };
}

// ---------------------------------------------------------------------------
// One HKDF-SHA-256 sub-key per purpose, never the master key itself: a key leaked from one use (a
// photo-link MAC key in a log) gives nothing for another (the signing keys at rest).

export type KeyPurpose = "signing-keys" | "photo-links" | "serial-check";

const PURPOSE_INFO: Record<KeyPurpose, string> = {
  "signing-keys": "credencia/v1/aes-256-gcm/signing-keys",
  "photo-links": "credencia/v1/hmac-sha256/photo-links",
  "serial-check": "credencia/v1/hmac-sha256/serial-check",
};

/** The 32-byte sub-key of `masterKey` for one purpose (HKDF-SHA-256, no salt, info = purpose label). */
export function deriveSubKey(masterKey: Uint8Array, purpose: KeyPurpose): Uint8Array {
  assertMasterKey(masterKey);
  return new Uint8Array(hkdfSync("sha256", masterKey, new Uint8Array(0), PURPOSE_INFO[purpose], 32));
}

// ---------------------------------------------------------------------------
// Private keys at rest: AES-256-GCM, AAD binding the blob to its kid (copied to another row, it does
// not decrypt). v2 uses the "signing-keys" sub-key; v1 (raw master key) still decrypts and is
// re-encrypted as v2 on first use.

const FORMAT_VERSION = "v2";
const LEGACY_FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function assertMasterKey(masterKey: Uint8Array): void {
  if (!(masterKey instanceof Uint8Array) || masterKey.length !== 32) {
    throw new Error("master key must be 32 bytes");
  }
}

function aadBytes(version: string, aad: string): Buffer {
  // The format version is part of the AAD so a blob cannot be replayed under another format.
  return Buffer.from(`${version}.${aad}`, "utf8");
}

/** The version tag of a stored blob ("v1", "v2", …), or null when it is not one. */
function encryptedKeyFormat(blob: string): string | null {
  const match = typeof blob === "string" ? /^(v\d+)\./.exec(blob) : null;
  return match ? match[1] : null;
}

/** True for a blob written before sub-keys (under the raw master key): re-encrypt it. */
export const isLegacyEncryptedKey = (blob: string) => encryptedKeyFormat(blob) === LEGACY_FORMAT;

export function encryptPrivateKey(privateJwk: IssuerPrivateJwk, masterKey: Uint8Array, aad: string): string {
  assertMasterKey(masterKey);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", deriveSubKey(masterKey, "signing-keys"), iv, {
    authTagLength: TAG_BYTES,
  });
  cipher.setAAD(aadBytes(FORMAT_VERSION, aad));
  const clear = Buffer.from(
    JSON.stringify({ kty: privateJwk.kty, crv: privateJwk.crv, x: privateJwk.x, y: privateJwk.y, d: privateJwk.d }),
    "utf8",
  );
  const ct = Buffer.concat([cipher.update(clear), cipher.final()]);
  clear.fill(0);
  const tag = cipher.getAuthTag();
  return [FORMAT_VERSION, iv.toString("base64url"), ct.toString("base64url"), tag.toString("base64url")].join(".");
}

/** Throws on a wrong master key, a changed AAD or any tampering (GCM tag mismatch). Reads v2 and legacy v1 blobs. */
export function decryptPrivateKey(blob: string, masterKey: Uint8Array, aad: string): IssuerPrivateJwk {
  assertMasterKey(masterKey);
  const parts = typeof blob === "string" ? blob.split(".") : [];
  if (parts.length !== 4 || (parts[0] !== FORMAT_VERSION && parts[0] !== LEGACY_FORMAT))
    throw new Error("unsupported encrypted key format");
  const [version, ivB64, ctB64, tagB64] = parts;
  const iv = Buffer.from(ivB64, "base64url");
  const ct = Buffer.from(ctB64, "base64url");
  const tag = Buffer.from(tagB64, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || ct.length === 0) throw new Error("corrupt encrypted key");
  const key = version === LEGACY_FORMAT ? masterKey : deriveSubKey(masterKey, "signing-keys");
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(aadBytes(version, aad));
  decipher.setAuthTag(tag);
  let clear: Buffer;
  try {
    clear = Buffer.concat([decipher.update(ct), decipher.final()]);
  } catch {
    throw new Error("encrypted key failed authentication (wrong master key, wrong kid or tampered blob)");
  }
  const jwk = JSON.parse(clear.toString("utf8")) as IssuerPrivateJwk;
  clear.fill(0);
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.d || !jwk.x || !jwk.y)
    throw new Error("decrypted key is not an EC P-256 private JWK");
  return jwk;
}

/** The master key from configuration (any base64): exactly 32 bytes, canonically encoded, so a typo
 * never silently becomes another key. */
export function parseMasterKey(base64: string): Uint8Array {
  const text = typeof base64 === "string" ? base64.trim() : "";
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new Error("master key must be base64 (32 bytes)");
  const urlSafe = text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const bytes = Buffer.from(urlSafe, "base64url");
  if (bytes.length !== 32) throw new Error(`master key must decode to 32 bytes, got ${bytes.length}`);
  if (bytes.toString("base64url") !== urlSafe) throw new Error("master key is not canonical base64");
  return new Uint8Array(bytes);
}
