// A municipality's gov.br policy (ADR 038), set by its gestor on /m/<slug>/govbr: the minimum
// reliability level for drivers to submit and for staff to approve, suspend or revoke, rotate or
// revoke signing keys and change this policy (null: none), and whether its staff may still sign
// in with a portal password. Changing it ends the staff sessions it no longer allows (ADR 053).
import { conflict, notFound } from "~/domain/refusal";
import { db, type Tx } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { STAFF_ROLES } from "~/domain/auth/permissions";
import {
  assertActorTrustLevel,
  parseTrustLevel,
  sessionsEndedByGrant,
  sessionsEndedByPolicyChange,
  stricterLevel,
  type TrustedActor,
  type TrustLevel,
} from "~/domain/auth/trust-level";
import { endSessionsAt } from "./session.server";

export type GovbrPolicy = {
  govbrDriverLevel: TrustLevel | null;
  govbrStaffLevel: TrustLevel | null;
  staffPasswordDisabled: boolean;
};

const SELECT = { govbrDriverLevel: true, govbrStaffLevel: true, staffPasswordDisabled: true } as const;

export async function govbrPolicy(municipalityId: string): Promise<GovbrPolicy> {
  const m = await db.municipality.findUnique({ where: { id: municipalityId }, select: SELECT });
  if (!m) throw notFound("Município não encontrado.");
  return {
    govbrDriverLevel: parseTrustLevel(m.govbrDriverLevel),
    govbrStaffLevel: parseTrustLevel(m.govbrStaffLevel),
    staffPasswordDisabled: m.staffPasswordDisabled,
  };
}

/** The policy of the municipality an application belongs to (the driver's submit). */
export async function govbrPolicyOfApplication(applicationId: string): Promise<GovbrPolicy | null> {
  const a = await db.application.findUnique({ where: { id: applicationId }, select: { municipalityId: true } });
  return a ? govbrPolicy(a.municipalityId) : null;
}

/** The accounts holding an active staff role in the municipality. */
const staffOf = (municipalityId: string) => ({
  roles: { some: { municipalityId, disabledAt: null, role: { in: [...STAFF_ROLES] } } },
});

/** One audit event per account whose sessions a policy change or a grant ended (ADR 053). */
async function auditEnded(
  tx: Tx,
  actor: Actor,
  municipalityId: string,
  ended: Map<string, number>,
  reason: "govbr_policy" | "staff_grant",
) {
  for (const [userId, sessions] of ended) {
    await audit(tx, actor, {
      action: "session.end",
      subjectType: "User",
      subjectId: userId,
      municipalityId,
      after: { sessions, reason },
    });
  }
}

/**
 * Changes the policy (ADR 038, 053). The person changing it must be signed in at the stricter of
 * the current and the new staff level — a password session cannot lower a town's policy, nor set
 * one it could not meet itself; the change applies only if the policy is still the one read (two
 * gestores saving at once: the second is told to reload, never silently overwrites a raise). The
 * staff sessions it no longer allows end with it: password sessions when it turns passwords off,
 * sessions below its staff level when it raises that level.
 */
export async function setGovbrPolicy(
  municipalityId: string,
  policy: GovbrPolicy,
  actor: Actor & TrustedActor,
  now = new Date(),
): Promise<GovbrPolicy> {
  return db.$transaction(async (tx) => {
    const before = await tx.municipality.findUnique({ where: { id: municipalityId }, select: SELECT });
    if (!before) throw notFound("Município não encontrado.");
    assertActorTrustLevel(actor, stricterLevel(parseTrustLevel(before.govbrStaffLevel), policy.govbrStaffLevel));
    const { count } = await tx.municipality.updateMany({ where: { id: municipalityId, ...before }, data: policy });
    if (count !== 1) throw conflict("A política mudou enquanto você editava. Recarregue a página e confira.");
    await audit(tx, actor, {
      action: "municipality.govbr_policy",
      subjectType: "Municipality",
      subjectId: municipalityId,
      municipalityId,
      before,
      after: policy,
    });
    const levels = sessionsEndedByPolicyChange(before, policy);
    const ended = await endSessionsAt(tx, staffOf(municipalityId), levels, now);
    await auditEnded(tx, actor, municipalityId, ended, "govbr_policy");
    return policy;
  });
}

/**
 * The guard of a staff act a municipality protects with its staff level, inside the act's
 * transaction (ADR 053: signing-key rotation and revocation): the level the current policy sets.
 */
export async function assertStaffActTrust(tx: Tx, municipalityId: string, actor: TrustedActor): Promise<void> {
  const m = await tx.municipality.findUnique({ where: { id: municipalityId }, select: { govbrStaffLevel: true } });
  if (!m) throw notFound("Município não encontrado.");
  assertActorTrustLevel(actor, parseTrustLevel(m.govbrStaffLevel));
}

/**
 * A staff role just granted in the municipality would act at once in the grantee's open sessions:
 * ends those its staff policy would not allow (a password session where passwords are off for
 * staff, a session below its staff level), audited. Inside the grant's transaction.
 */
export async function endSessionsRefusedToStaff(
  tx: Tx,
  municipalityId: string,
  userId: string,
  actor: Actor,
  now: Date,
): Promise<number> {
  const policy = await tx.municipality.findUnique({ where: { id: municipalityId }, select: SELECT });
  if (!policy) throw notFound("Município não encontrado.");
  const ended = await endSessionsAt(tx, { id: userId }, sessionsEndedByGrant(policy), now);
  await auditEnded(tx, actor, municipalityId, ended, "staff_grant");
  return ended.get(userId) ?? 0;
}

/**
 * Whether the account may sign in with its portal password: not when it holds a staff role in a
 * municipality that turned passwords off for its staff (it signs in with gov.br instead).
 */
export async function passwordSignInAllowed(userId: string): Promise<boolean> {
  const blocking = await db.roleAssignment.count({
    where: {
      userId,
      disabledAt: null,
      role: { in: [...STAFF_ROLES] },
      municipality: { staffPasswordDisabled: true },
    },
  });
  return blocking === 0;
}
