// The typed-serial status and the status list are answered by server.js before Remix (ADR 043)
// with the functions their Remix routes call. Through the real Express app, the framework-less
// answer and the Remix route's answer have the same status, headers and bytes — for a genuine
// serial, its typed code, a malformed and an unknown one, a known and an unknown municipality,
// and the 429 of a client over its limit — but for the date, the CSP nonce and the framing
// (Content-Length here, chunked from Remix).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serialStatusAnswer, statusListAnswer } from "~/api/credential-status.server";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { loader as statusLoader } from "~/routes/api.v1.credentials.$serial.status";
import { loader as statusListLoader } from "~/routes/api.v1.status-list.$municipality";
import type { HttpSettings } from "~/utils/env.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { createMunicipality, createSignedCredential, IN_FORCE_IN_2026 } from "../support/factories";
import { startApp } from "./http-app";
import { getRoute, someClient } from "./public-routes";

const settings: HttpSettings = { trustProxy: ["loopback"], https: false, mode: "production" };
const now = new Date("2026-06-01T15:00:00Z");
const FRAMING = ["date", "content-security-policy", "content-length", "transfer-encoding", "connection", "keep-alive"];

/** "Remix": the route's loader, its Response written the way @remix-run/express writes one. */
const remixRoutes = async (context: Record<string, unknown>, req: any, res: any) => {
  const serial = /^\/api\/v1\/credentials\/([^/]+)\/status$/.exec(req.path);
  const ibge = /^\/api\/v1\/status-list\/([^/]+)$/.exec(req.path);
  const response = serial
    ? await getRoute(statusLoader, req.url, { serial: decodeURIComponent(serial[1]) }, String(context.clientIp))
    : ibge
      ? await getRoute(
          statusListLoader,
          req.url,
          { municipality: decodeURIComponent(ibge[1]) },
          String(context.clientIp),
        )
      : new Response("rota desconhecida no teste", { status: 404 });
  res.status(response.status);
  response.headers.forEach((value, name) => res.append(name, value));
  res.write(await response.text());
  res.end();
};

let fast: Awaited<ReturnType<typeof startApp>>;
let remix: Awaited<ReturnType<typeof startApp>>;
let genuine: { serial: string; ibge: string };

beforeAll(async () => {
  const m = await createMunicipality();
  const { credential } = await createSignedCredential(m, IN_FORCE_IN_2026);
  genuine = { serial: credential.serial, ibge: m.ibgeCode };
  fast = await startApp(settings, remixRoutes, { serialStatusAnswer, statusListAnswer });
  remix = await startApp(settings, remixRoutes);
  vi.useFakeTimers({ toFake: ["Date"], now });
});

afterAll(async () => {
  vi.useRealTimers();
  await Promise.all([fast?.close(), remix?.close()]);
});

async function answer(app: typeof fast, path: string, client: string) {
  const response = await app.fetch(path, {
    headers: { "X-Forwarded-For": client, "User-Agent": "Mozilla/5.0 (Android) Chrome/130", "Accept-Encoding": "gzip" },
  });
  const headers = [...response.headers.entries()].filter(([name]) => !FRAMING.includes(name)).sort();
  return { status: response.status, headers, body: await response.text() };
}

/** The same request to both apps, from an address of its own each (the limit counts per address). */
async function bothAnswers(path: string) {
  return { fast: await answer(fast, path, someClient()), remix: await answer(remix, path, someClient()) };
}

describe("server.js answers the serial status and the status list as their Remix routes do", () => {
  it("the fast path is the one answering (the stand-in Remix is not called for it)", async () => {
    const marker = await fast.fetch("/api/v1/status-list/0000000");
    expect(await marker.text()).not.toBe("rota desconhecida no teste");
    expect(await (await fast.fetch("/outra")).text()).toBe("rota desconhecida no teste");
  });

  it.each([
    ["a genuine serial", () => `/api/v1/credentials/${genuine.serial}/status`, 200],
    ["its typed code", () => `/api/v1/credentials/${encodeURIComponent(typedCodeFor(genuine.serial))}/status`, 200],
    ["an unknown serial", () => `/api/v1/credentials/${genuine.serial.slice(0, -1)}9/status`, 200],
    ["a malformed serial", () => `/api/v1/credentials/${encodeURIComponent("' OR 1=1 --")}/status`, 400],
    ["a known municipality's status list", () => `/api/v1/status-list/${genuine.ibge}`, 200],
    ["an unknown municipality", () => `/api/v1/status-list/0000000`, 404],
  ])("%s", async (_, path, status) => {
    const { fast: a, remix: b } = await bothAnswers(path());
    expect(a.status).toBe(status);
    expect(a.headers.map(([name]) => name)).toContain("access-control-allow-origin");
    expect(a).toEqual(b);
  });

  it("the genuine serial's answer is its live status, without the holder", async () => {
    const { fast: a } = await bothAnswers(`/api/v1/credentials/${genuine.serial}/status`);
    expect(JSON.parse(a.body)).toMatchObject({ verdict: "VALID", credential: { serial: genuine.serial } });
    expect(a.body).not.toContain("Joana");
  });

  it.each([
    ["serial status", () => `/api/v1/credentials/${genuine.serial}/status`],
    ["status list", () => `/api/v1/status-list/${genuine.ibge}`],
  ])("a client over its limit gets the same 429 from both (%s)", async (_, path) => {
    const [one, two] = [someClient(), someClient()];
    await overLimit("verify", one, 120);
    await overLimit("verify", two, 120);
    const a = await answer(fast, path(), one);
    const b = await answer(remix, path(), two);
    expect(a.status).toBe(429);
    expect(a.headers.find(([name]) => name === "retry-after")).toBeTruthy();
    expect(a).toEqual(b);
  });
});
