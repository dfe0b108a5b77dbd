// A CPF proven through gov.br wins over an account that only typed it (ADR 054): that account loses
// the CPF and is frozen inside the transaction that opens the holder's new one; nothing moves either
// way. Staff see its records as "CPF contestado" (app/domain/auth/cpf-standing.ts).
import { contestedCpf } from "~/domain/auth/cpf-standing";
import type { TrustLevel } from "~/domain/auth/trust-level";
import { type Actor, audit } from "~/utils/audit.server";
import type { Tx } from "~/utils/db.server";

type ContestedAccount = { id: string; cpf: string };

/**
 * Takes the CPF from `account` and freezes it: contested mark, disabled, sessions and e-mailed links
 * ended; its accepted bonds follow it, pending invitations stay with the CPF. Returns its municipalities.
 */
export async function freezeContestedAccount(tx: Tx, account: ContestedAccount, now: Date): Promise<string[]> {
  const mark = contestedCpf(account.id);
  await tx.user.update({ where: { id: account.id }, data: { cpf: mark, disabledAt: now } });
  const person = await tx.person.findUnique({ where: { userId: account.id }, select: { id: true } });
  const towns = new Set<string>();
  if (person) {
    await tx.person.update({ where: { id: person.id }, data: { cpf: mark } });
    await tx.driverLink.updateMany({
      where: { personId: person.id, invitedCpf: account.cpf },
      data: { invitedCpf: mark },
    });
    const [applications, credentials, links] = await Promise.all([
      tx.application.findMany({ where: { personId: person.id }, select: { municipalityId: true } }),
      tx.credential.findMany({ where: { holderPersonId: person.id }, select: { municipalityId: true } }),
      tx.driverLink.findMany({
        where: { personId: person.id },
        select: { operator: { select: { municipalityId: true } } },
      }),
    ]);
    for (const r of [...applications, ...credentials]) towns.add(r.municipalityId);
    for (const l of links) towns.add(l.operator.municipalityId);
  }
  const roles = await tx.roleAssignment.findMany({
    where: { userId: account.id },
    select: { municipalityId: true, operator: { select: { municipalityId: true } } },
  });
  for (const r of roles) {
    const town = r.municipalityId ?? r.operator?.municipalityId;
    if (town) towns.add(town);
  }
  await tx.session.updateMany({
    where: { userId: account.id, revokedAt: null },
    data: { revokedAt: now, govbrIdToken: null },
  });
  await tx.userToken.updateMany({ where: { userId: account.id, usedAt: null }, data: { usedAt: now } });
  return [...towns].sort();
}

/** Audits a claim for the platform and each of the frozen account's municipalities; the CPF itself is not written. */
export async function auditContestedAccount(
  tx: Tx,
  actor: Actor,
  claim: { frozenId: string; holderId: string; level: TrustLevel; municipalityIds: string[]; at: Date },
): Promise<void> {
  const input = {
    action: "user.cpf_contested",
    subjectType: "User",
    subjectId: claim.frozenId,
    after: { frozen: true, reason: "cpf_proven_by_govbr", claimedBy: claim.holderId, level: claim.level },
    at: claim.at,
  };
  const by = { ...actor, userId: claim.holderId, municipalityId: null };
  await audit(tx, by, input);
  for (const municipalityId of claim.municipalityIds) await audit(tx, by, { ...input, municipalityId });
}
