/** Loads the committed credential vectors (tests/fixtures/credentials) and builds a key resolver from them. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CredentialClaims } from "~/credentials/claims";
import type { IssuerPrivateJwk, IssuerPublicJwk, KeyStatus } from "~/credentials/keys";
import type { ResolvedKey, VerifyOptions } from "~/credentials/token";

const dir = new URL("../../fixtures/credentials/", import.meta.url);
const json = (name: string) => JSON.parse(readFileSync(fileURLToPath(new URL(name, dir)), "utf8"));

export interface ValidVector {
  name: string;
  key: string;
  claims: CredentialClaims;
  wire: Record<string, unknown>;
  token: string;
  signingInput: string;
  qrText: string;
  qrVersionEcM: number;
}

export const vectors = json("vectors.json") as {
  now: string;
  timeZone: string;
  baseUrl: string;
  typ: string;
  keys: Array<{ name: string; status: KeyStatus; issuer: string; publicJwk: IssuerPublicJwk }>;
  valid: ValidVector[];
};
export const negative = json("negative.json").negative as Array<{
  name: string;
  defect: string;
  token: string;
  reason: string;
  options?: Partial<VerifyOptions>;
}>;
export const testOnlyKeys = json("test-only-keys.json").keys as Record<string, IssuerPrivateJwk>;
export const photoJpeg = new Uint8Array(readFileSync(fileURLToPath(new URL("photo.jpg", dir))));

export const now = new Date(vectors.now);

export function resolverFor(overrides: Partial<Record<string, KeyStatus>> = {}) {
  return (kid: string): ResolvedKey | null => {
    const k = vectors.keys.find((key) => key.publicJwk.kid === kid);
    if (!k) return null;
    return { key: k.publicJwk, issuer: k.issuer, status: overrides[k.name] ?? k.status, timeZone: vectors.timeZone };
  };
}

export function verifyOptions(extra: Partial<VerifyOptions> = {}): VerifyOptions {
  return { resolveKey: resolverFor(), now, ...extra };
}
