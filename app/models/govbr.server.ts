// Sign-in with gov.br (ADR 038), as stored: the attempt in flight (one-time, bound to the
// browser's `govbr` cookie by the sha256 of its token), and what a verified identity does to the
// accounts — signs in the account it is linked to, waits for the password of an account with the
// same CPF that is not linked yet, or opens a new account. Nothing is created, linked or signed in
// before the provider's answer has been verified (app/utils/oidc.server.ts).
import { conflict, forbidden, invalid } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { sha256Hex } from "~/utils/crypto.server";
import { parseTrustLevel, type TrustLevel } from "~/domain/auth/trust-level";
import type { GovbrIdentity } from "~/domain/auth/govbr-identity";
import { authenticate } from "./user.server";
import { revokeGovbrSessions, type GovbrSignIn } from "./session.server";

const ATTEMPT_MINUTES = 10;
const LINK_MINUTES = 15;

export type GovbrAttempt = {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string | null;
  requiredLevel: TrustLevel | null;
};

export async function startGovbrLogin(token: string, attempt: GovbrAttempt, now = new Date()): Promise<void> {
  await db.govbrLogin.create({
    data: {
      tokenHash: sha256Hex(token),
      ...attempt,
      expiresAt: new Date(now.getTime() + ATTEMPT_MINUTES * 60_000),
      createdAt: now,
    },
  });
}

/** The attempt the cookie's token names, used up now; null when unknown, used or expired (a replay). */
export async function consumeGovbrLogin(token: string, now = new Date()): Promise<GovbrAttempt | null> {
  const tokenHash = sha256Hex(token);
  const used = await db.govbrLogin.updateMany({
    where: { tokenHash, stage: "AUTH", usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (used.count !== 1) return null;
  const row = await db.govbrLogin.findUniqueOrThrow({ where: { tokenHash } });
  return { ...row, requiredLevel: parseTrustLevel(row.requiredLevel) };
}

export type GovbrOutcome =
  { kind: "signed-in"; userId: string; created: boolean } | { kind: "link"; name: string; emailHint: string };

const hideEmail = (email: string) => email.replace(/^(.).*(@.*)$/, "$1•••$2");

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/** The audit entry of an account's gov.br event (created, linked): who, which, at which level. */
const auditGovbr = (tx: Tx, actor: Actor, userId: string, action: string, level: TrustLevel) =>
  audit(tx, { ...actor, userId }, { action, subjectType: "User", subjectId: userId, after: { level } });

/** What the verified identity does to the accounts (see the file's head). */
export async function signInWithGovbr(identity: GovbrIdentity, actor: Actor, now = new Date()): Promise<GovbrOutcome> {
  const linked = await db.user.findUnique({ where: { govbrSubject: identity.cpf } });
  const user = linked ?? (await db.user.findUnique({ where: { cpf: identity.cpf } }));
  if (user?.disabledAt) throw forbidden("Esta conta está desativada. Procure a prefeitura.");
  if (user && linked) {
    if (!user.cpfConfirmedAt) await db.user.update({ where: { id: user.id }, data: { cpfConfirmedAt: now } });
    return { kind: "signed-in", userId: user.id, created: false };
  }
  if (user) return { kind: "link", name: user.name, emailHint: hideEmail(user.email) };
  if (!identity.email) {
    throw invalid("Sua conta gov.br não informou um e-mail. Crie a conta do portal com CPF e senha em “Criar conta”.");
  }
  if (!identity.name) throw invalid("Sua conta gov.br não informou o nome. Crie a conta do portal em “Criar conta”.");
  const taken = await db.user.findUnique({ where: { email: identity.email }, select: { id: true } });
  if (taken) {
    throw conflict(
      "O e-mail da sua conta gov.br já pertence a outra conta do portal, com outro CPF. Procure a prefeitura.",
    );
  }
  const created = await db.$transaction(async (tx) => {
    const u = await tx.user.create({
      data: {
        cpf: identity.cpf,
        name: identity.name!,
        email: identity.email!,
        emailVerifiedAt: identity.emailVerified ? now : null,
        govbrSubject: identity.cpf,
        cpfConfirmedAt: now,
      },
    });
    await auditGovbr(tx, actor, u.id, "user.sign_up_govbr", identity.level);
    return u;
  });
  return { kind: "signed-in", userId: created.id, created: true };
}

/** The sign-in's ID token and provider session id, carried to the session the link opens (ADR 044). */
export type GovbrTokens = Pick<GovbrSignIn, "idToken" | "sid">;

type HeldLink = {
  identity: GovbrIdentity;
  session: GovbrTokens;
  returnTo: string | null;
  requiredLevel: TrustLevel | null;
};

/** Keeps a verified identity whose CPF has an unlinked account until its password is proved. */
export async function holdGovbrLink(token: string, held: HeldLink, now = new Date()): Promise<void> {
  await db.govbrLogin.create({
    data: {
      tokenHash: sha256Hex(token),
      stage: "LINK",
      state: "",
      nonce: "",
      codeVerifier: "",
      returnTo: held.returnTo,
      requiredLevel: held.requiredLevel,
      // Server-side only, like the session row the link will open (ADR 044).
      identityJson: JSON.stringify({ ...held.identity, ...held.session }),
      expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000),
      createdAt: now,
    },
  });
}

/** The identity waiting to be linked, without using it up (the page that asks the password). */
export async function heldGovbrLink(token: string, now = new Date()) {
  const row = await db.govbrLogin.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!row || row.stage !== "LINK" || row.usedAt || row.expiresAt <= now || !row.identityJson) return null;
  const {
    idToken = null,
    sid = null,
    ...identity
  } = JSON.parse(row.identityJson) as GovbrIdentity & Partial<GovbrTokens>;
  const user = await db.user.findUnique({ where: { cpf: identity.cpf }, select: { name: true, email: true } });
  return user
    ? {
        identity,
        session: { idToken, sid },
        name: user.name,
        emailHint: hideEmail(user.email),
        returnTo: row.returnTo,
        requiredLevel: parseTrustLevel(row.requiredLevel),
      }
    : null;
}

export type LinkResult =
  | {
      ok: true;
      userId: string;
      signIn: GovbrSignIn & { level: TrustLevel };
      returnTo: string | null;
      requiredLevel: TrustLevel | null;
    }
  | { ok: false; reason: "expired" | "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Links the held gov.br identity to the account with its CPF once the account's password is
 * proved (with the sign-in's own throttling); the held identity is used once.
 */
export async function linkGovbrAccount(
  token: string,
  password: string,
  clientIp: string,
  actor: Actor,
  now = new Date(),
): Promise<LinkResult> {
  const held = await heldGovbrLink(token, now);
  if (!held) return { ok: false, reason: "expired" };
  const check = await authenticate(held.identity.cpf, password, clientIp, now);
  if (!check.ok) return check;
  const tokenHash = sha256Hex(token);
  return db.$transaction(async (tx) => {
    const used = await tx.govbrLogin.updateMany({ where: { tokenHash, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) return { ok: false, reason: "expired" } as const;
    await tx.user.update({
      where: { id: check.userId },
      data: { govbrSubject: held.identity.cpf, cpfConfirmedAt: now },
    });
    await auditGovbr(tx, actor, check.userId, "user.govbr_linked", held.identity.level);
    const { returnTo, requiredLevel } = held;
    const signIn = { level: held.identity.level, ...held.session };
    return { ok: true, userId: check.userId, signIn, returnTo, requiredLevel } as const;
  });
}

/**
 * Attempts, held links and remembered logout tokens past their time: the daily job "govbr-purge"
 * (app/utils/jobs.server.ts). Nothing depends on it but the tables' size.
 */
export async function purgeGovbrLogins(now = new Date()): Promise<number> {
  const logins = await db.govbrLogin.deleteMany({ where: { expiresAt: { lt: now } } });
  const logouts = await db.govbrLogoutToken.deleteMany({ where: { expiresAt: { lt: now } } });
  return logins.count + logouts.count;
}

export type GovbrLogout = { jti: string; sid: string | null; sub: string | null; keepUntil: Date };

/**
 * A verified back-channel logout (ADR 044): remembers its `jti` until the token could no longer be
 * accepted, so the same token sent again is refused (a conflict), and ends the sessions it names.
 */
export async function acceptGovbrLogout(logout: GovbrLogout, now = new Date()): Promise<number> {
  try {
    await db.govbrLogoutToken.create({ data: { jtiHash: sha256Hex(logout.jti), expiresAt: logout.keepUntil } });
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw conflict("Este aviso de saída já foi recebido.");
    throw e;
  }
  return revokeGovbrSessions(logout, now);
}
