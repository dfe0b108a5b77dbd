// Sessions (issue #13's suite): fixation, rotation at sign-in, sign-out and password reset ending
// sessions on the server, idle and absolute timeouts, and the cookie's flags — through the routes
// a browser uses (entrar, sair, senha/redefinir, painel) with real cookies. Timeouts are driven by
// setting the session row's timestamps, the settings read from env() (README's configuration).
import { afterEach, describe, expect, it, vi } from "vitest";
import { startSession } from "~/http/session.server";
import { issueToken } from "~/models/user.server";
import * as entrar from "~/routes/entrar/route";
import * as equipe from "~/routes/m.$municipio.equipe/route";
import * as painel from "~/routes/painel/route";
import * as sair from "~/routes/sair";
import * as redefinir from "~/routes/senha.redefinir.$token/route";
import { sha256Hex } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { createMunicipality, createUser } from "../support/factories";
import { answerOf, CSRF, ORIGIN, postTo, type RouteModule, staffOf } from "./access-world";

const PASSWORD = "uma-senha-bem-comprida-para-teste";
let ipCounter = 0;
/** A fresh address per sign-in, so the login budget of one test never touches another. */
const nextIp = () => `10.13.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The `name=value` of a Set-Cookie. */
const pairOf = (setCookie: string | null) => (setCookie ?? "").split(";")[0];
const tokenOf = (setCookie: string | null) => pairOf(setCookie).split("=")[1] ?? "";

async function signIn(login: string, cookie = "") {
  const form = new FormData();
  form.set("login", login);
  form.set("password", PASSWORD);
  form.set("csrf", CSRF);
  const request = new Request(`${ORIGIN}/entrar`, {
    method: "POST",
    headers: { cookie: `${cookie}; csrf=${CSRF}`, origin: ORIGIN },
    body: form,
  });
  const response = (await entrar.action({ request, params: {}, context: { clientIp: nextIp() } } as never)) as Response;
  expect(response.status).toBe(302);
  // The session's Set-Cookie (a new CSRF cookie comes with it: tests/security/csrf-rotation.test.ts).
  return response.headers.getSetCookie().find((c) => c.startsWith("sessao=")) ?? null;
}

/** What the signed-in home page answers to a cookie: 200, or a redirect to sign in. */
async function painelWith(cookie: string) {
  const request = new Request(`${ORIGIN}/painel`, { headers: { cookie } });
  return answerOf(() => painel.loader({ request, params: {}, context: {} } as never));
}

const sessionRow = (cookiePair: string) =>
  db.session.findUniqueOrThrow({ where: { tokenHash: sha256Hex(cookiePair.split("=")[1]) } });

describe("sign-in rotates the session (fixation)", () => {
  it("answers a new session id, never the one the browser brought, and ends the one brought", async () => {
    const attacker = await createUser();
    const victim = await createUser();
    // The attacker plants their own valid session cookie in the victim's browser.
    const planted = pairOf(await startSession(new Request(`${ORIGIN}/entrar`), attacker.id));
    const setCookie = await signIn(victim.email, planted);
    expect(pairOf(setCookie)).toMatch(/^sessao=[A-Za-z0-9_-]{16,}$/);
    expect(pairOf(setCookie)).not.toBe(planted);
    expect((await painelWith(planted)).status).toBe(302);
    expect((await painelWith(pairOf(setCookie))).status).toBe(200);
    expect((await sessionRow(pairOf(setCookie))).userId).toBe(victim.id);
  });

  it("does not adopt a made-up session id either", async () => {
    const u = await createUser();
    const made = `sessao=${"a".repeat(43)}`;
    const setCookie = await signIn(u.cpf, made);
    expect(tokenOf(setCookie)).not.toBe("a".repeat(43));
    expect(await db.session.count({ where: { tokenHash: sha256Hex("a".repeat(43)) } })).toBe(0);
  });

  it("ends the user's previous session in the same browser when they sign in again", async () => {
    const u = await createUser();
    const first = pairOf(await signIn(u.email));
    const second = pairOf(await signIn(u.email, first));
    expect(second).not.toBe(first);
    expect((await painelWith(first)).status).toBe(302);
    expect((await painelWith(second)).status).toBe(200);
  });
});

describe("sign-out", () => {
  it("revokes the session on the server: the old cookie, replayed, signs in no one", async () => {
    const u = await createUser();
    const cookie = pairOf(await signIn(u.email));
    expect((await painelWith(cookie)).status).toBe(200);
    const form = new FormData();
    form.set("csrf", CSRF);
    const response = (await sair.action({
      request: new Request(`${ORIGIN}/sair`, {
        method: "POST",
        headers: { cookie: `${cookie}; csrf=${CSRF}`, origin: ORIGIN },
        body: form,
      }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(response.headers.get("set-cookie")).toMatch(/^sessao=;.*Max-Age=0/);
    // The signed-out page deletes Meu crachá's offline copy with its script; no Clear-Site-Data,
    // whose "storage" would also erase a fiscal's unsent autos (ADR 033).
    expect(await response.text()).toContain('src="/carteira/esquecer.js"');
    expect(response.headers.get("clear-site-data")).toBeNull();
    const replay = await painelWith(cookie);
    expect(replay.status).toBe(302);
    expect(replay.location).toMatch(/^\/entrar\?voltar=/);
    expect((await sessionRow(cookie)).revokedAt).not.toBeNull();
  });
});

describe("password reset", () => {
  it("ends every session of the account, on every device", async () => {
    const u = await createUser();
    const phone = pairOf(await signIn(u.email));
    const laptop = pairOf(await signIn(u.cpf));
    const other = await createUser();
    const untouched = pairOf(await signIn(other.email));
    const token = await db.$transaction((tx) => issueToken(tx, u.id, u.email, "RESET_PASSWORD", new Date()));
    const reset = await postTo(
      redefinir as RouteModule,
      `/senha/redefinir/${token}`,
      null,
      { token },
      { password: "nova-senha-longa-e-dificil-8842", confirm: "nova-senha-longa-e-dificil-8842" },
    );
    expect(reset.status, reset.body).toBe(302);
    expect((await painelWith(phone)).status).toBe(302);
    expect((await painelWith(laptop)).status).toBe(302);
    expect((await painelWith(untouched)).status).toBe(200);
  });
});

describe("timeouts", () => {
  const minutes = (n: number) => new Date(Date.now() - n * 60_000);

  it(`ends a session idle for SESSION_IDLE_MINUTES, not one idle for a minute less`, async () => {
    const idle = env().SESSION_IDLE_MINUTES;
    const u = await createUser();
    const cookie = pairOf(await signIn(u.email));
    const row = await sessionRow(cookie);
    await db.session.update({ where: { id: row.id }, data: { lastSeenAt: minutes(idle - 1) } });
    expect((await painelWith(cookie)).status).toBe(200);
    await db.session.update({ where: { id: row.id }, data: { lastSeenAt: minutes(idle + 1) } });
    expect((await painelWith(cookie)).status).toBe(302);
  });

  it("ends a session SESSION_ABSOLUTE_HOURS after sign-in however active it was", async () => {
    const hours = env().SESSION_ABSOLUTE_HOURS;
    const u = await createUser();
    const cookie = pairOf(await signIn(u.email));
    const row = await sessionRow(cookie);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(hours * 3_600_000);
    // Active a minute ago, signed in just under the limit: alive.
    await db.session.update({
      where: { id: row.id },
      data: { createdAt: minutes(hours * 60 - 1), expiresAt: new Date(Date.now() + 60_000), lastSeenAt: minutes(1) },
    });
    expect((await painelWith(cookie)).status).toBe(200);
    // Past the stored expiry.
    await db.session.update({ where: { id: row.id }, data: { expiresAt: minutes(1) } });
    expect((await painelWith(cookie)).status).toBe(302);
    // A row whose stored expiry is later than the setting allows (the setting was lowered since).
    await db.session.update({
      where: { id: row.id },
      data: { createdAt: minutes(hours * 60 + 1), expiresAt: new Date(Date.now() + 3_600_000) },
    });
    expect((await painelWith(cookie)).status).toBe(302);
  });
});

describe("grants are read at each request, not kept in the session", () => {
  it("a staff role disabled now refuses the next request made with the same cookie", async () => {
    const m = await createMunicipality();
    const gestor = await staffOf(m, ["GESTOR"]);
    const cookie = pairOf(await signIn((await db.user.findUniqueOrThrow({ where: { id: gestor.id } })).email));
    const load = () =>
      answerOf(() =>
        equipe.loader({
          request: new Request(`${ORIGIN}/m/${m.slug}/equipe`, { headers: { cookie } }),
          params: { municipio: m.slug },
          context: {},
        } as never),
      );
    expect((await load()).status).toBe(200);
    await db.roleAssignment.updateMany({ where: { userId: gestor.id }, data: { disabledAt: new Date() } });
    expect((await load()).status).toBe(403);
    await db.user.update({ where: { id: gestor.id }, data: { disabledAt: new Date() } });
    expect((await painelWith(cookie)).status).toBe(302);
  });
});

describe("the session cookie's flags", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("on http (local runs): HttpOnly, SameSite=Lax, Path=/, host-only, lasting the absolute lifetime", async () => {
    const u = await createUser();
    const setCookie = (await signIn(u.email)) ?? "";
    const attributes = setCookie.split(";").map((a) => a.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/", `Max-Age=${env().SESSION_ABSOLUTE_HOURS * 3600}`]),
    );
    expect(setCookie).not.toMatch(/Domain=/i);
  });

  it("over https: Secure and __Host-, and a plain-named cookie (planted by a sibling subdomain) is ignored", async () => {
    vi.resetModules();
    vi.stubEnv("PUBLIC_BASE_URL", "https://credencia.example.gov.br");
    const cookies = await import("~/http/cookies.server");
    const setCookie = cookies.serializeCookie("sessao", "b".repeat(43), 3600);
    expect(setCookie.split("; ")).toEqual(
      expect.arrayContaining([`__Host-sessao=${"b".repeat(43)}`, "Secure", "HttpOnly", "SameSite=Lax", "Path=/"]),
    );
    expect(setCookie).not.toMatch(/Domain=/i);
    const withCookie = (cookie: string) => new Request("https://credencia.example.gov.br/", { headers: { cookie } });
    expect(cookies.readCookie(withCookie(`sessao=${"c".repeat(43)}`), "sessao")).toBeNull();
    expect(cookies.readCookie(withCookie(`__Host-sessao=${"d".repeat(43)}`), "sessao")).toBe("d".repeat(43));
  });
});
