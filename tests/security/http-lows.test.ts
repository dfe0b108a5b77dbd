// Issue #35's low findings at the HTTP level (ADR 050), each through server.js — with the real Remix
// runtime behind it where Remix's own behaviour was the fault (tests/security/http-app.ts):
// - OPTIONS on the verdict (/api/v1/verify/<token>, /v/<token>) ran a full verification;
// - /readyz (database, storage and Redis each time) was not rate-limited;
// - a whole IPv6 /64 was never counted as one client;
// - signed-in pages and data requests carried no `Cache-Control: private, no-store`;
// - the new API key's page dropped its action's `no-store` (the route had no `headers` export).
import { data, redirect } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as apiKeyRoute from "~/routes/operadora.$id.api/route";
import { loader as readyz } from "~/routes/readyz";
import { clientKey } from "~/utils/client-key";
import { httpSettings, parseEnv } from "~/utils/env.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { httpOnly, startApp, startRemix, type TestRoute } from "./http-app";

const probes = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/utils/health.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/utils/health.server")>();
  return { ...real, readiness: () => (probes.count++, real.readiness()) };
});

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

async function remix(routes: Record<string, TestRoute>, settings = httpOnly) {
  const app = await startRemix(settings, routes);
  closers.push(app.close);
  return app;
}

const TOKEN = "eyJhbGciOiJFUzI1NiJ9.eyJzIjoiSVRBLTIwMjYtMDAwMDEifQ.YXNzaW5hdHVyYQ";

describe("low: OPTIONS on the verdict", () => {
  it("is answered 204 with Allow, and verifies nothing, on /api/v1/verify/<token> and /v/<token>", async () => {
    const verified: string[] = [];
    const verifying =
      (where: string) =>
      async ({ params }: { params: Record<string, string> }) => {
        verified.push(`${where} ${params.token}`);
        return new Response("VÁLIDO");
      };
    const app = await remix({
      "routes/api.v1.verify.$token": { path: "api/v1/verify/:token", module: { loader: verifying("json") } },
      "routes/v.$token": { path: "v/:token", module: { loader: verifying("page") } },
    });
    for (const path of [`/api/v1/verify/${TOKEN}`, `/v/${TOKEN}`, `/v/${TOKEN}/`]) {
      const res = await app.fetch(path, { method: "OPTIONS" });
      expect(res.status, path).toBe(204);
      expect(res.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
      expect(await res.text()).toBe("");
    }
    expect(verified).toEqual([]);
    // A GET still verifies (the page's route, here; the JSON verdict goes by server.js's fast path).
    expect((await app.fetch(`/v/${TOKEN}`)).status).toBe(200);
    expect(verified).toEqual([`page ${TOKEN}`]);
  });
});

describe("low: /readyz", () => {
  const context = (clientIp: string) => ({
    request: new Request("http://localhost/readyz"),
    params: {},
    context: { clientIp, requestId: "r" },
  });

  it("gives one client 120 probes a minute on this server, then 429 with Retry-After; other clients go on", async () => {
    for (let i = 0; i < 120; i++) expect((await readyz(context("198.51.100.50"))).status).toBe(200);
    const refused = await readyz(context("198.51.100.50"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: "rate_limited" } });
    expect((await readyz(context("198.51.100.51"))).status).toBe(200);
  });

  it("probes that arrive while one runs share its checks", async () => {
    probes.count = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => readyz(context(`198.51.100.${100 + i}`))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(probes.count).toBe(1);
  });
});

describe("low: an IPv6 /64 is one client", () => {
  it("keys an IPv6 address by its /64, an IPv4-mapped address by its IPv4, and leaves the rest", () => {
    expect(clientKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:DB8:1:2::7")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("64:ff9b::203.0.113.7")).toBe("64:ff9b:0:0::/64");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("desconhecido")).toBe("desconhecido");
    expect(clientKey(clientKey("2001:db8:1:2::7"))).toBe("2001:db8:1:2::/64");
  });

  it("the load context's clientIp (every limit's key: sign-in, sign-up, reset, public) and the fast path's are the /64", async () => {
    const app = await startApp(httpSettings(parseEnv({ TRUST_PROXY: "1" })));
    closers.push(app.close);
    const from = async (path: string, address: string) =>
      (await app.fetch(path, { headers: { "X-Forwarded-For": address } })).json();
    expect((await from("/entrar", "2001:db8:1:2::a")).clientIp).toBe("2001:db8:1:2::/64");
    expect((await from("/entrar", "2001:db8:1:2:ffff:1:2:3")).clientIp).toBe("2001:db8:1:2::/64");
    expect((await from("/entrar", "2001:db8:1:3::a")).clientIp).toBe("2001:db8:1:3::/64");
    expect((await from("/entrar", "::ffff:203.0.113.9")).clientIp).toBe("203.0.113.9");
    expect((await from("/api/v1/verify/abc", "2001:db8:1:2::b")).ip).toBe("2001:db8:1:2::/64");
  });

  it("120 verifications from 120 addresses of one /64 use up that /64's public budget", async () => {
    const prefix = "2001:db8:35:64";
    for (let i = 1; i <= 120; i++) expect(await overLimit("verify", `${prefix}::${i.toString(16)}`)).toBeNull();
    expect(await overLimit("verify", `${prefix}:ffff::1`)).toBeGreaterThan(0);
    expect(await overLimit("verify", "2001:db8:35:65::1")).toBeNull();
  });
});

describe("low: signed-in answers are private", () => {
  const SESSION = `sessao=${"s".repeat(43)}`;
  const page: TestRoute = {
    path: "painel",
    module: {
      default: () => null,
      loader: async () => ({ nome: "Maria" }),
      action: async () => redirect("/painel", { headers: { "Set-Cookie": `sessao=${"n".repeat(43)}; Path=/` } }),
    },
  };

  it("a page and its data request to someone with a session, or that starts one, are `private, no-store`", async () => {
    const app = await remix({ "routes/painel": page });
    for (const path of ["/painel", "/painel.data"]) {
      const signedIn = await app.fetch(path, { headers: { Cookie: SESSION } });
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.headers.get("cache-control"), path).toBe("private, no-store");
      expect((await app.fetch(path)).headers.get("cache-control"), `${path} anonymous`).toBeNull();
    }
    // A sign-in submitted by the page's script (single fetch): its answer starts the session.
    const signIn = await app.fetch("/painel.data", { method: "POST", body: new URLSearchParams({}) });
    expect(signIn.headers.get("set-cookie")).toMatch(/^sessao=/);
    expect(signIn.headers.get("cache-control")).toBe("private, no-store");
  });

  it("the new API key's page keeps its action's `no-store` (the route's headers export)", async () => {
    expect(apiKeyRoute.headers).toBeTypeOf("function");
    const app = await remix({
      "routes/operadora.$id.api": {
        path: "operadora/:id/api",
        module: {
          default: () => null,
          headers: apiKeyRoute.headers,
          loader: async () => ({ keys: [] }),
          action: async () =>
            data({ created: { name: "ERP", secret: "ck_segredo" } }, { headers: { "Cache-Control": "no-store" } }),
        },
      },
    });
    const created = await app.fetch("/operadora/o1/api", { method: "POST", body: new URLSearchParams({}) });
    expect(created.status).toBe(200);
    expect(created.headers.get("cache-control")).toBe("no-store");
  });
});
