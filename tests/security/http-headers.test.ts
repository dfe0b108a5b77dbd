// Issue #13 items 4 and 7: the security headers come from helmet, configured in server.js:
// HSTS when the public address is https, a CSP whose scripts need this response's nonce (no
// 'unsafe-inline'), frame-ancestors 'none', nosniff, Referrer-Policy; a route's own stricter
// headers (stored files: sandbox CSP) replace the defaults instead of doubling them.
import { afterEach, describe, expect, it } from "vitest";
import { httpSettings, parseEnv } from "~/utils/env.server";
import { httpOnly, startApp } from "./http-app";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

// "Remix" renders a page whose inline script carries the nonce it got from the load context.
const page = (context: Record<string, unknown>, _req: unknown, res: any) =>
  res.type("html").send(`<!DOCTYPE html><script nonce="${context.cspNonce}">window.ok = 1</script>`);

async function start(settings = httpOnly, handler = page) {
  const app = await startApp(settings, handler);
  close = app.close;
  return app;
}

function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe("security headers", () => {
  it("allows scripts only from the portal or with the response's own nonce, which Remix receives", async () => {
    const app = await start();
    const res = await app.fetch("/entrar");
    const csp = directives(res.headers.get("content-security-policy"));
    const scripts = csp.get("script-src") ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    const nonce = scripts.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(await res.text()).toContain(`<script nonce="${nonce}">`);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it("makes a new nonce for every response", async () => {
    const app = await start();
    const nonces = new Set<string | null>();
    for (let i = 0; i < 5; i++) nonces.add((await app.fetch("/")).headers.get("content-security-policy"));
    expect(nonces.size).toBe(5);
  });

  it("sends nosniff, frame denial, Referrer-Policy and Permissions-Policy, and no X-Powered-By", async () => {
    const app = await start();
    const res = await app.fetch("/");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=(self)");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("sends HSTS when the public address is https, and not over plain http", async () => {
    const https = await start(httpSettings(parseEnv({ PUBLIC_BASE_URL: "https://credencia.itauna.mg.gov.br" })));
    const hsts = (await https.fetch("/")).headers.get("strict-transport-security");
    expect(hsts).toMatch(/max-age=31536000/);
    expect(hsts).toContain("includeSubDomains");
    expect(
      directives((await https.fetch("/")).headers.get("content-security-policy")).has("upgrade-insecure-requests"),
    ).toBe(true);
    await https.close();
    const http = await start(httpSettings(parseEnv({ PUBLIC_BASE_URL: "http://localhost:3000" })));
    expect((await http.fetch("/")).headers.get("strict-transport-security")).toBeNull();
  });

  it("gives the JSON verdict, answered in front of Remix, the same headers", async () => {
    const app = await start(httpSettings(parseEnv({ PUBLIC_BASE_URL: "https://credencia.lavras.mg.gov.br" })));
    const res = await app.fetch("/api/v1/verify/qualquer");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("lets a stored file's sandbox CSP replace the page policy instead of being sent next to it", async () => {
    // What @remix-run/express does with a route's headers: res.append each one.
    const app = await start(httpOnly, (_context, _req, res) => {
      res.append("Content-Security-Policy", "default-src 'none'; sandbox");
      res.append("X-Content-Type-Options", "nosniff");
      res.append("Set-Cookie", "a=1");
      res.append("Set-Cookie", "b=2");
      res.type("application/pdf").send("%PDF-1.7");
    });
    const res = await app.fetch("/documentos/1");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
  });
});
