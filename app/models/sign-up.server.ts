// Sign-up (issue #35): the answer is the same whether or not the CPF or e-mail has an account, so the
// route answers first (startSignUp) and the work comes after.
import { confirmEmailMail } from "~/domain/mail/templates";
import { afterAnswer } from "~/utils/after-answer.server";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { hashPassword } from "~/utils/password.server";
import { accountMailAllowed } from "./account-mail-limit.server";
import { assertNotPublished, linkFor, tokenLink } from "./user.server";

type SignUpInput = { cpf: string; name: string; email: string; password: string };

/**
 * With CPF and e-mail free, creates the account unconfirmed and mails the confirmation; otherwise
 * warns their holders (within accountMailAllowed). Routes call startSignUp, which runs it after the answer.
 */
export async function signUp(input: SignUpInput, actor: Actor, now = new Date()): Promise<{ id: string } | null> {
  assertNotPublished(input.password);
  const passwordHash = await hashPassword(input.password);
  const holders = () => db.user.findMany({ where: { OR: [{ cpf: input.cpf }, { email: input.email }] } });
  const taken = await holders();
  if (taken.length) {
    await warnHolders(taken, input, actor, now);
    return null;
  }
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { cpf: input.cpf, name: input.name, email: input.email, password: { create: { hash: passwordHash } } },
      });
      const link = await tokenLink(tx, user, "CONFIRM_EMAIL", now);
      await enqueueMail(tx, user.email, confirmEmailMail(user.name, link));
      await audit(
        tx,
        { ...actor, userId: user.id },
        { action: "user.sign_up", subjectType: "User", subjectId: user.id, after: { name: user.name } },
      );
      return user;
    });
  } catch (e) {
    // Another sign-up took the CPF or the e-mail meanwhile: the same as finding it taken.
    const takenMeanwhile = await holders();
    if (!takenMeanwhile.length) throw e;
    await warnHolders(takenMeanwhile, input, actor, now);
    return null;
  }
}

/** Starts a sign-up after the answer (see afterAnswer): the answer cannot tell what it found. */
export function startSignUp(input: SignUpInput, actor: Actor): void {
  afterAnswer("Cadastro", () => signUp(input, actor));
}

/** Tells each account whose CPF or e-mail a sign-up used that someone tried (no account was created). */
async function warnHolders(
  holders: { id: string; name: string; email: string; cpf: string; disabledAt: Date | null }[],
  input: SignUpInput,
  actor: Actor,
  now: Date,
) {
  for (const holder of holders) {
    if (holder.disabledAt || !(await accountMailAllowed("cadastro", holder.id, now))) continue;
    const matched = [holder.cpf === input.cpf ? "o CPF" : null, holder.email === input.email ? "o e-mail" : null]
      .filter(Boolean)
      .join(" e ");
    await db.$transaction(async (tx) => {
      await enqueueMail(tx, holder.email, {
        subject: "Tentativa de cadastro com os seus dados — Portal de Credenciamento",
        text: `Olá, ${holder.name}.\n\nAlguém tentou criar uma conta no Portal de Credenciamento com ${matched} da sua conta${holder.email === input.email ? "" : " e outro e-mail"}. Nenhuma conta nova foi criada.\n\nSe foi você, você já tem conta: entre em ${linkFor("/entrar")} ou, se esqueceu a senha, peça uma nova em ${linkFor("/senha/esqueci")}.\n\nSe não foi você, não precisa fazer nada: sua conta não mudou.`,
      });
      await audit(
        tx,
        { ...actor, userId: null },
        {
          action: "user.sign_up_taken",
          subjectType: "User",
          subjectId: holder.id,
          after: { cpf: holder.cpf === input.cpf, email: holder.email === input.email },
        },
      );
    });
  }
}
