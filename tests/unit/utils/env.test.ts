import { describe, expect, it } from "vitest";
import { parseEnv } from "~/utils/env.server";

describe("configuration", () => {
  it("works with nothing configured (the demo)", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("file:./data/portal.db");
    expect(env.PUBLIC_BASE_URL).toBe("http://localhost:3000");
    expect(env.STORAGE_DRIVER).toBe("local");
  });

  it("respects PORT in the default public URL", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_BASE_URL).toBe("http://localhost:8080");
  });

  it("names the malformed variable", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT/);
  });

  it("requires a master key in production unless in demo mode", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/MASTER_KEY/);
    expect(() => parseEnv({ NODE_ENV: "production", DEMO_MODE: "1" })).not.toThrow();
  });

  it("refuses a local PUBLIC_BASE_URL in production (it is printed on every crachá), unless in demo mode", () => {
    const key = "A".repeat(43) + "=";
    expect(() => parseEnv({ NODE_ENV: "production", MASTER_KEY: key })).toThrow(/PUBLIC_BASE_URL.*localhost:3000/s);
    for (const url of ["http://localhost:3000", "http://127.0.0.1:8080", "http://portal.localhost"]) {
      expect(() => parseEnv({ NODE_ENV: "production", MASTER_KEY: key, PUBLIC_BASE_URL: url })).toThrow(
        /PUBLIC_BASE_URL/,
      );
      // Development and tests run on this machine, and so does the demo (the e2e server).
      expect(() => parseEnv({ NODE_ENV: "development", PUBLIC_BASE_URL: url })).not.toThrow();
      expect(() => parseEnv({ NODE_ENV: "production", DEMO_MODE: "1", PUBLIC_BASE_URL: url })).not.toThrow();
    }
    expect(
      parseEnv({ NODE_ENV: "production", MASTER_KEY: key, PUBLIC_BASE_URL: "https://credencia.itauna.mg.gov.br/" })
        .PUBLIC_BASE_URL,
    ).toBe("https://credencia.itauna.mg.gov.br");
  });

  it("requires the S3 settings when S3 storage is chosen", () => {
    expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET/);
  });
});
