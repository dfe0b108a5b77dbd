// Issue #13 item 1: TRUST_PROXY=1, as the README documents, must mean "one proxy in front".
// Express read the raw string "1" as the address 0.0.0.1 and trusted nothing, so behind a
// proxy every client had the proxy's address (one login budget and one scan budget for all).
import { afterEach, describe, expect, it } from "vitest";
import { httpSettings, parseEnv, parseTrustProxy } from "~/utils/env.server";
import { startApp } from "./http-app";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function appWith(trustProxy: string | undefined) {
  const app = await startApp(httpSettings(parseEnv(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy })));
  close = app.close;
  return app;
}

describe("TRUST_PROXY", () => {
  it("reads a number as a hop count, true/false as such, and a list as addresses or ranges", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,192.168.1.10,fd00::/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "192.168.1.10",
      "fd00::/8",
    ]);
    expect(parseEnv({ TRUST_PROXY: "uniquelocal" }).TRUST_PROXY).toEqual(["uniquelocal"]);
  });

  it("stops the server with the variable's name when the value means nothing", () => {
    for (const bad of ["sim", "10.0.0.0/33", "10.0.0/8", "1.2.3.4/8/9", "loopback;rm", "999"]) {
      expect(parseTrustProxy(bad)).toBeNull();
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it("with TRUST_PROXY=1 the client address comes from X-Forwarded-For, for Remix and for the JSON verdict", async () => {
    const app = await appWith("1");
    const context = await (await app.fetch("/entrar", { headers: { "X-Forwarded-For": "203.0.113.7" } })).json();
    expect(context.clientIp).toBe("203.0.113.7");
    // A client-supplied X-Forwarded-For in front of the proxy's entry is not believed.
    const spoofed = await (
      await app.fetch("/entrar", { headers: { "X-Forwarded-For": "6.6.6.6, 203.0.113.8" } })
    ).json();
    expect(spoofed.clientIp).toBe("203.0.113.8");
    const verdict = await (
      await app.fetch("/api/v1/verify/abc", { headers: { "X-Forwarded-For": "198.51.100.9" } })
    ).json();
    expect(verdict.ip).toBe("198.51.100.9");
  });

  it("with a list naming the proxy's range, the proxy is trusted", async () => {
    const app = await appWith("loopback");
    const context = await (await app.fetch("/", { headers: { "X-Forwarded-For": "203.0.113.7" } })).json();
    expect(context.clientIp).toBe("203.0.113.7");
  });

  it("without TRUST_PROXY a forged X-Forwarded-For is ignored", async () => {
    const app = await appWith(undefined);
    const context = await (await app.fetch("/", { headers: { "X-Forwarded-For": "203.0.113.7" } })).json();
    expect(context.clientIp).toMatch(/127\.0\.0\.1$/);
  });
});
