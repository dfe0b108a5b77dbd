// A municipality's gov.br policy (ADR 038), set by its gestor on /m/<slug>/govbr: the minimum
// reliability level for drivers to submit and for staff to approve, suspend or revoke (null:
// none), and whether its staff may still sign in with a portal password.
import { notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { STAFF_ROLES } from "~/domain/auth/permissions";
import { parseTrustLevel, type TrustLevel } from "~/domain/auth/trust-level";

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

export async function setGovbrPolicy(municipalityId: string, policy: GovbrPolicy, actor: Actor): Promise<GovbrPolicy> {
  return db.$transaction(async (tx) => {
    const before = await tx.municipality.findUnique({ where: { id: municipalityId }, select: SELECT });
    if (!before) throw notFound("Município não encontrado.");
    await tx.municipality.update({ where: { id: municipalityId }, data: policy });
    await audit(tx, actor, {
      action: "municipality.govbr_policy",
      subjectType: "Municipality",
      subjectId: municipalityId,
      municipalityId,
      before,
      after: policy,
    });
    return policy;
  });
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
