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

export function credentialEdges(): { action: CredentialAction; from: CredentialStatus; to: CredentialStatus }[] {
  return (Object.keys(TRANSITIONS) as CredentialAction[]).flatMap((action) =>
    TRANSITIONS[action].from.map((from) => ({ action, from, to: TRANSITIONS[action].to })),
  );
}

export type Verdict = "VALID" | "EXPIRED" | "SUSPENDED" | "REVOKED" | "SUPERSEDED" | "INVALID";

/** A validity window: inclusive civil dates (YYYY-MM-DD) in the issuing municipality's zone. */
export type ValidityWindow = { validFrom: string; validUntil: string };

/** Stable snake_case reasons of a genuine credential's verdict (api.md: present unless VALID). */
export type VerdictReason = "expired" | "suspended" | "revoked" | "superseded" | "not_yet_valid";

/**
 * The verdict for a genuine credential (signature already checked) on a date (YYYY-MM-DD, the
 * issuing municipality's civil day), with its reason. The record's status and dates and, when
 * given, the dates signed into the token (`vf`/`vu`) all count: the stricter wins (ADR 002,
 * "Verdict and the token's own dates"). Before its first day a credential is INVALID with reason
 * `not_yet_valid` — api.md has no verdict of its own for it, and it must not be accepted.
 * Order: REVOKED, SUPERSEDED, SUSPENDED, EXPIRED, not yet valid, VALID.
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

/**
 * Whether the holder may start a renewal (ADR 008): from any time while the credential is valid,
 * and after it expired — never while suspended, nor once revoked or superseded. Drivers' badges
 * and companies' certificates follow the same rule.
 */
export function isRenewable(verdict: Verdict): boolean {
  return verdict === "VALID" || verdict === "EXPIRED";
}
