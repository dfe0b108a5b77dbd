import { describe, expect, it } from "vitest";
import { signUp } from "~/models/sign-up.server";
import { authenticate, confirmEmail, requestPasswordReset, resetPassword } from "~/models/user.server";
import { db } from "~/utils/db.server";
import { createUser, randomCpf, testActor, uniqueEmail } from "../../support/factories";

const PASSWORD = "uma-senha-bem-comprida-para-teste";

function linkToken(text: string, path: string): string {
  const m = text.match(new RegExp(`${path}/([A-Za-z0-9_-]+)`));
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1];
}

describe("sign-up", () => {
  it("creates the account, queues the confirmation e-mail and audits it", async () => {
    const email = uniqueEmail();
    const user = (await signUp({ cpf: randomCpf(), name: "Ana Teste", email, password: PASSWORD }, testActor))!;
    const mail = await db.outboxMessage.findFirst({ where: { to: email } });
    expect(mail?.subject).toMatch(/Confirme seu e-mail/);
    const event = await db.auditEvent.findFirst({ where: { subjectId: user.id, action: "user.sign_up" } });
    expect(event).not.toBeNull();
    expect(await confirmEmail(linkToken(mail!.text, "/email/confirmar"), testActor)).toBe(true);
    expect((await db.user.findUnique({ where: { id: user.id } }))?.emailVerifiedAt).not.toBeNull();
  });

  it("creates nothing with a CPF or an e-mail that has an account, and tells that account's e-mail instead", async () => {
    const u = await createUser();
    const email = uniqueEmail();
    // A name of this test alone: other files in this worker sign people up too.
    const name = `Outra Pessoa ${email}`;
    expect(await signUp({ cpf: u.cpf, name, email, password: PASSWORD }, testActor)).toBeNull();
    expect(await signUp({ cpf: randomCpf(), name, email: u.email, password: PASSWORD }, testActor)).toBeNull();
    expect(await db.user.count({ where: { OR: [{ email }, { name }] } })).toBe(0);
    expect(await db.outboxMessage.count({ where: { to: email } })).toBe(0);
    // One warning to the holder: the second try, minutes later, is within the limit per account.
    const warned = await db.outboxMessage.findMany({ where: { to: u.email } });
    expect(warned.map((m) => m.subject)).toEqual([
      "Tentativa de cadastro com os seus dados — Portal de Credenciamento",
    ]);
    expect(warned[0].text).toContain("o CPF da sua conta e outro e-mail");
  });
});

describe("sign-in", () => {
  it("accepts CPF or e-mail with the right password", async () => {
    const u = await createUser({ password: PASSWORD });
    expect(await authenticate(u.cpf, PASSWORD, "10.0.0.1")).toEqual({ ok: true, userId: u.id });
    expect(await authenticate(u.email.toUpperCase(), PASSWORD, "10.0.0.1")).toEqual({ ok: true, userId: u.id });
  });

  it("answers an unknown account and a wrong password the same way", async () => {
    const u = await createUser({ password: PASSWORD });
    const wrong = await authenticate(u.email, "senha-errada-qualquer", "10.0.0.2");
    const unknown = await authenticate(uniqueEmail(), "senha-errada-qualquer", "10.0.0.2");
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    expect(unknown).toEqual(wrong);
  });

  it("throttles an account after five failures, even with the right password", async () => {
    const u = await createUser({ password: PASSWORD });
    for (let i = 0; i < 5; i++) await authenticate(u.email, "errada-" + i, `10.1.0.${i}`);
    const r = await authenticate(u.email, PASSWORD, "10.1.0.99");
    expect(r).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("throttles an address that tries many accounts", async () => {
    for (let i = 0; i < 30; i++) await authenticate(uniqueEmail(), "errada", "10.9.9.9");
    const u = await createUser({ password: PASSWORD });
    expect(await authenticate(u.email, PASSWORD, "10.9.9.9")).toMatchObject({ reason: "throttled" });
    expect(await authenticate(u.email, PASSWORD, "10.9.9.10")).toMatchObject({ ok: true });
  });

  it("refuses demo accounts when demo mode is off", async () => {
    const u = await createUser({ password: PASSWORD, demo: true });
    expect(await authenticate(u.email, PASSWORD, "10.0.0.3")).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("password reset", () => {
  it("resets through the e-mailed link once, and the link cannot be reused", async () => {
    const u = await createUser({ password: PASSWORD });
    await requestPasswordReset(u.cpf, testActor);
    const mail = await db.outboxMessage.findFirst({ where: { to: u.email }, orderBy: { createdAt: "desc" } });
    const token = linkToken(mail!.text, "/senha/redefinir");
    expect(await resetPassword(token, "outra-senha-muito-longa-e-nova", testActor)).toBe(true);
    expect(await authenticate(u.email, "outra-senha-muito-longa-e-nova", "10.0.0.4")).toMatchObject({ ok: true });
    expect(await resetPassword(token, "terceira-senha-muito-longa", testActor)).toBe(false);
  });

  it("refuses an expired link", async () => {
    const u = await createUser({ password: PASSWORD });
    const past = new Date(Date.now() - 2 * 3_600_000);
    await requestPasswordReset(u.email, testActor, past);
    const mail = await db.outboxMessage.findFirst({ where: { to: u.email }, orderBy: { createdAt: "desc" } });
    expect(
      await resetPassword(linkToken(mail!.text, "/senha/redefinir"), "outra-senha-muito-longa-e-nova", testActor),
    ).toBe(false);
    expect(await authenticate(u.email, PASSWORD, "10.0.0.5")).toMatchObject({ ok: true });
  });

  it("sends nothing for an unknown account", async () => {
    const email = uniqueEmail();
    await requestPasswordReset(email, testActor);
    expect(await db.outboxMessage.count({ where: { to: email } })).toBe(0);
  });
});
