// Fixed-window counters in the database, so login limits hold across servers and restarts. A point
// is consumed BEFORE the work, atomically, so no more than `max` parallel attempts get through.
import { db } from "./db.server";

type Limit = { allowed: boolean; remaining: number; retryAfterSeconds: number };

function limitOf(row: { points: number; expireAt: Date }, max: number, now: Date): Limit {
  const retry = Math.max(1, Math.ceil((row.expireAt.getTime() - now.getTime()) / 1000));
  return {
    allowed: row.points <= max,
    remaining: Math.max(0, max - row.points),
    retryAfterSeconds: row.points <= max ? 0 : retry,
  };
}

/** Counts one attempt and says whether it is within the budget (the count includes it). */
export async function consumeLimit(key: string, max: number, windowMs: number, now = new Date()): Promise<Limit> {
  const expireAt = new Date(now.getTime() + windowMs);
  // One statement, atomic on both databases: create, increment or restart the window, returning this
  // attempt's count. Dates are bound as Dates, stored as Prisma's own writes store them.
  const rows = await db.$queryRaw<Array<{ points: number | bigint; expireAt: Date | string | number }>>`
    INSERT INTO "RateLimit" ("key", "points", "expireAt") VALUES (${key}, 1, ${expireAt})
    ON CONFLICT ("key") DO UPDATE SET
      "points" = CASE WHEN "RateLimit"."expireAt" <= ${now} THEN 1 ELSE "RateLimit"."points" + 1 END,
      "expireAt" = CASE WHEN "RateLimit"."expireAt" <= ${now} THEN ${expireAt} ELSE "RateLimit"."expireAt" END
    RETURNING "points", "expireAt"`;
  const row = rows[0];
  return limitOf({ points: Number(row.points), expireAt: new Date(row.expireAt) }, max, now);
}

/** Gives back one point (an attempt that turned out legitimate). */
export async function refundLimit(key: string): Promise<void> {
  await db.rateLimit.updateMany({ where: { key, points: { gt: 0 } }, data: { points: { decrement: 1 } } });
}

export async function resetLimit(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}
