// The optional Redis of a multi-server deployment (REDIS_URL, ADR 035). A request never waits for
// it: commands fail at once while it is down (no offline queue) or time out, and callers fall back.
import { Redis } from "ioredis";
import { env } from "./env.server";

const COMMAND_TIMEOUT_MS = 500;

const clients = new Set<Redis>();
let shared: Redis | null = null;

/** A new connection (a subscriber needs its own); closed by closeRedis. */
export function newRedisConnection(url: string, name: string): Redis {
  const client = new Redis(url, {
    connectionName: `credencia:${name}`,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // Keep trying to reconnect, at most every 2 s: Redis coming back needs no restart.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Errors are reported by the commands that fail; one line per outage is enough here.
  let reported = false;
  client.on("error", (e: Error) => {
    if (!reported) console.error(`Redis (${name}) indisponível: ${e.message}`);
    reported = true;
  });
  client.on("ready", () => (reported = false));
  clients.add(client);
  client.on("end", () => clients.delete(client));
  return client;
}

/** The process's command connection, or null without REDIS_URL. */
export function redis(): Redis | null {
  const url = env().REDIS_URL;
  if (!url) return null;
  shared ??= newRedisConnection(url, "comandos");
  return shared;
}

/** Whether Redis answers a PING (for /readyz); null when no Redis is configured. */
export async function redisReachable(): Promise<boolean | null> {
  const client = redis();
  if (!client) return null;
  try {
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  }
}

/** Closes every Redis connection of the process (shutdown, commands that end). */
export async function closeRedis(): Promise<void> {
  const all = [...clients];
  shared = null;
  clients.clear();
  await Promise.all(all.map((c) => c.quit().catch(() => c.disconnect())));
}
