// Rate limits for the public routes (verification page, JSON API, passenger reports). Counted
// per client address before any signature check, so a flood of bad tokens costs almost nothing;
// the raw address lives only in the limiter's window. With REDIS_URL the count is shared by every
// app server (rate-limiter-flexible's Redis limiter; one client gets one limit, not one per
// server); while Redis is down each server falls back to its own in-memory count (the insurance
// limiter) and goes back to Redis by itself. Without REDIS_URL: in memory, one server (ADR 035).
// A client is counted by clientKey: an IPv6 client by its /64 (ADR 050).
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { redis } from "./redis.server";
import { WindowLimiter } from "./window-limiter.server";
import { clientKey } from "./client-key";

const LIMITS = {
  verify: { points: 120, duration: 60 },
  report: { points: 5, duration: 600 },
  // /readyz asks the database, the storage and Redis each time. Counted by each server for itself
  // (never in Redis): a monitor probing every server from one address must not add them up.
  probe: { points: 120, duration: 60 },
} as const;

/** Limits counted by each server alone, whatever REDIS_URL says. */
const LOCAL_ONLY: ReadonlySet<PublicLimit> = new Set(["probe"]);

export type PublicLimit = keyof typeof LIMITS;

/** What overLimit needs of a limiter. */
export type PublicLimiter = Pick<RateLimiterAbstract, "consume">;

let limiters: Record<PublicLimit, PublicLimiter> | undefined;

/**
 * The limiter of one kind: on Redis when a client is given (with rate-limiter-flexible's memory
 * limiter as insurance while Redis is down); else in memory, without a timer per address
 * (window-limiter.server.ts, ADR 043).
 */
export function createPublicLimiter(kind: PublicLimit, storeClient: ReturnType<typeof redis>): PublicLimiter {
  if (!storeClient || LOCAL_ONLY.has(kind)) return new WindowLimiter(LIMITS[kind]);
  const memory = new RateLimiterMemory({ keyPrefix: kind, ...LIMITS[kind] });
  return new RateLimiterRedis({
    storeClient,
    keyPrefix: `credencia:limite:${kind}`,
    ...LIMITS[kind],
    // Not connected: count in memory at once instead of waiting for Redis.
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
}

function publicLimiters() {
  if (!limiters) {
    const client = redis();
    limiters = {
      verify: createPublicLimiter("verify", client),
      report: createPublicLimiter("report", client),
      probe: createPublicLimiter("probe", client),
    };
  }
  return limiters;
}

/** Which store counts the public limits: "redis" (shared by the servers) or "memory". */
export function publicLimitStore(): "redis" | "memory" {
  return publicLimiters().verify instanceof RateLimiterRedis ? "redis" : "memory";
}

/** Forgets the limiters (tests that change REDIS_URL). */
export function resetPublicLimiters(): void {
  limiters = undefined;
}

/**
 * null when allowed; the seconds to wait when the client is over its limit. `clientIp` is the load
 * context's (already a client key) or an address: an IPv6 address is counted by its /64.
 */
export async function overLimit(kind: PublicLimit, clientIp: string, cost = 1): Promise<number | null> {
  try {
    await publicLimiters()[kind].consume(clientKey(clientIp || "desconhecido"), cost);
    return null;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw e;
  }
}
