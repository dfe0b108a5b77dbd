// Issue #35, low f: the published demo password (README, the seed) was accepted as a new password
// — a real account given it is open to anyone who read the README. It is refused wherever a
// password is chosen (sign-up, reset, invitation link), in demo mode too, spelled in any case,
// with accents, other punctuation or inside a longer password; the models refuse it as well.
import { afterEach, describe, expect, it, vi } from "vitest";
import { publishedPasswordProblem } from "~/forms/account";
import { signUp } from "~/models/sign-up.server";
import { issueToken, resetPassword } from "~/models/user.server";
import { db } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";
import { createUser, randomCpf, testActor, uniqueEmail } from "../support/factories";
import { postTo, type RouteModule } from "./access-world";

const DEMO = "demonstracao-credencia";
const SPELLINGS = [DEMO, "Demonstracao-Credencia", "demonstração credencia", "DEMONSTRACAO_CREDENCIA", `${DEMO}2027!`];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function routes(demoMode: boolean) {
  vi.resetModules();
  vi.stubEnv("DEMO_MODE", demoMode ? "1" : "0");
  return {
    cadastro: (await import("~/routes/cadastro/route")) as RouteModule,
    redefinir: (await import("~/routes/senha.redefinir.$token/route")) as RouteModule,
  };
}

describe("the published demo password as a new password (issue #35, low f)", () => {
  it("is refused in every spelling, and a strong password is not", () => {
    for (const p of SPELLINGS) expect(publishedPasswordProblem(p), p).toMatch(/senha pública da demonstração/);
    expect(publishedPasswordProblem("girassol-trombone-pedregulho-7319")).toBeNull();
  });

  for (const demoMode of [false, true]) {
    it(`is refused by sign-up and by the reset link${demoMode ? " in demo mode" : ""}`, async () => {
      const { cadastro, redefinir } = await routes(demoMode);
      const cpf = randomCpf();
      const signUpAnswer = await postTo(
        cadastro,
        "/cadastro",
        null,
        {},
        { cpf, name: "Pessoa Nova", email: uniqueEmail(), password: DEMO, confirm: DEMO },
      );
      expect(signUpAnswer.status).toBe(400);
      expect(JSON.parse(signUpAnswer.body).errors.password).toMatch(/senha pública da demonstração/);

      const u = await createUser({ password: "a-senha-antiga-bem-comprida" });
      const token = await db.$transaction((tx) => issueToken(tx, u.id, u.email, "RESET_PASSWORD", new Date()));
      const resetAnswer = await postTo(
        redefinir,
        `/senha/redefinir/${token}`,
        null,
        { token },
        { password: DEMO, confirm: DEMO },
      );
      expect(resetAnswer.status).toBe(400);
      expect(JSON.parse(resetAnswer.body).errors.password).toMatch(/senha pública da demonstração/);
      const stored = await db.password.findUniqueOrThrow({ where: { userId: u.id } });
      expect(await verifyPassword(stored.hash, DEMO)).toBe(false);
      expect(await verifyPassword(stored.hash, "a-senha-antiga-bem-comprida")).toBe(true);
      expect(await db.user.findUnique({ where: { cpf } })).toBeNull();
    });
  }

  it("is refused by the models themselves (a caller that skipped the form's check)", async () => {
    const u = await createUser();
    const token = await db.$transaction((tx) => issueToken(tx, u.id, u.email, "STAFF_INVITE", new Date()));
    await expect(resetPassword(token, "Demonstração-Credencia", testActor)).rejects.toMatchObject({
      kind: "invalid",
      field: "password",
    });
    const cpf = randomCpf();
    await expect(
      signUp({ cpf, name: "Pessoa Nova", email: uniqueEmail(), password: DEMO }, testActor),
    ).rejects.toMatchObject({ kind: "invalid", field: "password" });
    expect(await db.user.findUnique({ where: { cpf } })).toBeNull();
  });
});
