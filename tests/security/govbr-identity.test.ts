// Issue #35, two lows of gov.br sign-in (ADR 054). (1) An e-mail the provider sent with
// `email_verified=false` was stored as the new account's e-mail, which then blocked its real
// owner: now no account takes an e-mail gov.br did not verify (nor one another account has, nor
// none) without the person giving it, and that one is confirmed by link. (2) `/entrar/govbr`
// was not limited (150 calls wrote 150 attempt rows): now each client gets the login's
// per-address budget, and a start whose answer comes back verified gives its point back.
// The routes run as the browser would call them; the gov.br client is the fake of fake-govbr.ts.
import { describe, expect, it, vi } from "vitest";
import * as back from "~/routes/entrar_.govbr.retorno/route";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { createUser, randomCpf, uniqueEmail } from "../support/factories";
import { ORIGIN } from "./access-world";
import { fakeProvider, govbrClaims } from "./fake-govbr";
import { cookieValue, govbrSignIn, linkPage, postLinkPage, startSignIn } from "./govbr-flow";
import { someClient } from "./public-routes";

vi.mock("~/utils/oidc.server", async (importOriginal) =>
  (await import("./fake-govbr")).fakeOidc(await importOriginal<object>()),
);

describe("a gov.br e-mail is the account's only when gov.br verified it (issue #35, low)", () => {
  it("an unverified e-mail is not stored: the person gives one, confirmed by link, and its owner stays free", async () => {
    const cpf = randomCpf();
    const theirs = uniqueEmail("dona-do-endereco");
    const { returned, govbr, userId } = await govbrSignIn(govbrClaims(cpf, { email: theirs, email_verified: false }));
    expect(returned.location).toBe("/entrar/govbr/vincular");
    expect(userId).toBeNull();
    expect(await db.user.count({ where: { OR: [{ cpf }, { email: theirs }] } })).toBe(0);

    const page = await linkPage(govbr!);
    expect(JSON.parse(page.body)).toMatchObject({ accountWithCpf: false, askEmail: true, askName: false });
    // Nothing typed: asked again, nothing created.
    const empty = await postLinkPage(govbr!, { intent: "create" });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body).errors.email).toBeTruthy();

    const own = uniqueEmail("titular");
    const created = await postLinkPage(govbr!, { intent: "create", email: own });
    expect(created.status).toBe(302);
    const user = await db.user.findUniqueOrThrow({ where: { id: created.userId! } });
    expect(user).toMatchObject({ cpf, email: own, emailVerifiedAt: null, govbrSubject: cpf });
    expect(await db.outboxMessage.count({ where: { to: own, text: { contains: "/email/confirmar/" } } })).toBe(1);
    // The owner of the address gov.br did not verify can still use it.
    expect(await db.user.count({ where: { email: theirs } })).toBe(0);
  });

  it("the person may confirm the e-mail gov.br sent unverified: it is offered, and still confirmed by link", async () => {
    const cpf = randomCpf();
    const sent = uniqueEmail("enviado");
    const { govbr } = await govbrSignIn(govbrClaims(cpf, { email: sent, email_verified: false }));
    expect(JSON.parse((await linkPage(govbr!)).body)).toMatchObject({ suggestedEmail: sent });
    const created = await postLinkPage(govbr!, { intent: "create", email: sent });
    expect(created.status).toBe(302);
    expect(await db.user.findUniqueOrThrow({ where: { id: created.userId! } })).toMatchObject({
      email: sent,
      emailVerifiedAt: null,
    });
  });

  it("a verified e-mail that another account has, or none, asks the person instead of refusing", async () => {
    const other = await createUser();
    for (const claims of [
      govbrClaims(randomCpf(), { email: other.email }),
      govbrClaims(randomCpf(), { email: null }),
    ]) {
      const { govbr, userId } = await govbrSignIn(claims);
      expect(userId).toBeNull();
      expect(JSON.parse((await linkPage(govbr!)).body)).toMatchObject({ askEmail: true });
      const taken = await postLinkPage(govbr!, { intent: "create", email: other.email });
      expect(taken.status).toBe(400);
      expect(JSON.parse(taken.body).errors.email).toMatch(/outra conta/);
      const own = uniqueEmail("propria");
      expect((await postLinkPage(govbr!, { intent: "create", email: own })).status).toBe(302);
    }
  });

  it("a verified, free e-mail opens the account at once, its e-mail confirmed", async () => {
    const cpf = randomCpf();
    const { userId } = await govbrSignIn(govbrClaims(cpf));
    const user = await db.user.findUniqueOrThrow({ where: { id: userId! } });
    expect(user.email).toBe(`titular.${cpf}@exemplo.com.br`);
    expect(user.emailVerifiedAt).not.toBeNull();
  });
});

describe("gov.br sign-in start is limited per client (issue #35, low)", () => {
  it("past the login's per-address budget it answers 429 with Retry-After and writes no attempt", async () => {
    const max = env().LOGIN_MAX_ATTEMPTS_IP;
    const client = someClient();
    let last: string | null = null;
    const before = await db.govbrLogin.count();
    for (let i = 0; i < max; i++) {
      const started = await startSignIn(client);
      expect(started.status).toBe(302);
      last = cookieValue(started.cookies, "govbr");
    }
    expect(await db.govbrLogin.count()).toBe(before + max);

    // A start whose answer comes back verified gives its point back: one more start fits.
    fakeProvider.claims = govbrClaims(randomCpf());
    const returned = await back
      .loader({
        request: new Request(`${ORIGIN}/entrar/govbr/retorno?code=c&state=estado`, {
          headers: { cookie: `govbr=${last}` },
        }),
        params: {},
        context: { clientIp: client, requestId: "teste" },
      })
      .catch((e: unknown) => e);
    expect((returned as Response).status).toBe(302);
    expect((await startSignIn(client)).status).toBe(302);
    const rows = await db.govbrLogin.count();

    const refused = await startSignIn(client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatch(/Aguarde/);
    expect(await db.govbrLogin.count()).toBe(rows);
    // Another client is not affected.
    expect((await startSignIn(someClient())).status).toBe(302);
  });
});
