// "Entrar com gov.br" driven through its routes as the browser would, for the security tests of
// ADR 054: /entrar/govbr (start: the attempt and its cookie), /entrar/govbr/retorno (the callback,
// whose verified claims tests/security/fake-govbr.ts supplies), and /entrar/govbr/vincular (the
// page that asks the next step), carrying the `govbr` cookie from one to the next.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { liveSession } from "~/models/session.server";
import * as start from "~/routes/entrar_.govbr._index/route";
import * as back from "~/routes/entrar_.govbr.retorno/route";
import * as link from "~/routes/entrar_.govbr.vincular/route";
import { CSRF, ORIGIN } from "./access-world";
import { fakeProvider } from "./fake-govbr";

export type Answer = { status: number; headers: Headers; location: string | null; body: string; cookies: string[] };

type Handler = (args: LoaderFunctionArgs) => unknown;

/** What the browser receives from a loader or action: a Response (returned or thrown) or data. */
async function answer(handler: Handler, request: Request, clientIp: string): Promise<Answer> {
  let result: unknown;
  try {
    result = await handler({ request, params: {}, context: { clientIp, requestId: "teste" } } as LoaderFunctionArgs);
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    result = e;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      headers: result.headers,
      location: result.headers.get("location"),
      body: await result.text(),
      cookies: result.headers.getSetCookie(),
    };
  }
  const wrapped = result as { type?: string; init?: ResponseInit | null; data?: unknown };
  const init = wrapped?.type === "DataWithResponseInit" ? (wrapped.init ?? {}) : {};
  const headers = new Headers(init.headers);
  const body = JSON.stringify(wrapped?.type === "DataWithResponseInit" ? wrapped.data : result);
  return { status: init.status ?? 200, headers, location: null, body, cookies: headers.getSetCookie() };
}

/** The value a Set-Cookie list gives the cookie (null when absent or cleared). */
export function cookieValue(cookies: string[], name: string): string | null {
  for (const c of cookies) {
    const [pair] = c.split(";");
    const i = pair.indexOf("=");
    if (pair.slice(0, i).trim() === name) return pair.slice(i + 1) || null;
  }
  return null;
}

const get = (path: string, cookie?: string) => new Request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });

/** GET /entrar/govbr from the client's address. */
export const startSignIn = (clientIp: string) => answer(start.loader as Handler, get("/entrar/govbr"), clientIp);

/** The whole round trip: start, then the callback with these verified claims. */
export async function govbrSignIn(claims: Record<string, unknown>, clientIp = "10.20.30.40") {
  const started = await startSignIn(clientIp);
  if (started.status !== 302) throw new Error(`start answered ${started.status}: ${started.body}`);
  fakeProvider.claims = claims;
  const attempt = cookieValue(started.cookies, "govbr");
  const returned = await answer(
    back.loader as Handler,
    get("/entrar/govbr/retorno?code=codigo&state=estado", `govbr=${attempt}`),
    clientIp,
  );
  return {
    returned,
    /** The held identity's cookie, when the callback sent the person to "Vincular sua conta gov.br". */
    govbr: returned.location === "/entrar/govbr/vincular" ? cookieValue(returned.cookies, "govbr") : null,
    /** The account a session was opened for, if any. */
    userId: await signedInUser(returned),
  };
}

/** The account whose session an answer's Set-Cookie opened, or null. */
export async function signedInUser(a: Answer): Promise<string | null> {
  const token = cookieValue(a.cookies, "sessao");
  return token ? ((await liveSession(token, new Date()))?.userId ?? null) : null;
}

/** GET /entrar/govbr/vincular with the held identity's cookie. */
export const linkPage = (govbr: string) =>
  answer(link.loader as Handler, get("/entrar/govbr/vincular", `govbr=${govbr}`), "10.20.30.40");

/** POST /entrar/govbr/vincular (with CSRF, from this site). */
export async function postLinkPage(govbr: string, fields: Record<string, string>, clientIp = "10.20.30.40") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("csrf", CSRF);
  const request = new Request(`${ORIGIN}/entrar/govbr/vincular`, {
    method: "POST",
    headers: { cookie: `govbr=${govbr}; csrf=${CSRF}`, origin: ORIGIN },
    body: form,
  });
  const a = await answer(link.action as Handler, request, clientIp);
  return { ...a, userId: await signedInUser(a) };
}
