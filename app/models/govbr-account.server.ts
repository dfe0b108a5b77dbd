// The account a gov.br-proven CPF opens (ADR 038, 054): linked, confirmed, no password. An unverified
// provider e-mail is never stored unless the person gives it: it could be someone else's and block them.
import type { GovbrIdentity } from "~/domain/auth/govbr-identity";
import { confirmEmailMail } from "~/domain/mail/templates";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Tx } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { tokenLink } from "./user.server";

/** gov.br's e-mail if verified and free (`except`: the account a claim is about to freeze); else null (ADR 054). */
export async function usableProviderEmail(identity: GovbrIdentity, except: string | null): Promise<string | null> {
  if (!identity.email || !identity.emailVerified) return null;
  const taken = await db.user.findUnique({ where: { email: identity.email }, select: { id: true } });
  return !taken || taken.id === except ? identity.email : null;
}

type NewAccount = { name: string; email: string; claimedFrom?: string };

/** Opens the account of a gov.br-proven CPF; an e-mail gov.br did not verify gets the confirmation link. */
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
