// Rate limits for the public routes (verification page, JSON API, passenger reports). Counted
// per client address in memory, before any signature check, so a flood of bad tokens costs
// almost nothing; the raw address lives only in this limiter's window.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

const limiters = {
  verify: new RateLimiterMemory({ keyPrefix: "verify", points: 120, duration: 60 }),
  report: new RateLimiterMemory({ keyPrefix: "report", points: 5, duration: 600 }),
};

export type PublicLimit = keyof typeof limiters;

/** null when allowed; the seconds to wait when the client is over its limit. */
export async function overLimit(kind: PublicLimit, clientIp: string, cost = 1): Promise<number | null> {
  try {
    await limiters[kind].consume(clientIp || "desconhecido", cost);
    return null;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
    throw e;
  }
}
