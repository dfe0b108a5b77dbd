import { describe, expect, it } from "vitest";
import type { GovbrIdentity } from "~/domain/auth/govbr-identity";
import { JOB_HANDLERS } from "~/jobs/handlers.server";
import { backgroundJob } from "~/jobs/kinds.server";
import {
  consumeGovbrLogin,
  heldGovbrLink,
  holdGovbrLink,
  linkGovbrAccount,
  purgeGovbrLogins,
  signInWithGovbr,
  startGovbrLogin,
} from "~/models/govbr.server";
import { passwordSignInAllowed, setGovbrPolicy } from "~/models/govbr-policy.server";
import { randomToken } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createUser, randomCpf, testActor, uniqueEmail } from "../../support/factories";

const PASSWORD = "uma-senha-bem-comprida-para-teste";
const identity = (over: Partial<GovbrIdentity> = {}): GovbrIdentity => ({
  cpf: randomCpf(),
  name: "Maria Souza",
  email: uniqueEmail("govbr"),
  emailVerified: true,
  level: "bronze",
  ...over,
});
const attempt = { state: "s", nonce: "n", codeVerifier: "v", returnTo: "/painel", requiredLevel: null };

describe("a sign-in in flight", () => {
  it("is used once: the second callback with the same cookie finds nothing", async () => {
    const token = randomToken();
    await startGovbrLogin(token, attempt);
    expect(await consumeGovbrLogin(token)).toMatchObject({ state: "s", nonce: "n", codeVerifier: "v" });
    expect(await consumeGovbrLogin(token)).toBeNull();
  });

  it("expires after ten minutes and is bound to its own token", async () => {
    const token = randomToken();
    const t0 = new Date("2026-12-01T12:00:00Z");
    await startGovbrLogin(token, attempt, t0);
    expect(await consumeGovbrLogin(randomToken(), t0)).toBeNull();
    expect(await consumeGovbrLogin(token, new Date(t0.getTime() + 10 * 60_000 + 1))).toBeNull();
  });
});

describe("what a verified gov.br identity does to the accounts", () => {
  it("opens a new account for a new CPF: confirmed CPF, the provider's verified e-mail, no password", async () => {
    const id = identity();
    const outcome = await signInWithGovbr(id, testActor);
    expect(outcome).toMatchObject({ kind: "signed-in", created: true });
    const user = await db.user.findUniqueOrThrow({ where: { cpf: id.cpf }, include: { password: true } });
    expect(user).toMatchObject({ govbrSubject: id.cpf, name: "Maria Souza", email: id.email });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(user.cpfConfirmedAt).not.toBeNull();
    expect(user.password).toBeNull();
    expect(await db.auditEvent.count({ where: { subjectId: user.id, action: "user.sign_up_govbr" } })).toBe(1);
    // The next sign-in finds the linked account and creates nothing.
    expect(await signInWithGovbr(id, testActor)).toEqual({ kind: "signed-in", userId: user.id, created: false });
  });

  it("does not sign in to an existing account with the same CPF: it waits for the person", async () => {
    const user = await createUser();
    const outcome = await signInWithGovbr(identity({ cpf: user.cpf }), testActor);
    expect(outcome.kind).toBe("hold");
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.govbrSubject).toBeNull();
    expect(after.cpfConfirmedAt).toBeNull();
  });

  // ADR 054: an e-mail gov.br did not verify, one another account has, or none, is asked of the person.
  it("opens nothing for a new CPF whose e-mail is unverified, another account's, or missing: it waits", async () => {
    const other = await createUser();
    for (const id of [
      identity({ emailVerified: false }),
      identity({ email: other.email }),
      identity({ email: null }),
    ]) {
      expect(await signInWithGovbr(id, testActor)).toEqual({ kind: "hold" });
      expect(await db.user.count({ where: { cpf: id.cpf } })).toBe(0);
    }
  });

  it("links only with the account's password, once", async () => {
    const user = await db.user.update({
      where: { id: (await createUser({ password: PASSWORD })).id },
      data: { emailVerifiedAt: new Date() },
    });
    const id = identity({ cpf: user.cpf, level: "prata" });
    const token = randomToken();
    const session = { idToken: "o.id.token", sid: "sid-do-provedor" };
    await holdGovbrLink(token, { identity: id, session, returnTo: "/requerimentos", requiredLevel: "prata" });
    // The page learns that an account holds the CPF, and nothing of it (ADR 054).
    const held = await heldGovbrLink(token);
    expect(held).toMatchObject({ accountWithCpf: true });
    expect(JSON.stringify(held)).not.toContain(user.name);
    expect(JSON.stringify(held)).not.toContain(user.email.split("@")[0]);

    expect(await linkGovbrAccount(token, "senha-errada-qualquer", "10.0.0.1", testActor)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).govbrSubject).toBeNull();

    expect(await linkGovbrAccount(token, PASSWORD, "10.0.0.1", testActor)).toEqual({
      ok: true,
      userId: user.id,
      // The ID token and sid held with the identity go on to the session the link opens (ADR 044).
      signIn: { level: "prata", idToken: "o.id.token", sid: "sid-do-provedor" },
      returnTo: "/requerimentos",
      requiredLevel: "prata",
    });
    const linked = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(linked.govbrSubject).toBe(user.cpf);
    expect(linked.cpfConfirmedAt).not.toBeNull();
    expect(await db.auditEvent.count({ where: { subjectId: user.id, action: "user.govbr_linked" } })).toBe(1);
    // Used: the same held identity links nothing again.
    expect(await linkGovbrAccount(token, PASSWORD, "10.0.0.1", testActor)).toEqual({ ok: false, reason: "expired" });
  });
});

describe("the daily purge of gov.br sign-ins (job govbr-purge)", () => {
  it("deletes the attempts, held links and logout tokens past their time, and keeps the live ones", async () => {
    const t0 = new Date();
    const expired = randomToken();
    const live = randomToken();
    await startGovbrLogin(expired, attempt, new Date(t0.getTime() - 11 * 60_000));
    await startGovbrLogin(live, attempt, t0);
    const ago = new Date(t0.getTime() - 60_000);
    await db.govbrLogoutToken.create({ data: { jtiHash: randomToken(), expiresAt: ago } });
    const kept = await db.govbrLogoutToken.create({
      data: { jtiHash: randomToken(), expiresAt: new Date(+t0 + 60_000) },
    });

    const job = backgroundJob("govbr-purge")!;
    expect(job.everyMs).toBe(86_400_000);
    expect(await JOB_HANDLERS["govbr-purge"]({})).toBeGreaterThanOrEqual(2);
    expect(await db.govbrLogin.count({ where: { expiresAt: { lt: t0 } } })).toBe(0);
    expect(await db.govbrLogoutToken.count({ where: { expiresAt: { lt: t0 } } })).toBe(0);
    expect(await db.govbrLogoutToken.findUnique({ where: { jtiHash: kept.jtiHash } })).not.toBeNull();
    // The live attempt still works after the purge.
    expect(await consumeGovbrLogin(live)).toMatchObject({ state: "s" });
    expect(await purgeGovbrLogins()).toBe(0);
  });
});

describe("passwords off for a municipality's staff", () => {
  it("refuses the password of its staff only, while the policy is on", async () => {
    const m = await createMunicipality();
    const staff = await createUser();
    const driver = await createUser();
    await db.roleAssignment.create({ data: { userId: staff.id, role: "ANALISTA", municipalityId: m.id } });
    expect(await passwordSignInAllowed(staff.id)).toBe(true);
    await setGovbrPolicy(
      m.id,
      { govbrDriverLevel: null, govbrStaffLevel: "prata", staffPasswordDisabled: true },
      { ...testActor, municipalityId: m.id },
    );
    expect(await passwordSignInAllowed(staff.id)).toBe(false);
    expect(await passwordSignInAllowed(driver.id)).toBe(true);
    expect(await db.auditEvent.count({ where: { subjectId: m.id, action: "municipality.govbr_policy" } })).toBe(1);
  });
});
