// ADR 047: the four public hot paths are answered by server.js's node:http listener before
// Express. What a client receives must not change: helmet's headers (computed once) equal what
// helmet sets on a live Express response, a fresh nonce each time, HEAD without a body, gzip for
// the QR page as compression would, the client's address by TRUST_PROXY, anything of another
// shape left to Express and Remix, and a failure answered in Portuguese without the token in the log.
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type HttpSettings, httpSettings, parseEnv } from "~/utils/env.server";
import { securityHeaders } from "../../server.js";
import { httpOnly, startApp } from "./http-app";

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
  vi.restoreAllMocks();
});

const remixMarker = (_context: Record<string, unknown>, _req: unknown, res: any) => res.type("text").send("remix");

const PAGE = `<!DOCTYPE html><html lang="pt-BR"><title>VÁLIDO</title><p>${"Credencial válida. ".repeat(120)}</p></html>`;
const pageModule = {
  isQrPageToken: (token: string) => token.startsWith("tok"),
  verifyPageAnswer: async (token: string, ip: string) => ({
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Ip": ip },
    html: PAGE.replace("VÁLIDO", `VÁLIDO ${token}`),
  }),
};

async function start(settings: HttpSettings = httpOnly, module: Record<string, unknown> = pageModule) {
  const app = await startApp(settings, remixMarker, module);
  closers.push(app.close);
  return app;
}

/** helmet as Express ran it before ADR 047: nonce, helmet, Permissions-Policy, live per response. */
async function liveHelmet(settings: HttpSettings) {
  const app = express();
  app.disable("x-powered-by");
  app.use((_req, res, next) => {
    res.locals.cspNonce = "abc";
    next();
  });
  app.use(securityHeaders(settings));
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(self), geolocation=(self), microphone=()");
    next();
  });
  app.get("*", (_req, res) => res.end());
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

// Framing and content headers: the route's own, not the security set.
const FRAMING = ["date", "connection", "keep-alive", "content-length", "transfer-encoding", "vary"];
const CONTENT = ["content-type", "cache-control", "etag", "x-ip"];
const securitySet = (headers: Headers) =>
  [...headers.entries()]
    .filter(([name]) => !FRAMING.includes(name) && !CONTENT.includes(name))
    .map(([name, value]) => [name, value.replace(/'nonce-[^']+'/, "'nonce-N'")])
    .sort();

describe("the hot paths before Express", () => {
  it.each([
    ["http", httpOnly],
    ["https", httpSettings(parseEnv({ PUBLIC_BASE_URL: "https://credencia.itauna.mg.gov.br" }))],
  ])("send exactly helmet's headers, as Express did (%s)", async (_, settings) => {
    const app = await start(settings);
    const expected = securitySet((await liveHelmet(settings)).headers);
    expect(expected.map(([name]) => name)).toContain("content-security-policy");
    for (const path of ["/api/v1/verify/abc", "/v/tok123"]) {
      const res = await app.fetch(path, { headers: { "Accept-Encoding": "identity" } });
      expect(await res.text(), path).not.toBe("remix");
      expect(securitySet(res.headers), path).toEqual(expected);
    }
    // Express's own responses (Remix behind it) carry the same set.
    expect(securitySet((await app.fetch("/entrar")).headers)).toEqual(expected);
  });

  it("gives every response a nonce of its own", async () => {
    const app = await start();
    const nonces = new Set<string | null>();
    for (let i = 0; i < 4; i++)
      nonces.add((await app.fetch("/api/v1/verify/abc")).headers.get("content-security-policy"));
    expect(nonces.size).toBe(4);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const app = await start();
    for (const path of ["/api/v1/verify/abc", "/v/tok123"]) {
      const get = await app.fetch(path, { headers: { "Accept-Encoding": "identity" } });
      const head = await app.fetch(path, { method: "HEAD", headers: { "Accept-Encoding": "identity" } });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
      expect((await get.text()).length).toBeGreaterThan(0);
    }
  });

  it("gzips the QR page for a client that accepts it, and says it varies", async () => {
    const app = await start();
    const plain = await app.fetch("/v/tok123", { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    const html = await plain.text();
    expect(html).toContain("VÁLIDO tok123");
    // Read raw so the gzip on the wire is seen (fetch would undo it).
    const { request } = await import("node:http");
    const zipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      request(app.base + "/v/tok123", { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });
    expect(zipped.encoding).toBe("gzip");
    expect(zipped.body.length).toBeLessThan(Buffer.byteLength(html) / 4);
    expect(gunzipSync(zipped.body).toString("utf8")).toBe(html);
  });

  it("reads the client's address by TRUST_PROXY, as Express does", async () => {
    const trusted = await start(httpSettings(parseEnv({ TRUST_PROXY: "1" })));
    const page = await trusted.fetch("/v/tok1", { headers: { "X-Forwarded-For": "6.6.6.6, 203.0.113.9" } });
    expect(page.headers.get("x-ip")).toBe("203.0.113.9");
    const untrusted = await start(httpSettings(parseEnv({})));
    const direct = await untrusted.fetch("/v/tok1", { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(direct.headers.get("x-ip")).toBe("127.0.0.1");
  });

  it.each([
    ["a path under /v/ that is not a token (the photo, the report form)", "GET", "/v/foto/abc"],
    ["a trailing slash", "GET", "/api/v1/verify/abc/"],
    ["another method", "POST", "/api/v1/verify/abc"],
    ["a serial status without its answer in the build", "GET", "/api/v1/credentials/X/status"],
  ])("leaves %s to Express and Remix", async (_, method, path) => {
    const app = await start();
    const res = await app.fetch(path, { method, headers: { Origin: app.base } });
    expect(await res.text()).toBe("remix");
    expect(res.headers.get("content-security-policy")).toMatch(/'nonce-/);
  });

  it("leaves a malformed escape to Express, which refuses it as before", async () => {
    const app = await start();
    const res = await app.fetch("/api/v1/verify/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(await res.text()).not.toBe("remix");
  });

  it("answers a failure with a plain 500 in Portuguese, logs the route but not the token, and goes on", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let fail = true;
    const app = await start(httpOnly, {
      verifyTokenAnswer: async (token: string) => {
        if (fail) throw new Error("banco fora do ar");
        return { status: 200, headers: { "Cache-Control": "no-store" }, body: { token } };
      },
    });
    const res = await app.fetch("/api/v1/verify/segredo-do-titular");
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toMatch(/Erro interno ao verificar/);
    const logged = error.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
    expect(logged).toContain("veredito JSON");
    expect(logged).toContain("banco fora do ar");
    expect(logged).not.toContain("segredo-do-titular");
    fail = false;
    expect(await (await app.fetch("/api/v1/verify/depois")).json()).toEqual({ token: "depois" });
  });
});

// A kept-alive connection must outlive the proxy's (nginx upstream keepalive_timeout, 60 s): with
// Node's default 5 s a reused socket could be closed under a request ("socket hang up", a 502).
describe("idle connections", () => {
  it("are kept open longer than the proxy in front keeps them, and say so", async () => {
    const app = await start();
    const res = await app.fetch("/qualquer");
    await res.text();
    expect(res.headers.get("keep-alive")).toBe("timeout=65");
  });
});
