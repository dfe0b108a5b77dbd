// Issue #14: with REDIS_URL the public per-client limit is shared by every app server; while
// Redis is down each server counts in memory instead of failing or letting everything through.
// Runs against the machine's Redis (127.0.0.1:6379, TEST_REDIS_URL to change it).
import { randomUUID } from "node:crypto";
import { type Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { afterAll, describe, expect, it } from "vitest";
import { createPublicLimiter, type PublicLimiter } from "~/utils/public-rate-limit.server";
import { newRedisConnection } from "~/utils/redis.server";
import { exclusively } from "../../support/exclusive";

// The machine's Redis and its pub/sub channels: one such file at a time (the others run in parallel).
exclusively("redis");
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const clients: Redis[] = [];
const connect = async (url: string, wait = true) => {
  const c = newRedisConnection(url, "teste");
  clients.push(c);
  if (wait) await new Promise((resolve) => c.once("ready", resolve));
  return c;
};
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
});

/** How many of `n` consumptions (alternating between the limiters) are allowed. */
async function allowed(limiters: PublicLimiter[], client: string, n: number) {
  let ok = 0;
  for (let i = 0; i < n; i++) {
    ok += await limiters[i % limiters.length].consume(client).then(
      () => 1,
      () => 0,
    );
  }
  return ok;
}

describe("public rate limits on Redis", () => {
  it("gives one client one limit across two servers (120 scans a minute in all, not per server)", async () => {
    const a = createPublicLimiter("verify", await connect(REDIS_URL));
    const b = createPublicLimiter("verify", await connect(REDIS_URL));
    expect(a).toBeInstanceOf(RateLimiterRedis);
    const client = `203.0.113.${randomUUID()}`;
    expect(await allowed([a, b], client, 130)).toBe(120);
    // Another client still has its whole budget.
    expect(await allowed([b], `198.51.100.${randomUUID()}`, 3)).toBe(3);
  });

  it("counts in memory on each server while Redis is unreachable, and still limits", async () => {
    // A port where nothing listens: the connection never becomes ready.
    const down = createPublicLimiter("report", await connect("redis://127.0.0.1:1", false));
    const client = `192.0.2.${randomUUID()}`;
    expect(await allowed([down], client, 8)).toBe(5);
  });

  it("stays in memory without Redis", () => {
    expect(createPublicLimiter("verify", null)).not.toBeInstanceOf(RateLimiterRedis);
  });
});
