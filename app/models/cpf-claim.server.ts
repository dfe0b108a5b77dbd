// A CPF proven through gov.br wins over an account that only typed it (ADR 054). When the holder
// of a CPF signs in with gov.br and says the portal account with that CPF is not theirs, that
// account loses the CPF and is frozen for review, inside the transaction that opens the holder's
// own, new account: nothing of it — applications, documents, bonds, credentials, name, e-mail —
// moves to the holder, and nothing of the holder's reaches it. Staff see the frozen account's
// records marked "CPF contestado" (app/domain/auth/cpf-standing.ts) and the audit event in every
// municipality where it has records.
import type { Tx } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { contestedCpf } from "~/domain/auth/cpf-standing";
import type { TrustLevel } from "~/domain/auth/trust-level";

export type ContestedAccount = { id: string; cpf: string };

/**
 * Takes the CPF away from `account` and freezes it: its CPF and its person's become the contested
 * mark, the bonds it accepted under that CPF follow it (an operator's invitations still waiting
 * for the CPF stay with the CPF), it is disabled, its sessions end and its e-mailed links stop
 * working. Returns the municipalities where it has records (for their audit trails).
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

/**
 * The audit of a claim: `user.cpf_contested` on the frozen account, once for the platform and
 * once in each municipality where it has records, naming the holder's new account and the gov.br
 * level that proved the CPF. The CPF itself is not written (the holder's account carries it).
 */
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
