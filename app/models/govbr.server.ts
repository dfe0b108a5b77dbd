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
    await audit(
      tx,
      { ...actor, userId: u.id },
      { action: "user.sign_up_govbr", subjectType: "User", subjectId: u.id, after: { level: identity.level } },
    );
    return u;
  });
  return { kind: "signed-in", userId: created.id, created: true };
}

type HeldLink = { identity: GovbrIdentity; returnTo: string | null; requiredLevel: TrustLevel | null };

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
      identityJson: JSON.stringify(held.identity),
      expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000),
      createdAt: now,
    },
  });
}

/** The identity waiting to be linked, without using it up (the page that asks the password). */
export async function heldGovbrLink(token: string, now = new Date()) {
  const row = await db.govbrLogin.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!row || row.stage !== "LINK" || row.usedAt || row.expiresAt <= now || !row.identityJson) return null;
  const identity = JSON.parse(row.identityJson) as GovbrIdentity;
  const user = await db.user.findUnique({ where: { cpf: identity.cpf }, select: { name: true, email: true } });
  return user
    ? {
        identity,
        name: user.name,
        emailHint: hideEmail(user.email),
        returnTo: row.returnTo,
        requiredLevel: parseTrustLevel(row.requiredLevel),
      }
    : null;
}

export type LinkResult =
  | { ok: true; userId: string; level: TrustLevel; returnTo: string | null; requiredLevel: TrustLevel | null }
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
    await audit(
      tx,
      { ...actor, userId: check.userId },
      {
        action: "user.govbr_linked",
        subjectType: "User",
        subjectId: check.userId,
        after: { level: held.identity.level },
      },
    );
    const { returnTo, requiredLevel } = held;
    return { ok: true, userId: check.userId, level: held.identity.level, returnTo, requiredLevel } as const;
  });
}

/** Attempts and held links past their time (the daily sweep may call it; nothing depends on it). */
export async function purgeGovbrLogins(now = new Date()): Promise<number> {
  const { count } = await db.govbrLogin.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
