/** The only module that reads private keys (a unit test enforces it); everything else gets a `Signer`. */
import { createPrivateKey, type KeyObject, sign as nodeSign } from "node:crypto";
import { normalizeLowS } from "./ecdsa";
import {
  decryptPrivateKey,
  encryptPrivateKey,
  isLegacyEncryptedKey,
  type IssuerPrivateJwk,
  type KeyStatus,
  thumbprintOf,
} from "./keys";
import type { Signer } from "./token";

interface StoredIssuerKey {
  kid: string;
  /** The `v2.<iv>.<ct>.<tag>` blob from keys.generateIssuerKey (or a legacy `v1.` one). */
  encryptedPrivateKey: string;
  /** When given, only an ACTIVE key may sign. */
  status?: KeyStatus;
}

/** Decrypts a stored key once and returns a Signer holding it in memory. */
export async function createSigner(stored: StoredIssuerKey, masterKey: Uint8Array): Promise<Signer> {
  if (stored.status !== undefined && stored.status !== "ACTIVE") {
    throw new Error(`key ${stored.kid} is ${stored.status}: only an ACTIVE key signs`);
  }
  const jwk = decryptPrivateKey(stored.encryptedPrivateKey, masterKey, stored.kid);
  return createSignerFromJwk(jwk, stored.kid);
}

/** A v1 blob re-encrypted as v2 (null when already current); the clear key never leaves this module. */
export function reencryptPrivateKey(
  stored: Pick<StoredIssuerKey, "kid" | "encryptedPrivateKey">,
  masterKey: Uint8Array,
): string | null {
  if (!isLegacyEncryptedKey(stored.encryptedPrivateKey)) return null;
  const jwk = decryptPrivateKey(stored.encryptedPrivateKey, masterKey, stored.kid);
  return encryptPrivateKey(jwk, masterKey, stored.kid);
}

/** Signer from a clear private JWK, for tests and fixtures; production keys go through `createSigner`. */
export async function createSignerFromJwk(jwk: IssuerPrivateJwk, expectedKid?: string): Promise<Signer> {
  const kid = await thumbprintOf(jwk);
  if (expectedKid !== undefined && kid !== expectedKid) {
    throw new Error("private key does not match its kid");
  }
  const keyObject: KeyObject = createPrivateKey({
    key: { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, d: jwk.d },
    format: "jwk",
  });
  return Object.freeze({
    kid,
    async sign(signingInput: Uint8Array): Promise<Uint8Array> {
      // ieee-p1363 = raw r||s as JWS wants; then the low-S form (see ecdsa.ts).
      const raw = nodeSign("sha256", signingInput, { key: keyObject, dsaEncoding: "ieee-p1363" });
      return normalizeLowS(raw);
    },
  });
}
