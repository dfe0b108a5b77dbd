/**
 * Issuer signing keys: generation, the published (public) form, and the
 * encryption of the private half at rest.
 *
 * Only `signer.server.ts` may call `decryptPrivateKey` (a unit test enforces
 * it): every other module works with the public JWK or with a `Signer`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
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

export interface GeneratedIssuerKey {
  kid: string;
  publicJwk: IssuerPublicJwk;
  /** `v1.<iv>.<ciphertext>.<tag>` — safe to store in the database. */
  encryptedPrivateKey: string;
}

const B64URL_32 = /^[A-Za-z0-9_-]{43}$/;

/** RFC 7638 thumbprint (SHA-256, base64url) of an EC public key: the `kid`. */
export async function thumbprintOf(jwk: { kty: string; crv: string; x: string; y: string }): Promise<string> {
  return calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, "sha256");
}

/** Public JWK with `kid` = thumbprint, `use: "sig"`, `alg: "ES256"`; accepts a private JWK too (drops `d`). */
export async function toPublicJwk(jwk: { kty?: string; crv?: string; x?: string; y?: string }): Promise<IssuerPublicJwk> {
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.x || !jwk.y || !B64URL_32.test(jwk.x) || !B64URL_32.test(jwk.y)) {
    throw new Error("issuer key must be an EC P-256 JWK");
  }
  const kid = await thumbprintOf({ kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y });
  return { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, kid, use: "sig", alg: "ES256" };
}

/**
 * Generates a new issuer key and returns it already encrypted under the master
 * key (AAD = kid), so the clear private key never leaves this function.
 */
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

/** Builds the JWKS document: ACTIVE and RETIRED keys stay published (old credentials must still verify offline); REVOKED keys are withdrawn. */
export function buildJwks(keys: ReadonlyArray<{ publicJwk: IssuerPublicJwk; status: KeyStatus }>): { keys: IssuerPublicJwk[] } {
  return { keys: keys.filter((k) => k.status !== "REVOKED").map((k) => ({ ...k.publicJwk })) };
}

// ---------------------------------------------------------------------------
// Private key encryption at rest: AES-256-GCM, random 96-bit IV, AAD binds the
// blob to its kid (a blob copied onto another key row does not decrypt).

const FORMAT_VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function assertMasterKey(masterKey: Uint8Array): void {
  if (!(masterKey instanceof Uint8Array) || masterKey.length !== 32) {
    throw new Error("master key must be 32 bytes");
  }
}

function aadBytes(aad: string): Buffer {
  // The format version is part of the AAD so a blob cannot be replayed under another format.
  return Buffer.from(`${FORMAT_VERSION}.${aad}`, "utf8");
}

export function encryptPrivateKey(privateJwk: IssuerPrivateJwk, masterKey: Uint8Array, aad: string): string {
  assertMasterKey(masterKey);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", masterKey, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aadBytes(aad));
  const clear = Buffer.from(
    JSON.stringify({ kty: privateJwk.kty, crv: privateJwk.crv, x: privateJwk.x, y: privateJwk.y, d: privateJwk.d }),
    "utf8",
  );
  const ct = Buffer.concat([cipher.update(clear), cipher.final()]);
  clear.fill(0);
  const tag = cipher.getAuthTag();
  return [FORMAT_VERSION, iv.toString("base64url"), ct.toString("base64url"), tag.toString("base64url")].join(".");
}

/** Throws on a wrong master key, a changed AAD or any tampering (GCM tag mismatch). */
export function decryptPrivateKey(blob: string, masterKey: Uint8Array, aad: string): IssuerPrivateJwk {
  assertMasterKey(masterKey);
  const parts = typeof blob === "string" ? blob.split(".") : [];
  if (parts.length !== 4 || parts[0] !== FORMAT_VERSION) throw new Error("unsupported encrypted key format");
  const [, ivB64, ctB64, tagB64] = parts;
  const iv = Buffer.from(ivB64, "base64url");
  const ct = Buffer.from(ctB64, "base64url");
  const tag = Buffer.from(tagB64, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES || ct.length === 0) throw new Error("corrupt encrypted key");
  const decipher = createDecipheriv("aes-256-gcm", masterKey, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(aadBytes(aad));
  decipher.setAuthTag(tag);
  let clear: Buffer;
  try {
    clear = Buffer.concat([decipher.update(ct), decipher.final()]);
  } catch {
    throw new Error("encrypted key failed authentication (wrong master key, wrong kid or tampered blob)");
  }
  const jwk = JSON.parse(clear.toString("utf8")) as IssuerPrivateJwk;
  clear.fill(0);
  if (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.d || !jwk.x || !jwk.y) throw new Error("decrypted key is not an EC P-256 private JWK");
  return jwk;
}

/**
 * Parses the master key from configuration (standard or URL-safe base64, with or
 * without padding). Exactly 32 bytes, and the text must be the canonical
 * encoding of those bytes — a typo never silently becomes another key.
 */
export function parseMasterKey(base64: string): Uint8Array {
  const text = typeof base64 === "string" ? base64.trim() : "";
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new Error("master key must be base64 (32 bytes)");
  const urlSafe = text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const bytes = Buffer.from(urlSafe, "base64url");
  if (bytes.length !== 32) throw new Error(`master key must decode to 32 bytes, got ${bytes.length}`);
  if (bytes.toString("base64url") !== urlSafe) throw new Error("master key is not canonical base64");
  return new Uint8Array(bytes);
}
