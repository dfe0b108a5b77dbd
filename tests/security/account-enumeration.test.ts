// Issue #35, low c: sign-up, the invitations, the company team form and the passenger report told
// whether a CPF, an e-mail or a serial exists. Each answer here is compared across "exists" and
// "does not exist": same status, same body (but for what the person typed), and for sign-up the
// same moment — nothing about the CPF or the e-mail is looked up before the answer. What happens
// next (an account, a warning to the holder, an invitation) is checked after the work ran.
import { describe, expect, it, vi } from "vitest";
import { maskCpf } from "~/domain/br";
import { signUp } from "~/models/sign-up.server";
import { authenticate, confirmEmail } from "~/models/user.server";
import * as cadastro from "~/routes/cadastro/route";
import * as condutores from "~/routes/operadora.$id.condutores._index/route";
import * as equipe from "~/routes/operadora.$id.equipe/route";
import * as relato from "~/routes/v.relato";
import { answeredWorkDone } from "~/utils/after-answer.server";
import { db } from "~/utils/db.server";
import { account, credentialed, linkedDriver, town, validCpf } from "../e2e/fixtures/operator-support";
import { createSignedCredential, createUser, randomCpf, testActor, uniqueEmail } from "../support/factories";
import { ORIGIN, postTo, type RouteModule } from "./access-world";

const PASSWORD = "girassol-trombone-pedregulho-7319";

function linkToken(text: string, path: string): string {
  const m = text.match(new RegExp(`${path}/([A-Za-z0-9_-]+)`));
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1];
}

/** Every lookup of users, so a test can say none named what was typed before the answer. */
function userLookups() {
  const spies = [
    vi.spyOn(db.user, "findMany"),
    vi.spyOn(db.user, "findFirst"),
    vi.spyOn(db.user, "findUnique"),
    vi.spyOn(db.user, "count"),
  ];
  const calls = (): unknown[] => spies.flatMap((s) => s.mock.calls.map((c: unknown[]) => c[0]));
  return {
    naming: (...typed: string[]) =>
      calls().filter((args) => typed.some((t) => JSON.stringify(args ?? {}).includes(t))).length,
    restore: () => spies.forEach((s) => s.mockRestore()),
  };
}

describe("sign-up: the same answer whether or not the CPF or the e-mail has an account (issue #35, low c)", () => {
  it("answers free, taken-CPF and taken-e-mail sign-ups alike, before looking either up; the holder is told", async () => {
    const holder = await createUser();
    const attempts = [
      { cpf: randomCpf(), email: uniqueEmail("livre") },
      { cpf: holder.cpf, email: uniqueEmail("cpf-tomado") },
      { cpf: randomCpf(), email: holder.email },
    ];
    const lookups = userLookups();
    const answers = [];
    try {
      for (const a of attempts) {
        const answer = await postTo(
          cadastro as RouteModule,
          "/cadastro",
          null,
          {},
          { ...a, name: "Pessoa Que Cadastra", password: PASSWORD, confirm: PASSWORD },
        );
        expect(lookups.naming(a.cpf, a.email), JSON.stringify(a)).toBe(0);
        // What the person typed (the e-mail) is the only difference.
        answers.push({ ...answer, body: answer.body.replace(a.email, "<e-mail>") });
      }
    } finally {
      lookups.restore();
    }
    expect(answers[0].status).toBe(200);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0].location).toBeNull();

    await answeredWorkDone();
    // Free: the account exists, unconfirmed, with its confirmation link mailed.
    const created = await db.user.findUniqueOrThrow({ where: { cpf: attempts[0].cpf } });
    expect(created.emailVerifiedAt).toBeNull();
    expect((await db.outboxMessage.findFirstOrThrow({ where: { to: attempts[0].email } })).subject).toMatch(
      /Confirme seu e-mail/,
    );
    // Taken: nothing created, nothing mailed to the typed address; the holder is told (once:
    // the second try is within the limit of e-mails per account).
    expect(await db.user.count({ where: { email: attempts[1].email } })).toBe(0);
    expect(await db.user.count({ where: { cpf: attempts[2].cpf } })).toBe(0);
    expect(await db.outboxMessage.count({ where: { to: attempts[1].email } })).toBe(0);
    const warned = await db.outboxMessage.findMany({ where: { to: holder.email } });
    expect(warned).toHaveLength(1);
    expect(warned[0].text).toMatch(/Nenhuma conta nova foi criada/);
    expect(warned[0].text).toContain("/senha/esqueci");
  });

  it("an account whose e-mail is not confirmed does not sign in: the wrong password's answer, and a new link", async () => {
    const cpf = randomCpf();
    const email = uniqueEmail("nao-confirmado");
    await signUp({ cpf, name: "Pessoa Sem Confirmar", email, password: PASSWORD }, testActor);
    // Signing up with a CPF and then signing in must not tell whether the CPF was free.
    const unconfirmed = await authenticate(cpf, PASSWORD, "10.35.9.1");
    const wrong = await authenticate(cpf, "outra-senha-qualquer-errada", "10.35.9.2");
    const unknown = await authenticate(randomCpf(), PASSWORD, "10.35.9.3");
    expect(unconfirmed).toEqual({ ok: false, reason: "invalid" });
    expect(wrong).toEqual(unconfirmed);
    expect(unknown).toEqual(unconfirmed);
    await answeredWorkDone();
    const mails = await db.outboxMessage.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });
    expect(mails.map((m) => m.subject)).toEqual([
      "Confirme seu e-mail — Portal de Credenciamento",
      "Confirme seu e-mail — Portal de Credenciamento",
    ]);
    // The first link was replaced by the second; the second confirms, and then the password works.
    expect(await confirmEmail(linkToken(mails[0].text, "/email/confirmar"), testActor)).toBe(false);
    expect(await confirmEmail(linkToken(mails[1].text, "/email/confirmar"), testActor)).toBe(true);
    expect(await authenticate(cpf, PASSWORD, "10.35.9.4")).toMatchObject({ ok: true });
  });
});

describe("a company's driver invitation: the same answer whatever the CPF or the e-mail has (issue #35, low c)", () => {
  it("answers a CPF with an account, one without, an e-mail of another account and a driver bound elsewhere alike", async () => {
    const m = await town("jardim-ms", 25000);
    const concessionaria = {
      category: "MOTOTAXI",
      kind: "CONCESSIONARIA",
      facts: { declaredAssetsBrl: 20000 },
    } as const;
    const inviter = await credentialed(m.id, concessionaria, "Dona da Que Convida");
    const rival = await credentialed(m.id, concessionaria, "Dono da Rival");
    const withAccount = await account("Condutor Com Conta");
    const bound = (await linkedDriver(rival.operator, rival.actor, "Condutor da Rival")).user;
    const someoneElse = await account("Dona de Outro E-mail");
    const typed = [
      { cpf: withAccount.cpf, email: withAccount.email },
      { cpf: validCpf(), email: uniqueEmail("sem-conta") },
      { cpf: validCpf(), email: someoneElse.email },
      { cpf: bound.cpf, email: bound.email },
    ];
    const path = `/operadora/${inviter.operator.id}/condutores`;
    const answers = [];
    for (const t of typed)
      answers.push(await postTo(condutores as RouteModule, path, inviter.owner, { id: inviter.operator.id }, t));
    for (const a of answers) expect(a).toEqual({ status: 302, location: `${path}?ok=convidado`, body: "" });
    // Each invitation went to the e-mail the company typed, in the same words but for CPF and e-mail.
    const texts = await Promise.all(
      typed.map(async (t) => {
        const mail = await db.outboxMessage.findFirstOrThrow({
          where: { to: t.email, subject: { startsWith: "Convite de vínculo" } },
        });
        return mail.text.replace(maskCpf(t.cpf), "<cpf>").replace(t.email, "<e-mail>");
      }),
    );
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).not.toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/);
  });
});

describe("a company's team form: the same answer whatever the CPF or the e-mail has (issue #35, low c)", () => {
  it("answers an account's CPF and e-mail, its CPF with another e-mail, another account's e-mail and a newcomer alike", async () => {
    const m = await town("itauna-mg");
    const company = await credentialed(m.id, {
      category: "MOTOFRETE",
      kind: "EMPRESA",
      facts: { headOfficeHere: true },
    });
    const holder = await account("Pessoa Com Conta");
    const typed = [
      { cpf: holder.cpf, email: holder.email },
      { cpf: holder.cpf, email: uniqueEmail("outro-email") },
      { cpf: validCpf(), email: holder.email },
      { cpf: validCpf(), email: uniqueEmail("novata") },
    ];
    const path = `/operadora/${company.operator.id}/equipe`;
    for (const t of typed) {
      const a = await postTo(
        equipe as RouteModule,
        path,
        company.owner,
        { id: company.operator.id },
        { ...t, name: "Pessoa Convidada" },
      );
      expect(a, JSON.stringify(t)).toEqual({ status: 302, location: `${path}?ok=convidado`, body: "" });
    }
    // No account was created for the newcomer, nobody joined, and each typed e-mail got the invitation.
    expect(await db.user.count({ where: { cpf: typed[3].cpf } })).toBe(0);
    expect(await db.roleAssignment.count({ where: { operatorId: company.operator.id, operatorOwner: false } })).toBe(0);
    const invitations = (email: string) =>
      db.outboxMessage.count({ where: { to: email, subject: { startsWith: "Convite para a equipe" } } });
    expect(await invitations(holder.email)).toBe(2);
    expect(await invitations(typed[1].email)).toBe(1);
    expect(await invitations(typed[3].email)).toBe(1);
  });
});

describe("the passenger report: any well-formed code is thanked the same way (issue #35, low c)", () => {
  it("answers a real credential's code and an unknown one alike, before looking either up; only the real one is kept", async () => {
    const m = await town("patrocinio-mg");
    const { credential } = await createSignedCredential(m);
    const unknown = `${credential.serial.slice(0, -6)}999999`;
    const lookups = vi.spyOn(db.credential, "findUnique");
    const answers = [];
    try {
      for (const codigo of [credential.serial, unknown]) {
        const response = (await relato.action!({
          request: new Request(`${ORIGIN}/v/relato`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
            body: new URLSearchParams({
              codigo,
              tipo: "OVERCHARGING",
              mensagem: "Cobrou a mais.",
              contato: "",
              site: "",
            }),
          }),
          params: {},
          context: { clientIp: `198.18.35.${answers.length + 1}`, requestId: "teste" },
        } as never)) as Response;
        expect(lookups.mock.calls.length, codigo).toBe(0);
        answers.push({
          status: response.status,
          location: response.headers.get("location"),
          headers: [...response.headers.keys()].sort(),
          body: await response.text(),
        });
      }
    } finally {
      lookups.mockRestore();
    }
    expect(answers[0]).toMatchObject({ status: 303, location: "/v/relato?enviado=1" });
    expect(answers[1]).toEqual(answers[0]);
    await answeredWorkDone();
    expect(await db.passengerReport.count({ where: { credentialId: credential.id } })).toBe(1);
    expect(await db.passengerReport.count({ where: { serial: unknown } })).toBe(0);
  });
});
