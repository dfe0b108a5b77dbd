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

/** The verdict for a genuine credential (signature already checked) on a date (YYYY-MM-DD). */
export function verdictFor(c: { status: CredentialStatus; validFrom: string; validUntil: string }, today: string): Verdict {
  if (c.status === "REVOKED") return "REVOKED";
  if (c.status === "SUPERSEDED") return "SUPERSEDED";
  if (c.status === "SUSPENDED") return "SUSPENDED";
  if (c.status === "EXPIRED" || today > c.validUntil) return "EXPIRED";
  if (today < c.validFrom) return "INVALID";
  return "VALID";
}

/**
 * Whether the holder may start a renewal (ADR 008): from any time while the credential is valid,
 * and after it expired — never while suspended, nor once revoked or superseded. Drivers' badges
 * and companies' certificates follow the same rule.
 */
export function isRenewable(verdict: Verdict): boolean {
  return verdict === "VALID" || verdict === "EXPIRED";
}
