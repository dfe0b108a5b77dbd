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

  it("requires the S3 settings when S3 storage is chosen", () => {
    expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET/);
  });
});
