// Sign-in with gov.br (ADR 038, 054): the one-time attempt (bound to the `govbr` cookie by its token's
// sha256) and what a verified identity does — sign in, wait for a password or a CPF claim
// (cpf-claim.server.ts), or open an account. Nothing happens before the answer is verified (oidc.server.ts).
import { contestedEmail } from "~/domain/auth/cpf-standing";
import type { GovbrIdentity } from "~/domain/auth/govbr-identity";
import { parseTrustLevel, type TrustLevel } from "~/domain/auth/trust-level";
import { conflict, forbidden, invalid } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { sha256Hex } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { auditContestedAccount, freezeContestedAccount } from "./cpf-claim.server";
import { createGovbrAccount, usableProviderEmail } from "./govbr-account.server";
import { type GovbrSignIn, revokeGovbrSessions } from "./session.server";
import { authenticate } from "./user.server";

const ATTEMPT_MINUTES = 10;
const LINK_MINUTES = 15;

type GovbrAttempt = {
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

type GovbrOutcome = { kind: "signed-in"; userId: string; created: boolean } | { kind: "hold" };

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

const DISABLED = "Esta conta está desativada. Procure a prefeitura.";

/** The audit entry of an account's gov.br event (created, linked): who, which, at which level. */
const auditGovbr = (tx: Tx, actor: Actor, userId: string, action: string, after: Record<string, unknown>) =>
  audit(tx, { ...actor, userId }, { action, subjectType: "User", subjectId: userId, after });

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === "P2002";

/**
 * The linked account signs in; a CPF held by an unlinked account, or a new account lacking e-mail or
 * name, waits (held for "Vincular sua conta gov.br"); otherwise the account opens.
 */
export async function signInWithGovbr(identity: GovbrIdentity, actor: Actor, now = new Date()): Promise<GovbrOutcome> {
  const linked = await db.user.findUnique({ where: { govbrSubject: identity.cpf } });
  if (linked) {
    if (linked.disabledAt) throw forbidden(DISABLED);
    if (!linked.cpfConfirmedAt) await db.user.update({ where: { id: linked.id }, data: { cpfConfirmedAt: now } });
    return { kind: "signed-in", userId: linked.id, created: false };
  }
  const holding = await db.user.findUnique({ where: { cpf: identity.cpf }, select: { disabledAt: true } });
  // A disabled account is the prefeitura's to sort out: a claim would let a barred person start afresh.
  if (holding?.disabledAt) throw forbidden(DISABLED);
  const email = holding || !identity.name ? null : await usableProviderEmail(identity, null);
  if (!email || !identity.name) return { kind: "hold" };
  try {
    const account = { name: identity.name, email };
    const created = await db.$transaction((tx) => createGovbrAccount(tx, identity, account, actor, now));
    return { kind: "signed-in", userId: created.id, created: true };
  } catch (e) {
    // The CPF or the e-mail was taken meanwhile: the person decides on the next page.
    if (isUniqueViolation(e)) return { kind: "hold" };
    throw e;
  }
}

/** The sign-in's ID token and provider session id, carried to the session the link opens (ADR 044). */
type GovbrTokens = Pick<GovbrSignIn, "idToken" | "sid">;

type HeldLink = {
  identity: GovbrIdentity;
  session: GovbrTokens;
  returnTo: string | null;
  requiredLevel: TrustLevel | null;
};

/** Keeps a verified identity that needs a step from the person: a password, a claim, an e-mail. */
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

/**
 * The held identity, not used up: whether an unlinked account holds its CPF — nothing more of that
 * account, which may be someone else's (ADR 054) — and the e-mail a new account would take.
 */
export async function heldGovbrLink(token: string, now = new Date()) {
  const row = await db.govbrLogin.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!row || row.stage !== "LINK" || row.usedAt || row.expiresAt <= now || !row.identityJson) return null;
  const {
    idToken = null,
    sid = null,
    ...identity
  } = JSON.parse(row.identityJson) as GovbrIdentity & Partial<GovbrTokens>;
  const holding = await db.user.findUnique({
    where: { cpf: identity.cpf },
    select: { id: true, govbrSubject: true, disabledAt: true },
  });
  // Linked or disabled meanwhile: this identity has nothing left to do here (a new sign-in decides).
  if (holding && (holding.govbrSubject || holding.disabledAt)) return null;
  return {
    identity,
    session: { idToken, sid },
    accountWithCpf: Boolean(holding),
    providerEmail: await usableProviderEmail(identity, holding?.id ?? null),
    returnTo: row.returnTo,
    requiredLevel: parseTrustLevel(row.requiredLevel),
  };
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

type Held = NonNullable<Awaited<ReturnType<typeof heldGovbrLink>>>;

const linkResult = (held: Held, userId: string) =>
  ({
    ok: true,
    userId,
    signIn: { level: held.identity.level, ...held.session },
    returnTo: held.returnTo,
    requiredLevel: held.requiredLevel,
  }) as const;

/** Uses the held identity up inside the transaction; false when it was used meanwhile. */
const useHeld = async (tx: Tx, token: string, now: Date) =>
  (await tx.govbrLogin.updateMany({ where: { tokenHash: sha256Hex(token), usedAt: null }, data: { usedAt: now } }))
    .count === 1;

/** Links the held identity to the CPF's account once its password is proved (sign-in throttling applies). */
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
  return db.$transaction(async (tx) => {
    if (!(await useHeld(tx, token, now))) return { ok: false, reason: "expired" } as const;
    await tx.user.update({
      where: { id: check.userId },
      data: { govbrSubject: held.identity.cpf, cpfConfirmedAt: now },
    });
    await auditGovbr(tx, actor, check.userId, "user.govbr_linked", { level: held.identity.level });
    return linkResult(held, check.userId);
  });
}

/** What the person gives when gov.br did not: an e-mail (gov.br's unverified or missing), a name. */
type GovbrAccountDetails = { email: string | null; name: string | null };

/**
 * Opens the account of the held identity's CPF (ADR 054). With `claim`, the account holding the CPF
 * loses it and is frozen in the same transaction (cpf-claim.server.ts); nothing of it carries over.
 */
export async function openGovbrAccount(
  token: string,
  details: GovbrAccountDetails & { claim: boolean },
  actor: Actor,
  now = new Date(),
): Promise<LinkResult> {
  const held = await heldGovbrLink(token, now);
  if (!held) return { ok: false, reason: "expired" };
  const name = held.identity.name ?? details.name;
  if (!name) throw invalid("Informe seu nome completo.", "name");
  const email = details.email ?? held.providerEmail;
  if (!email) throw invalid("Informe seu e-mail.", "email");
  try {
    return await db.$transaction(async (tx) => {
      if (!(await useHeld(tx, token, now))) return { ok: false, reason: "expired" } as const;
      const holding = await tx.user.findUnique({ where: { cpf: held.identity.cpf } });
      if (holding && !details.claim) {
        throw conflict("Uma conta do portal com o seu CPF acaba de ser criada. Escolha abaixo o que fazer.");
      }
      if (holding && (holding.govbrSubject || holding.disabledAt)) return { ok: false, reason: "expired" } as const;
      const towns = holding ? await freezeContestedAccount(tx, holding, now) : [];
      const emailOwner = await tx.user.findUnique({ where: { email }, select: { id: true } });
      if (emailOwner && emailOwner.id !== holding?.id) {
        throw invalid("Este e-mail já pertence a outra conta do portal. Informe outro.", "email");
      }
      // The frozen account had the e-mail the holder uses: it goes to the holder.
      if (emailOwner)
        await tx.user.update({ where: { id: emailOwner.id }, data: { email: contestedEmail(emailOwner.id) } });
      const account = { name, email, ...(holding ? { claimedFrom: holding.id } : {}) };
      const user = await createGovbrAccount(tx, held.identity, account, actor, now);
      if (holding) {
        const claim = {
          frozenId: holding.id,
          holderId: user.id,
          level: held.identity.level,
          municipalityIds: towns,
          at: now,
        };
        await auditContestedAccount(tx, actor, claim);
      }
      return linkResult(held, user.id);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("Uma conta do portal com estes dados acaba de ser criada. Tente de novo.");
    throw e;
  }
}

/** Expired attempts, held links and logout tokens: daily job "govbr-purge"; only table size depends on it. */
export async function purgeGovbrLogins(now = new Date()): Promise<number> {
  const logins = await db.govbrLogin.deleteMany({ where: { expiresAt: { lt: now } } });
  const logouts = await db.govbrLogoutToken.deleteMany({ where: { expiresAt: { lt: now } } });
  return logins.count + logouts.count;
}

type GovbrLogout = { jti: string; sid: string | null; sub: string | null; keepUntil: Date };

/** A verified back-channel logout (ADR 044): its `jti` is kept until expiry so a replay is refused. */
export async function acceptGovbrLogout(logout: GovbrLogout, now = new Date()): Promise<number> {
  try {
    await db.govbrLogoutToken.create({ data: { jtiHash: sha256Hex(logout.jti), expiresAt: logout.keepUntil } });
  } catch (e) {
    if ((e as { code?: string }).code === "P2002") throw conflict("Este aviso de saída já foi recebido.");
    throw e;
  }
  return revokeGovbrSessions(logout, now);
}
