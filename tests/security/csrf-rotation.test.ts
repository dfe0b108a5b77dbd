// Issue #35, low finding "the CSRF token is the same before and after sign-in" (ADR 053): every
// sign-in (password, gov.br) and every sign-out answers a new CSRF cookie, so a token
// seen or planted before — on a shared computer, or a cookie set by a sibling subdomain over
// http — no longer passes the check of the forms the signed-in person submits.
import { describe, expect, it } from "vitest";
import { assertCsrf } from "~/http/csrf.server";
import { signedIn } from "~/http/govbr.server";
import * as entrar from "~/routes/entrar/route";
import * as sair from "~/routes/sair";
import { db } from "~/utils/db.server";
import { createUser } from "../support/factories";
import { CSRF, ORIGIN } from "./access-world";

const PASSWORD = "uma-senha-bem-comprida-para-teste";

/** An account that may sign in with its password (e-mail confirmed). */
async function account() {
  const u = await createUser();
  await db.user.update({ where: { id: u.id }, data: { emailVerifiedAt: new Date() } });
  return u;
}
let ip = 0;
const nextIp = () => `10.35.${Math.floor(++ip / 250)}.${ip % 250}`;

/** The value a Set-Cookie list gives a cookie (undefined: not set). */
function cookieValue(response: Response, name: string): string | undefined {
  const line = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return line?.split(";")[0].slice(name.length + 1);
}

/** The browser's cookies after the response: what it had, with the response's cookies applied. */
function jarAfter(before: Record<string, string>, response: Response): Record<string, string> {
  const jar = { ...before };
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const i = pair.indexOf("=");
    jar[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return jar;
}

const header = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");

/** Whether a form carrying `token`, sent by the browser with these cookies, passes the CSRF check. */
function passes(jar: Record<string, string>, token: string): boolean {
  const request = new Request(`${ORIGIN}/qualquer`, {
    method: "POST",
    headers: { cookie: header(jar), origin: ORIGIN },
  });
  try {
    assertCsrf(request, token);
    return true;
  } catch (e) {
    if (e instanceof Response && e.status === 403) return false;
    throw e;
  }
}

function post(path: string, fields: Record<string, string>, cookies: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("csrf", CSRF);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie: header(cookies), origin: ORIGIN },
    body: form,
  });
}

async function responseOf(run: () => unknown): Promise<Response> {
  try {
    const r = await run();
    if (r instanceof Response) return r;
    throw new Error(`not a Response: ${JSON.stringify(r)}`);
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** The token known before (CSRF) no longer passes after; the new one does. */
function expectRotated(before: Record<string, string>, response: Response) {
  const fresh = cookieValue(response, "csrf");
  expect(fresh, "a new CSRF cookie").toMatch(/^[A-Za-z0-9_-]{32,}$/);
  expect(fresh).not.toBe(CSRF);
  const jar = jarAfter(before, response);
  expect(passes(before, CSRF), "the old token passed before").toBe(true);
  expect(passes(jar, CSRF), "the old token still passes").toBe(false);
  expect(passes(jar, fresh!)).toBe(true);
  return jar;
}

describe("CSRF token rotated at sign-in and sign-out (issue #35)", () => {
  it("a password sign-in answers a new CSRF token: the one from before no longer passes", async () => {
    const u = await account();
    const before = { csrf: CSRF };
    const response = await responseOf(() =>
      entrar.action({
        request: post("/entrar", { login: u.email, password: PASSWORD }, before),
        params: {},
        context: { clientIp: nextIp() },
      } as never),
    );
    expect(response.status).toBe(302);
    // The session cookie comes first, as before (the sessions suite reads it so).
    expect(response.headers.getSetCookie()[0]).toMatch(/^sessao=/);
    expectRotated(before, response);
  });

  it("a gov.br sign-in (the callback's and the link page's common exit) answers a new CSRF token", async () => {
    const u = await account();
    const before = { csrf: CSRF };
    const request = new Request(`${ORIGIN}/entrar/govbr/retorno?code=x&state=y`, {
      headers: { cookie: header(before) },
    });
    const response = await signedIn(
      request,
      u.id,
      { level: "prata", idToken: null, sid: null },
      { returnTo: null, requiredLevel: null },
    );
    expect(response.status).toBe(302);
    expectRotated(before, response);
  });

  it("sign-out answers a new CSRF token too", async () => {
    const u = await account();
    const signIn = await responseOf(() =>
      entrar.action({
        request: post("/entrar", { login: u.email, password: PASSWORD }, { csrf: CSRF }),
        params: {},
        context: { clientIp: nextIp() },
      } as never),
    );
    // Signed in, with a token the test now sets back to the known one (as if it had leaked).
    const signedInJar = { ...jarAfter({}, signIn), csrf: CSRF };
    const response = await responseOf(() =>
      sair.action({ request: post("/sair", {}, signedInJar), params: {}, context: {} } as never),
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()[0]).toMatch(/^sessao=;/);
    expectRotated(signedInJar, response);
  });
});
