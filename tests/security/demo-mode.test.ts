// Issue #13 item 3: the outbox page (reset links in clear) was shown whenever NODE_ENV was not
// "production", and NODE_ENV defaults to development. It now exists only in demo mode, and
// demo mode refuses to start on a public address unless DEMO_ALLOW_PUBLIC says so.
import { afterEach, describe, expect, it, vi } from "vitest";
import { isLocalUrl, parseEnv } from "~/utils/env.server";

async function outboxLoaderWith(vars: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  const { loader } = await import("~/routes/dev.caixa-de-saida/route");
  return () =>
    loader({
      request: new Request("http://localhost:3000/dev/caixa-de-saida"),
      params: {},
      context: { clientIp: "127.0.0.1", requestId: "t" },
    });
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the outbox page", () => {
  it("does not exist without demo mode, whatever NODE_ENV says", async () => {
    for (const NODE_ENV of ["development", "test", "production"]) {
      // A production portal has a public address (parseEnv refuses localhost there, see env.test.ts).
      const load = await outboxLoaderWith({
        NODE_ENV,
        DEMO_MODE: "0",
        MASTER_KEY: "A".repeat(43) + "=",
        PUBLIC_BASE_URL: "https://credencia.itauna.mg.gov.br",
      });
      await expect(load()).rejects.toMatchObject({ status: 404 });
    }
  });

  it("exists in demo mode", async () => {
    const load = await outboxLoaderWith({ DEMO_MODE: "1" });
    await expect(load()).resolves.toHaveProperty("messages");
  });
});

describe("demo mode", () => {
  it("refuses a public address unless DEMO_ALLOW_PUBLIC is set", () => {
    expect(() => parseEnv({ DEMO_MODE: "1", PUBLIC_BASE_URL: "https://credencia.itauna.mg.gov.br" })).toThrow(
      /DEMO_MODE.*DEMO_ALLOW_PUBLIC/s,
    );
    expect(() => parseEnv({ DEMO_MODE: "1", PUBLIC_BASE_URL: "http://192.168.0.10:3000" })).toThrow(
      /DEMO_ALLOW_PUBLIC/,
    );
    expect(
      parseEnv({ DEMO_MODE: "1", DEMO_ALLOW_PUBLIC: "1", PUBLIC_BASE_URL: "https://demo.credencia.example" }).DEMO_MODE,
    ).toBe(true);
  });

  it("starts on this machine's addresses, and without a PUBLIC_BASE_URL", () => {
    for (const url of [
      "http://localhost:3000",
      "http://127.0.0.1:8080",
      "http://[::1]:3000",
      "http://portal.localhost",
    ]) {
      expect(() => parseEnv({ DEMO_MODE: "1", PUBLIC_BASE_URL: url })).not.toThrow();
    }
    expect(() => parseEnv({ DEMO_MODE: "1", NODE_ENV: "production" })).not.toThrow();
  });

  it("does not count look-alike hosts as local", () => {
    expect(isLocalUrl("http://localhost.evil.example")).toBe(false);
    expect(isLocalUrl("http://127.0.0.1.nip.io")).toBe(false);
    expect(isLocalUrl("http://10.0.0.1")).toBe(false);
  });

  it("a public address without demo mode is the normal case", () => {
    expect(() =>
      parseEnv({
        PUBLIC_BASE_URL: "https://credencia.itauna.mg.gov.br",
        MASTER_KEY: "A".repeat(43) + "=",
        NODE_ENV: "production",
      }),
    ).not.toThrow();
  });
});
