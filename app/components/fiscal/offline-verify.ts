/**
 * Verifying a QR token offline with the server's checks (jws-checks.ts), cached JWKS and status
 * list (ADR 007). The JWKS does not say whose a key is, so only the municipality's kids confirm.
 */
import { type CredentialClaims, fromWire } from "~/credentials/claims";
import { parseJson, type VerificationKey, verifyEs256Jws } from "~/credentials/jws-checks";
import { type StatusListResult, statusOf } from "~/credentials/status-list";
import { judgeCredential } from "~/domain/credentials/status";
import { civilDate } from "~/domain/time";

/** The credential token's header type (token.ts TOKEN_TYP); a unit test keeps them equal. */
export const CREDENTIAL_TYP = "cred+jws";
const CREDENTIAL_MAX_LENGTH = 1024;

export type OfflineVerdict = "VALID" | "EXPIRED" | "SUSPENDED" | "REVOKED" | "INVALID" | "UNCONFIRMED";

export interface PublishedKey {
  kid?: string;
  kty: string;
  crv?: string;
  x?: string;
  y?: string;
  alg?: string;
}

export interface OfflineTrust {
  /** The cached /.well-known/jwks.json. */
  jwks: { keys: PublishedKey[] } | null;
  /** The fiscal's municipality (IBGE) and its keys as the scanner page last saw them. */
  municipality: { ibge: string; keys: ReadonlyArray<{ kid: string; status: string }> };
  /** The last verified status list (possibly stale), or null when none is cached. */
  statusList: StatusListResult | null;
  /** The municipality's IANA zone (Municipality.timeZone): `vf`/`vu` are its civil dates. */
  timeZone: string;
}

export interface OfflineResult {
  verdict: OfflineVerdict;
  /** Stable snake_case, as the server's reasons. */
  reason: string;
  claims?: CredentialClaims;
  /** Whether a status list of the municipality was consulted, and how fresh it was. */
  statusList: { issuedAt: number; expiresAt: number; stale: boolean } | null;
}

/** The key the verifier may use for a kid: published in the JWKS and bound to the municipality. */
export function resolverFor(trust: Pick<OfflineTrust, "jwks" | "municipality">) {
  return (kid: string): VerificationKey | null => {
    const own = trust.municipality.keys.find((k) => k.kid === kid);
    if (own?.status === "REVOKED") return { key: { kty: "EC" }, issuer: trust.municipality.ibge, status: "REVOKED" };
    const published = trust.jwks?.keys.find((k) => k.kid === kid);
    if (!published) return null;
    // Another municipality's key (or a newer one) verifies the signature but cannot vouch for the issuer.
    return { key: published, issuer: own ? trust.municipality.ibge : "", status: own?.status ?? "ACTIVE" };
  };
}

export async function verifyOffline(token: string, trust: OfflineTrust, now: Date): Promise<OfflineResult> {
  const resolveKey = resolverFor(trust);
  const checked = await verifyEs256Jws(token, { typ: CREDENTIAL_TYP, resolveKey, maxLength: CREDENTIAL_MAX_LENGTH });
  if (!checked.ok) {
    // An unknown kid may be a key published after the page was cached: not a verdict offline.
    const verdict =
      checked.reason === "unknown_kid" || checked.reason === "key_unavailable" ? "UNCONFIRMED" : "INVALID";
    return { verdict, reason: checked.reason, statusList: null };
  }
  const claims = fromWire(parseJson(checked.payload));
  if (!claims) return { verdict: "INVALID", reason: "bad_claims", statusList: null };
  // One of our keys signing for another municipality is a forgery; a foreign key, unknown.
  if (checked.key.issuer && checked.key.issuer !== claims.issuer)
    return { verdict: "INVALID", reason: "wrong_issuer", statusList: null };
  if (checked.key.issuer !== claims.issuer)
    return { verdict: "UNCONFIRMED", reason: "other_municipality", claims, statusList: null };

  const list =
    trust.statusList && "list" in trust.statusList && trust.statusList.list.issuer === claims.issuer
      ? trust.statusList.list
      : null;
  const statusList = list ? { issuedAt: list.issuedAt, expiresAt: list.expiresAt, stale: !trust.statusList!.ok } : null;
  const listed = list ? statusOf(list, claims.serial) : null;
  // As judgeCredential, but the status comes from the list and the dates from the token.
  const status = listed === "REVOKED" ? "REVOKED" : listed === "SUSPENDED" ? "SUSPENDED" : "ACTIVE";
  const { verdict, reason } = judgeCredential(
    { status, validFrom: claims.validFrom, validUntil: claims.validUntil },
    civilDate(now, trust.timeZone),
  );
  return { verdict: verdict as OfflineVerdict, reason: reason ?? "ok", claims, statusList };
}
