// "Entrar com gov.br" while the provider does not answer (issue #29): the start and the callback
// answer the portal's own page (503, "O gov.br não respondeu agora…", the way to sign in with CPF
// and password) — never a redirect to a provider that is down, never a 500 — for each failure
// point: discovery refused or timing out, a provider gone since the last sign-in, and the token
// exchange refused or timing out. GOVBR_TIMEOUT_MS bounds every wait (800 ms here).
import { createServer, type Server } from "node:http";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const PORT = Number(process.env.GOVBR_DOWN_TEST_PORT ?? 3762);
vi.hoisted(() => {
  process.env.GOVBR_ISSUER = `http://127.0.0.1:${process.env.GOVBR_DOWN_TEST_PORT ?? 3762}`;
  process.env.GOVBR_CLIENT_ID = "portal-teste";
  process.env.GOVBR_CLIENT_SECRET = "segredo-de-teste";
  process.env.GOVBR_TIMEOUT_MS = "800";
});

import { GOVBR_MESSAGES } from "~/http/govbr.server";
import * as start from "~/routes/entrar_.govbr._index/route";
import * as back from "~/routes/entrar_.govbr.retorno/route";
import { forgetGovbrConfiguration } from "~/utils/oidc.server";

const ISSUER = `http://127.0.0.1:${PORT}`;
/** What the fake provider does: answer, or accept the connection and never answer (everything, or the token endpoint). */
let mode: "up" | "hang" | "hang-token" = "up";
let server: Server | null = null;

function listen(): Promise<void> {
  server = createServer((req, res) => {
    if (mode === "hang" || (mode === "hang-token" && req.url === "/token")) return;
    const json = (status: number, body: unknown) => {
      // No kept-alive socket: a stopped and restarted provider is not reached through a dead one.
      res.writeHead(status, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/.well-known/openid-configuration")
      return json(200, {
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/auth`,
        token_endpoint: `${ISSUER}/token`,
        jwks_uri: `${ISSUER}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
      });
    json(404, {});
  });
  return new Promise((resolve) => server!.listen(PORT, "127.0.0.1", resolve));
}

/** Stops the provider: connections refused from now on, held ones dropped. */
function stop(): Promise<void> {
  const s = server;
  server = null;
  if (!s) return Promise.resolve();
  s.closeAllConnections();
  return new Promise((resolve) => s.close(() => resolve()));
}

beforeAll(() => vi.spyOn(console, "warn").mockImplementation(() => {}));
beforeEach(async () => {
  mode = "up";
  forgetGovbrConfiguration();
  await stop();
});
afterAll(async () => {
  await stop();
  vi.restoreAllMocks();
});

type Handler = (args: LoaderFunctionArgs) => unknown;
type Answer = { status: number; location: string | null; error: string | null; cookies: string[] };

// Each call from its own address: the starts' per-address limit is not what these tests are about.
let calls = 0;

/** What the browser gets from a loader: a redirect, or the page's data with its status. */
async function call(handler: Handler, path: string, cookie?: string): Promise<Answer> {
  const request = new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
  let result: unknown;
  try {
    result = await handler({
      request,
      params: {},
      context: { clientIp: `10.9.8.${++calls}`, requestId: "t" },
    } as never);
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    result = e;
  }
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get("location"),
      error: null,
      cookies: result.headers.getSetCookie(),
    };
  const wrapped = result as { type?: string; init?: ResponseInit | null; data?: { error?: string } };
  const headers = new Headers(wrapped.init?.headers);
  return {
    status: wrapped.init?.status ?? 200,
    location: null,
    error: wrapped.data?.error ?? null,
    cookies: headers.getSetCookie(),
  };
}

const begin = () => call(start.loader as Handler, "/entrar/govbr");
const attemptCookie = (a: Answer) => a.cookies.find((c) => c.startsWith("govbr="))!.split(";")[0];
/** The callback as the provider sends the browser back: a code and the state it was given. */
const finish = (started: Answer) => {
  const state = new URL(started.location!).searchParams.get("state");
  return call(back.loader as Handler, `/entrar/govbr/retorno?code=codigo&state=${state}`, attemptCookie(started));
};

function expectPortalPage(a: Answer) {
  expect(a).toMatchObject({ status: 503, location: null, error: GOVBR_MESSAGES.unavailable });
  expect(a.error).toMatch(/gov\.br não respondeu/);
  expect(a.error).toMatch(/CPF e senha/);
  // The sign-in in flight is dropped with the page.
  expect(a.cookies.some((c) => /^govbr=;/.test(c))).toBe(true);
}

describe("pressing “Entrar com gov.br” while the provider does not answer", () => {
  it("discovery refused (nothing listens): the portal's page, not a redirect", async () => {
    expectPortalPage(await begin());
  });

  it("discovery that never answers: the portal's page once GOVBR_TIMEOUT_MS runs out", async () => {
    await listen();
    mode = "hang";
    expectPortalPage(await begin());
  });

  it("a provider gone since the last sign-in: found out at the start, the browser is not sent to it", async () => {
    await listen();
    const before = await begin();
    expect(before.status).toBe(302);
    expect(before.location).toMatch(new RegExp(`^${ISSUER}/auth\\?`));
    await stop();
    expectPortalPage(await begin());
  });

  it("and once it answers again, the sign-in starts as usual", async () => {
    expectPortalPage(await begin());
    await listen();
    expect((await begin()).location).toMatch(new RegExp(`^${ISSUER}/auth\\?`));
  });
});

describe("coming back from gov.br while its token endpoint does not answer", () => {
  it("token exchange refused (the provider stopped after the person signed in there)", async () => {
    await listen();
    const started = await begin();
    await stop();
    expectPortalPage(await finish(started));
  });

  it("token exchange that never answers: the portal's page once GOVBR_TIMEOUT_MS runs out", async () => {
    await listen();
    const started = await begin();
    mode = "hang-token";
    expectPortalPage(await finish(started));
  });
});
