// Accounts: sign-up, sign-in with throttling, e-mail confirmation and password reset.
import type { Grant, Role } from "~/domain/auth/permissions";
import { parseTrustLevel, type TrustLevel } from "~/domain/auth/trust-level";
import { isValidCpf, normalizeCpf } from "~/domain/br";
import { confirmEmailMail, passwordResetMail } from "~/domain/mail/templates";
import { conflict, invalid } from "~/domain/refusal";
import { publishedPasswordProblem } from "~/forms/account";
import { afterAnswer } from "~/utils/after-answer.server";
import { type Actor, audit } from "~/utils/audit.server";
import { randomToken, sha256Hex } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { enqueueMail } from "~/utils/mail.server";
import { dummyHash, hashPassword, verifyPassword } from "~/utils/password.server";
import { consumeLimit, refundLimit, resetLimit } from "~/utils/rate-limit.server";
import { accountMailAllowed } from "./account-mail-limit.server";
import { revokeAllSessions } from "./session.server";

/** The signed-in user with the grants that decide what they may do. */
export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  cpf: string;
  emailVerified: boolean;
  isPlatformAdmin: boolean;
  grants: Grant[];
  sessionId: string;
  /** The gov.br reliability level of this session (ADR 038); null after a password sign-in. */
  govbrLevel?: TrustLevel | null;
  /** When gov.br confirmed the account's CPF (null: typed by the person, never confirmed). */
  cpfConfirmedAt?: Date | null;
};

/** The user a live session belongs to, unless the account is disabled. */
export async function currentUser(
  userId: string,
  sessionId: string,
  govbrLevel: string | null = null,
): Promise<CurrentUser | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    include: { roles: { where: { disabledAt: null } } },
  });
  if (!user || user.disabledAt) return null;
  const grants: Grant[] = [
    { role: "CONDUTOR", municipalityId: null, operatorId: null },
    ...user.roles.map((r) => ({ role: r.role as Role, municipalityId: r.municipalityId, operatorId: r.operatorId })),
  ];
  if (user.isPlatformAdmin) grants.push({ role: "ADMIN", municipalityId: null, operatorId: null });
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    cpf: user.cpf,
    emailVerified: Boolean(user.emailVerifiedAt),
    isPlatformAdmin: user.isPlatformAdmin,
    grants,
    sessionId,
    govbrLevel: parseTrustLevel(govbrLevel),
    cpfConfirmedAt: user.cpfConfirmedAt,
  };
}

const TOKEN_HOURS = { CONFIRM_EMAIL: 48, RESET_PASSWORD: 1, STAFF_INVITE: 48 } as const;
type TokenPurpose = keyof typeof TOKEN_HOURS;

export async function issueToken(
  tx: Parameters<Parameters<typeof db.$transaction>[0]>[0],
  userId: string,
  email: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string> {
  const token = randomToken();
  await tx.userToken.create({
    data: {
      userId,
      email,
      purpose,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + TOKEN_HOURS[purpose] * 3_600_000),
    },
  });
  return token;
}

export const linkFor = (path: string) => `${env().PUBLIC_BASE_URL}${path}`;

/** The tokens that let their holder set the account's password (a reset, a staff invitation). */
const PASSWORD_TOKENS: TokenPurpose[] = ["RESET_PASSWORD", "STAFF_INVITE"];
const TOKEN_PAGES: Record<TokenPurpose, string> = {
  CONFIRM_EMAIL: "/email/confirmar/",
  RESET_PASSWORD: "/senha/redefinir/",
  STAFF_INVITE: "/senha/redefinir/",
};

/** A new one-time token of the purpose, as the link to the page that takes it (for an e-mail). */
export async function tokenLink(
  tx: Parameters<Parameters<typeof db.$transaction>[0]>[0],
  user: { id: string; email: string },
  purpose: TokenPurpose,
  now: Date,
): Promise<string> {
  return linkFor(`${TOKEN_PAGES[purpose]}${await issueToken(tx, user.id, user.email, purpose, now)}`);
}

/** Refuses (400, on the password field) a password published with the portal (issue #35). */
export function assertNotPublished(password: string) {
  const published = publishedPasswordProblem(password);
  if (published) throw invalid(published, "password");
}

/** Sends a new confirmation link to an account that has not confirmed its e-mail (within accountMailAllowed). */
async function resendConfirmation(user: { id: string; name: string; email: string }, now = new Date()) {
  if (!(await accountMailAllowed("confirmacao", user.id, now))) return;
  await db.$transaction(async (tx) => {
    await tx.userToken.updateMany({
      where: { userId: user.id, purpose: "CONFIRM_EMAIL", usedAt: null },
      data: { usedAt: now },
    });
    const link = await tokenLink(tx, user, "CONFIRM_EMAIL", now);
    await enqueueMail(tx, user.email, confirmEmailMail(user.name, link));
  });
}

type SignInResult =
  | { ok: true; userId: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Signs in by CPF or e-mail; an unknown account looks like a wrong password. Attempts are counted
 * before the password is checked, per address and per account id, so parallel guesses cannot exceed the budget.
 */
export async function authenticate(
  login: string,
  password: string,
  clientIp: string,
  now = new Date(),
  /** gov.br has proven the CPF (linking a gov.br sign-in to the account): an unconfirmed e-mail does not matter. */
  opts: { allowUnconfirmedEmail?: boolean } = {},
): Promise<SignInResult> {
  const e = env();
  const trimmed = login.trim().toLowerCase();
  const cpf = normalizeCpf(trimmed);
  const byCpf = !trimmed.includes("@") && isValidCpf(cpf);
  const windowMs = e.LOGIN_WINDOW_MINUTES * 60_000;

  const user = await db.user.findFirst({
    where: byCpf ? { cpf } : { email: trimmed },
    include: { password: true },
  });
  // An unknown login gets a budget of its own, so throttling does not tell which accounts exist.
  const accountKey = user ? `login:conta:${user.id}` : `login:desconhecida:${byCpf ? cpf : trimmed}`;
  const ipKey = `login:ip:${clientIp}`;

  const ip = await consumeLimit(ipKey, e.LOGIN_MAX_ATTEMPTS_IP, windowMs, now);
  const acct = ip.allowed ? await consumeLimit(accountKey, e.LOGIN_MAX_ATTEMPTS_ACCOUNT, windowMs, now) : ip;
  if (!ip.allowed || !acct.allowed) {
    return {
      ok: false,
      reason: "throttled",
      retryAfterSeconds: Math.max(acct.retryAfterSeconds, ip.retryAfterSeconds),
    };
  }

  const usable = user && !user.disabledAt && (!user.demo || e.DEMO_MODE) ? user.password : null;
  const valid = usable
    ? await verifyPassword(usable.hash, password)
    : (await verifyPassword(await dummyHash(), password), false);

  if (!valid || !user) return { ok: false, reason: "invalid" };
  // An unconfirmed account gets the wrong password's answer (issue #35), or signing up then in would
  // tell whether the CPF was free; its owner gets a new confirmation link after the answer.
  if (!user.emailVerifiedAt && !opts.allowUnconfirmedEmail) {
    afterAnswer("Reenvio da confirmação de e-mail", () => resendConfirmation(user));
    return { ok: false, reason: "invalid" };
  }
  // A success clears the account's failures and refunds the address (many people sign in from one office).
  await Promise.all([resetLimit(accountKey), refundLimit(ipKey)]);
  return { ok: true, userId: user.id };
}

/**
 * Mails a new reset link (within accountMailAllowed); none for an unknown or disabled account. Routes
 * call startPasswordReset, after the answer, so its timing does not reveal the account (issue #35).
 */
export async function requestPasswordReset(login: string, actor: Actor, now = new Date()): Promise<void> {
  const trimmed = login.trim().toLowerCase();
  const cpf = normalizeCpf(trimmed);
  const user = await db.user.findFirst({
    where: trimmed.includes("@") ? { email: trimmed } : { cpf },
  });
  if (!user || user.disabledAt) return;
  if (!(await accountMailAllowed("redefinicao", user.id, now))) return;
  await db.$transaction(async (tx) => {
    // Only the newest link works: the ones sent before it stop working now.
    const revoked = await tx.userToken.updateMany({
      where: { userId: user.id, purpose: "RESET_PASSWORD", usedAt: null },
      data: { usedAt: now },
    });
    const link = await tokenLink(tx, user, "RESET_PASSWORD", now);
    await enqueueMail(tx, user.email, passwordResetMail(user.name, link));
    await audit(
      tx,
      { ...actor, userId: user.id },
      {
        action: "user.password_reset_requested",
        subjectType: "User",
        subjectId: user.id,
        after: { earlierLinksRevoked: revoked.count },
      },
    );
  });
}

/** Starts a password reset after the answer (see afterAnswer and requestPasswordReset). */
export function startPasswordReset(login: string, actor: Actor): void {
  afterAnswer("Pedido de redefinição de senha", () => requestPasswordReset(login, actor));
}

/** A usable one-time token of the purpose, or null when unknown, used or expired. */
export async function findLiveToken(token: string, purposes: TokenPurpose[], now = new Date()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await db.userToken.findUnique({ where: { tokenHash: sha256Hex(token) }, include: { user: true } });
  if (!row || row.usedAt || row.expiresAt <= now || !purposes.includes(row.purpose as TokenPurpose) || !row.user)
    return null;
  return row;
}

/** A usable token that sets a password (reset or invitation), with its account, or null. */
export const findPasswordToken = (token: string, now = new Date()) => findLiveToken(token, PASSWORD_TOKENS, now);

export async function resetPassword(token: string, password: string, actor: Actor, now = new Date()): Promise<boolean> {
  assertNotPublished(password);
  const row = await findPasswordToken(token, now);
  if (!row || !row.userId) return false;
  const hash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    const used = await tx.userToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) throw conflict("Link já utilizado.");
    // The password changed: every other link that could set it again stops working.
    const revoked = await tx.userToken.updateMany({
      where: { userId: row.userId!, purpose: { in: PASSWORD_TOKENS }, usedAt: null },
      data: { usedAt: now },
    });
    await tx.password.upsert({
      where: { userId: row.userId! },
      create: { userId: row.userId!, hash },
      update: { hash },
    });
    // Whoever could read the mail proved they own the address.
    await tx.user.update({ where: { id: row.userId! }, data: { emailVerifiedAt: row.user!.emailVerifiedAt ?? now } });
    await audit(
      tx,
      { ...actor, userId: row.userId },
      {
        action: "user.password_reset",
        subjectType: "User",
        subjectId: row.userId!,
        after: { otherLinksRevoked: revoked.count },
      },
    );
  });
  await revokeAllSessions(row.userId, now);
  return true;
}

export async function confirmEmail(token: string, actor: Actor, now = new Date()): Promise<boolean> {
  const row = await findLiveToken(token, ["CONFIRM_EMAIL"], now);
  if (!row || !row.userId || row.user!.email !== row.email) return false;
  await db.$transaction(async (tx) => {
    await tx.userToken.update({ where: { id: row.id }, data: { usedAt: now } });
    await tx.user.update({ where: { id: row.userId! }, data: { emailVerifiedAt: now } });
    await audit(
      tx,
      { ...actor, userId: row.userId },
      { action: "user.email_confirmed", subjectType: "User", subjectId: row.userId! },
    );
  });
  return true;
}
