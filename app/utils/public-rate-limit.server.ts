// Rate limits for the public routes, per client key (an IPv6 /64, ADR 050) before any signature
// check, so a flood of bad tokens costs almost nothing. Shared through Redis when configured, with
// an in-memory fallback while it is down; else in memory (ADR 035).
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { clientKey } from "./client-key";
import { redis } from "./redis.server";
import { WindowLimiter } from "./window-limiter.server";

const LIMITS = {
  verify: { points: 120, duration: 60 },
  report: { points: 5, duration: 600 },
  // /readyz asks the database, the storage and Redis each time. Counted by each server for itself
  // (never in Redis): a monitor probing every server from one address must not add them up.
  probe: { points: 120, duration: 60 },
} as const;

/** Limits counted by each server alone, whatever REDIS_URL says. */
const LOCAL_ONLY: ReadonlySet<PublicLimit> = new Set(["probe"]);

type PublicLimit = keyof typeof LIMITS;

/** What overLimit needs of a limiter. */
export type PublicLimiter = Pick<RateLimiterAbstract, "consume">;

let limiters: Record<PublicLimit, PublicLimiter> | undefined;

/** One kind's limiter: on Redis with memory insurance, else in memory with no timer per key (ADR 043). */
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

/** null when allowed, else the seconds to wait. `clientIp`: a client key or an address. */
export async function overLimit(kind: PublicLimit, clientIp: string, cost = 1): Promise<number | null> {
  try {
    await publicLimiters()[kind].consume(clientKey(clientIp || "desconhecido"), cost);
    return null;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw e;
  }
}
