// A municipality's gov.br policy (ADR 038): minimum levels for drivers and for staff acts, and whether
// staff may use a password. Changing it ends the staff sessions it no longer allows (ADR 053).
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
import { conflict, notFound } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Tx } from "~/utils/db.server";
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
 * Changes the policy (ADR 038, 053) at the stricter of the current and new staff level, so a weak
 * session can neither lower it nor set one it cannot meet. Applies only if unchanged since read:
 * of two gestores saving at once, the second reloads rather than overwrite a raise.
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

/** Guards a staff act at the policy's staff level, inside the act's transaction (ADR 053: signing keys). */
export async function assertStaffActTrust(tx: Tx, municipalityId: string, actor: TrustedActor): Promise<void> {
  const m = await tx.municipality.findUnique({ where: { id: municipalityId }, select: { govbrStaffLevel: true } });
  if (!m) throw notFound("Município não encontrado.");
  assertActorTrustLevel(actor, parseTrustLevel(m.govbrStaffLevel));
}

/** A new role acts at once in open sessions: ends those the staff policy forbids, audited, in the grant's tx. */
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

/** Password sign-in is refused to staff of a municipality that turned staff passwords off (gov.br instead). */
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
