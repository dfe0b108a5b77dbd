// The credential lifecycle. ACTIVE is the only status in which a credential verifies VÁLIDO
// (and only between validFrom and validUntil); the others map one-to-one to verdicts.

export const CREDENTIAL_STATUSES = ["ACTIVE", "SUSPENDED", "REVOKED", "SUPERSEDED", "EXPIRED"] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

export type CredentialAction = "suspend" | "reinstate" | "revoke" | "supersede" | "expire";

const TRANSITIONS: Record<CredentialAction, { from: readonly CredentialStatus[]; to: CredentialStatus }> = {
  suspend: { from: ["ACTIVE"], to: "SUSPENDED" },
  reinstate: { from: ["SUSPENDED"], to: "ACTIVE" },
  // Cassação ends a credential for good, whatever it was doing.
  revoke: { from: ["ACTIVE", "SUSPENDED"], to: "REVOKED" },
  supersede: { from: ["ACTIVE", "SUSPENDED"], to: "SUPERSEDED" },
  expire: { from: ["ACTIVE"], to: "EXPIRED" },
};

export function credentialTransition(from: CredentialStatus, action: CredentialAction): CredentialStatus | null {
  const t = TRANSITIONS[action];
  return t.from.includes(from) ? t.to : null;
}

export type Verdict = "VALID" | "EXPIRED" | "SUSPENDED" | "REVOKED" | "SUPERSEDED" | "INVALID";

/** A validity window: inclusive civil dates (YYYY-MM-DD) in the issuing municipality's zone. */
export type ValidityWindow = { validFrom: string; validUntil: string };

/** Stable snake_case reasons of a genuine credential's verdict (api.md: present unless VALID). */
type VerdictReason = "expired" | "suspended" | "revoked" | "superseded" | "not_yet_valid";

/**
 * The verdict for a genuine credential on the municipality's civil day. Record and signed token
 * dates both count, the stricter winning (ADR 002); before its first day: INVALID, not_yet_valid
 * (api.md has no verdict for it).
 */
export function judgeCredential(
  c: { status: CredentialStatus } & ValidityWindow,
  today: string,
  signed?: ValidityWindow | null,
): { verdict: Verdict; reason: VerdictReason | null } {
  const windows = signed ? [c, signed] : [c];
  if (c.status === "REVOKED") return { verdict: "REVOKED", reason: "revoked" };
  if (c.status === "SUPERSEDED") return { verdict: "SUPERSEDED", reason: "superseded" };
  if (c.status === "SUSPENDED") return { verdict: "SUSPENDED", reason: "suspended" };
  if (c.status === "EXPIRED" || windows.some((w) => today > w.validUntil))
    return { verdict: "EXPIRED", reason: "expired" };
  if (windows.some((w) => today < w.validFrom)) return { verdict: "INVALID", reason: "not_yet_valid" };
  return { verdict: "VALID", reason: null };
}

/** The verdict alone (see judgeCredential). */
export function verdictFor(
  c: { status: CredentialStatus } & ValidityWindow,
  today: string,
  signed?: ValidityWindow | null,
): Verdict {
  return judgeCredential(c, today, signed).verdict;
}

/** Renewable while valid or expired; never suspended, revoked or superseded (ADR 008). */
export function isRenewable(verdict: Verdict): boolean {
  return verdict === "VALID" || verdict === "EXPIRED";
}
