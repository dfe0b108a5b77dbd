// Issue #14: a change on one app server (suspension, revocation, key rotation) makes every other
// server drop its cached copy at once. Two subscribers on the machine's real Redis and real
// PostgreSQL, as two servers would be; then the caches' own wiring.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  deliverAs,
  INVALIDATION_CHANNEL,
  postgresTransport,
  redisTransport,
  subscribe,
  type Transport,
} from "~/utils/invalidation.server";
import { closeRedis, newRedisConnection } from "~/utils/redis.server";
import { exclusively } from "../../support/exclusive";

// The machine's Redis and its pub/sub channels: one such file at a time (the others run in parallel).
exclusively("redis");
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PG_URL = process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

const open: Transport[] = [];
afterAll(async () => {
  await Promise.all(open.map((t) => t.close()));
  await closeRedis();
});

/** A subscriber that collects what it receives, and resolves `next()` on the next message. */
async function server(make: () => Transport) {
  const t = make();
  open.push(t);
  const got: string[] = [];
  let waiter: ((payload: string) => void) | null = null;
  let reconnects = 0;
  let onReconnect: (() => void) | null = null;
  await t.listen(
    (payload) => {
      got.push(payload);
      waiter?.(payload);
    },
    () => {
      reconnects++;
      onReconnect?.();
    },
  );
  return {
    t,
    got,
    reconnects: () => reconnects,
    next: () => new Promise<string>((resolve) => (waiter = resolve)),
    reconnected: () => new Promise<void>((resolve) => (onReconnect = resolve)),
  };
}

async function bothReceive(a: Awaited<ReturnType<typeof server>>, b: Awaited<ReturnType<typeof server>>) {
  const payload = JSON.stringify({ origin: randomUUID(), topic: "status-list", key: "3133808" });
  const [onA, onB] = [a.next(), b.next()];
  await a.t.send(payload);
  expect(await onB).toBe(payload);
  expect(await onA).toBe(payload);
}

describe("invalidation transports", () => {
  it("Redis pub/sub: a message sent by one server reaches both subscribers", async () => {
    const make = () => redisTransport(REDIS_URL, newRedisConnection(REDIS_URL, "teste-envio"));
    await bothReceive(await server(make), await server(make));
  });

  it("PostgreSQL LISTEN/NOTIFY: a message sent by one server reaches both subscribers", async () => {
    await bothReceive(await server(() => postgresTransport(PG_URL)), await server(() => postgresTransport(PG_URL)));
  });

  it("PostgreSQL: a listener whose connection is cut reconnects, drops everything, and receives again", async () => {
    const name = `credencia:teste:${randomUUID().slice(0, 8)}`;
    const b = await server(() => postgresTransport(PG_URL, name));
    const reconnected = b.reconnected();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
        [name],
      );
      expect(rowCount).toBe(1);
      await reconnected;
      expect(b.reconnects()).toBe(1);
      const received = b.next();
      const payload = JSON.stringify({ origin: "x", topic: "t", key: "k" });
      await admin.query("SELECT pg_notify($1, $2)", [INVALIDATION_CHANNEL, payload]);
      expect(await received).toBe(payload);
    } finally {
      await admin.end();
    }
  });
});

describe("delivery to the caches' handlers", () => {
  it("runs another server's message on its topic only, and ignores this server's own messages", () => {
    const seen: string[] = [];
    const stop = subscribe("teste-topico", (key) => seen.push(key));
    deliverAs("outro-servidor", JSON.stringify({ origin: "servidor-a", topic: "teste-topico", key: "k1" }));
    deliverAs("outro-servidor", JSON.stringify({ origin: "servidor-a", topic: "outro-topico", key: "k2" }));
    deliverAs("servidor-a", JSON.stringify({ origin: "servidor-a", topic: "teste-topico", key: "k3" }));
    deliverAs("outro-servidor", "não é JSON");
    stop();
    deliverAs("outro-servidor", JSON.stringify({ origin: "servidor-a", topic: "teste-topico", key: "k4" }));
    expect(seen).toEqual(["k1"]);
  });
});
