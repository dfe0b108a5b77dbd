// ADR 042: Redis becomes unreachable from this app server (a real Redis — the machine's — behind a
// TCP relay the test cuts and restores; another server's connection to Redis stays up).
// - /readyz stays 200 with Redis "degradado" (the server works: limits in memory), and says "ok"
//   again once Redis is back; it is 503 only for what the server cannot work without.
// - A change published while the link is cut is not lost: the message is kept and sent once the
//   link is back, and the other server — whose own connection never dropped, so it never dropped
//   everything — receives it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exclusively } from "../../support/exclusive";
import { startTcpCut, type TcpCut } from "../../support/tcp-cut";

// The machine's Redis and its pub/sub channels: one such file at a time (the others run in parallel).
exclusively("redis");
const TARGET = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
let relay: TcpCut;
let readyz: (typeof import("~/routes/readyz"))["loader"];
let invalidation: typeof import("~/utils/invalidation.server");
let redisModule: typeof import("~/utils/redis.server");
let health: typeof import("~/utils/health.server");

beforeAll(async () => {
  relay = await startTcpCut(Number(TARGET.port || 6379), TARGET.hostname);
  // This process is "server A": its Redis is reached through the relay. Set before the app's
  // modules read the environment.
  process.env.REDIS_URL = `redis://127.0.0.1:${relay.port}`;
  readyz = (await import("~/routes/readyz")).loader;
  invalidation = await import("~/utils/invalidation.server");
  redisModule = await import("~/utils/redis.server");
  health = await import("~/utils/health.server");
}, 60_000);
afterAll(async () => {
  await invalidation?.stopInvalidation();
  await redisModule?.closeRedis();
  await relay?.close();
});

async function until(check: () => Promise<boolean> | boolean) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
}

async function probe() {
  const res = await readyz({ request: new Request("http://localhost/readyz"), params: {}, context: {} as never });
  return { status: res.status, retryAfter: res.headers.get("Retry-After"), body: await res.json() };
}

const redisReady = () => redisModule.redis()!.status === "ready";

describe("Redis unreachable from this server", () => {
  it("readyz: 200 with Redis 'degradado' while it is down, 'ok' again when it is back", async () => {
    await until(redisReady);
    // (The very first probe may time out its PING while the process warms up: ask until it answers.)
    await until(async () => (await probe()).body.checks.redis === "ok");
    expect(await probe()).toMatchObject({
      status: 200,
      body: { ready: true, checks: { database: "ok", storage: "ok", redis: "ok" } },
    });

    await relay.cut();
    await until(() => !redisReady());
    const down = await probe();
    expect(down).toEqual({
      status: 200,
      retryAfter: null,
      body: { ready: true, checks: { database: "ok", storage: "ok", redis: "degradado" } },
    });

    await relay.restore();
    await until(async () => (await probe()).body.checks.redis === "ok");
  });

  it("a change published while the link is cut reaches the other server once it is back", async () => {
    const REDIS_DIRECT = TARGET.toString();
    // Server B: its own connection to Redis, never cut.
    const b = invalidation.redisTransport(REDIS_DIRECT, redisModule.newRedisConnection(REDIS_DIRECT, "teste-b"));
    const received: Array<{ topic: string; key: string }> = [];
    let reconnectsOfB = 0;
    await b.listen(
      (payload) => received.push(JSON.parse(payload)),
      () => reconnectsOfB++,
    );
    try {
      await until(redisReady);
      const key = `teste-${randomUUID()}`;
      const mine = () => received.filter((m) => m.key === key);

      await relay.cut();
      await until(() => !redisReady());
      await invalidation.publish("status-list", key); // fails: kept
      expect(invalidation.unsentInvalidations()).toBe(1);
      expect(mine()).toEqual([]);

      await relay.restore();
      await until(() => mine().length > 0);
      expect(mine()).toEqual([expect.objectContaining({ topic: "status-list", key })]);
      await until(() => invalidation.unsentInvalidations() === 0);
      // B never lost its connection: only the re-sent message could have told it.
      expect(reconnectsOfB).toBe(0);
    } finally {
      await b.close();
    }
  });

  it("readyz is 503 for what the server cannot work without (here: shutting down)", async () => {
    health.markDraining();
    expect(await probe()).toMatchObject({
      status: 503,
      retryAfter: "5",
      body: { ready: false, checks: { shutdown: "falhou", redis: "ok" } },
    });
  });
});
