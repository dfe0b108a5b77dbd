// Issue #13 item 6: sign-in throttling was checked before and counted after the attempt (25
// parallel guesses → 10 evaluated) and keyed by the login as typed (e-mail and CPF: two
// budgets for one account). Now the attempt is counted first, atomically, by account id and by
// address; the 429 tells the browser when to come back.
import { describe, expect, it } from "vitest";
import { authenticate } from "~/models/user.server";
import { headers as signUpHeaders } from "~/routes/cadastro/route";
import { action, headers } from "~/routes/entrar/route";
import { headers as forgotHeaders } from "~/routes/senha.esqueci/route";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { consumeLimit } from "~/utils/rate-limit.server";
import { createUser, uniqueEmail } from "../support/factories";

const PASSWORD = "uma-senha-bem-comprida-para-teste";
let ipCounter = 0;
const freshIp = () => `10.${200 + (ipCounter % 50)}.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`;

describe("sign-in throttling", () => {
  it("evaluates at most the account's budget of 25 parallel guesses", async () => {
    const u = await createUser({ password: PASSWORD });
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => authenticate(u.email, `chute-${i}`, freshIp())),
    );
    const evaluated = results.filter((r) => !r.ok && r.reason === "invalid").length;
    expect(evaluated).toBe(env().LOGIN_MAX_ATTEMPTS_ACCOUNT);
    expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(25 - evaluated);
    // Even the right password is not evaluated until the window ends.
    expect(await authenticate(u.email, PASSWORD, freshIp())).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("evaluates at most the address's budget of parallel guesses at many accounts", async () => {
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => authenticate(uniqueEmail(`chute${i}`), "errada", ip)),
    );
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(env().LOGIN_MAX_ATTEMPTS_IP);
  });

  it("gives the e-mail and the CPF of one account one budget", async () => {
    const u = await createUser({ password: PASSWORD });
    for (let i = 0; i < 3; i++)
      expect(await authenticate(u.email, `errada-${i}`, freshIp())).toMatchObject({ reason: "invalid" });
    for (let i = 0; i < 2; i++)
      expect(await authenticate(u.cpf, `errada-cpf-${i}`, freshIp())).toMatchObject({ reason: "invalid" });
    expect(await authenticate(u.cpf, PASSWORD, freshIp())).toMatchObject({ ok: false, reason: "throttled" });
    expect(await authenticate(u.email.toUpperCase(), PASSWORD, freshIp())).toMatchObject({
      ok: false,
      reason: "throttled",
    });
  });

  it("throttles an unknown login like a known one, so the answer does not reveal which exist", async () => {
    const email = uniqueEmail("ninguem");
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await authenticate(email, "errada", freshIp()));
    expect(answers.slice(0, 5).every((a) => !a.ok && a.reason === "invalid")).toBe(true);
    expect(answers[5]).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("does not spend the address's budget on successful sign-ins (an office behind one address)", async () => {
    const u = await createUser({ password: PASSWORD });
    const ip = freshIp();
    for (let i = 0; i < env().LOGIN_MAX_ATTEMPTS_IP + 2; i++)
      expect(await authenticate(u.email, PASSWORD, ip)).toMatchObject({ ok: true });
  });

  it("counts each of many parallel attempts exactly once", async () => {
    const key = `teste:paralelo:${uniqueEmail()}`;
    const limits = await Promise.all(Array.from({ length: 30 }, () => consumeLimit(key, 7, 60_000)));
    expect(limits.filter((l) => l.allowed)).toHaveLength(7);
    expect(limits.map((l) => l.remaining).sort((a, b) => a - b)).toEqual([...Array(23).fill(0), 0, 1, 2, 3, 4, 5, 6]);
  });

  it("starts a new window once the old one has ended", async () => {
    const key = `teste:janela:${uniqueEmail()}`;
    const t0 = new Date("2026-03-01T10:00:00Z");
    for (let i = 0; i < 3; i++) await consumeLimit(key, 2, 60_000, t0);
    expect((await consumeLimit(key, 2, 60_000, new Date(t0.getTime() + 30_000))).allowed).toBe(false);
    const later = await Promise.all(
      Array.from({ length: 5 }, () => consumeLimit(key, 2, 60_000, new Date(t0.getTime() + 61_000))),
    );
    expect(later.filter((l) => l.allowed)).toHaveLength(2);
    // The raw statement stores the window's end as Prisma's own reads expect it.
    const row = await db.rateLimit.findUnique({ where: { key } });
    expect(row).toMatchObject({ points: 5, expireAt: new Date(t0.getTime() + 121_000) });
  });
});

describe("the 429 of the sign-in page", () => {
  it("carries Retry-After, and the route hands it to the document response", async () => {
    const u = await createUser({ password: PASSWORD });
    for (let i = 0; i < env().LOGIN_MAX_ATTEMPTS_ACCOUNT; i++) await authenticate(u.email, "errada", freshIp());
    const token = "token-csrf-de-teste-123";
    const request = new Request("http://localhost:3000/entrar", {
      method: "POST",
      body: new URLSearchParams({ csrf: token, login: u.email, password: PASSWORD }),
      headers: {
        Cookie: `csrf=${token}`,
        Origin: "http://localhost:3000",
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    const result = (await action({
      request,
      params: {},
      context: { clientIp: freshIp(), requestId: "teste" },
    })) as unknown as {
      init: { status: number; headers: Record<string, string> };
    };
    expect(result.init.status).toBe(429);
    const retryAfter = Number(result.init.headers["Retry-After"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(env().LOGIN_WINDOW_MINUTES * 60);

    // Remix builds a document response's headers from the route's `headers` export only.
    const sent = new Headers(
      headers({
        actionHeaders: new Headers({ "Retry-After": String(retryAfter) }),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect(sent.get("Retry-After")).toBe(String(retryAfter));
  });

  it("is passed on by the other forms that answer 429 (sign-up, forgotten password)", () => {
    for (const routeHeaders of [signUpHeaders, forgotHeaders]) {
      const sent = new Headers(
        routeHeaders({
          actionHeaders: new Headers({ "Retry-After": "120" }),
          loaderHeaders: new Headers(),
          parentHeaders: new Headers(),
          errorHeaders: undefined,
        }),
      );
      expect(sent.get("Retry-After")).toBe("120");
    }
  });
});
