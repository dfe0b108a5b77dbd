// The portal account a gov.br-proven CPF opens (ADR 038, 054): linked to gov.br by its CPF and
// confirmed, with no password. Its e-mail is gov.br's only when gov.br verified it and no other
// account has it; otherwise the person gives one (app/routes/entrar_.govbr.vincular.tsx), stored
// unverified with the confirmation link sent, as a sign-up's is. An unverified provider e-mail is
// never stored without the person giving it: it could be someone else's, and would block them.
import { db, type Tx } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { enqueueMail } from "~/utils/mail.server";
import type { GovbrIdentity } from "~/domain/auth/govbr-identity";
import { confirmEmailMail } from "~/domain/mail/templates";
import { tokenLink } from "./user.server";

/**
 * The provider's e-mail when a new account may take it without asking: gov.br verified it and no
 * other account has it (`except`: the account a claim is about to freeze). An unverified e-mail is
 * never stored as an account's: the person is asked for one (ADR 054).
 */
export async function usableProviderEmail(identity: GovbrIdentity, except: string | null): Promise<string | null> {
  if (!identity.email || !identity.emailVerified) return null;
  const taken = await db.user.findUnique({ where: { email: identity.email }, select: { id: true } });
  return !taken || taken.id === except ? identity.email : null;
}

export type NewAccount = { name: string; email: string; claimedFrom?: string };

/** Opens the account of a gov.br-proven CPF, linked and confirmed; an e-mail gov.br did not verify gets the confirmation link. */
export async function createGovbrAccount(
  tx: Tx,
  identity: GovbrIdentity,
  account: NewAccount,
  actor: Actor,
  now: Date,
) {
  const emailVerified = identity.emailVerified && account.email === identity.email;
  const user = await tx.user.create({
    data: {
      cpf: identity.cpf,
      name: account.name,
      email: account.email,
      emailVerifiedAt: emailVerified ? now : null,
      govbrSubject: identity.cpf,
      cpfConfirmedAt: now,
    },
  });
  if (!emailVerified) {
    const link = await tokenLink(tx, user, "CONFIRM_EMAIL", now);
    await enqueueMail(tx, user.email, confirmEmailMail(user.name, link));
  }
  const after = {
    level: identity.level,
    emailVerified,
    ...(account.claimedFrom ? { claimedFrom: account.claimedFrom } : {}),
  };
  await audit(
    tx,
    { ...actor, userId: user.id },
    { action: "user.sign_up_govbr", subjectType: "User", subjectId: user.id, after },
  );
  return user;
}
