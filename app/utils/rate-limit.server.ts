// Fixed-window counters kept in the database, so limits hold across app servers (PostgreSQL)
// and restarts. Used for login throttling; public routes add an in-memory limiter in front.
import { db } from "./db.server";

export type Limit = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export async function peekLimit(key: string, max: number, now = new Date()): Promise<Limit> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (!row || row.expireAt <= now) return { allowed: true, remaining: max, retryAfterSeconds: 0 };
  const retry = Math.ceil((row.expireAt.getTime() - now.getTime()) / 1000);
  return { allowed: row.points < max, remaining: Math.max(0, max - row.points), retryAfterSeconds: retry };
}

export async function consumeLimit(key: string, max: number, windowMs: number, now = new Date()): Promise<Limit> {
  const expireAt = new Date(now.getTime() + windowMs);
  const row = await db.$transaction(async (tx) => {
    const current = await tx.rateLimit.findUnique({ where: { key } });
    if (!current || current.expireAt <= now) {
      return tx.rateLimit.upsert({ where: { key }, create: { key, points: 1, expireAt }, update: { points: 1, expireAt } });
    }
    return tx.rateLimit.update({ where: { key }, data: { points: { increment: 1 } } });
  });
  const retry = Math.ceil((row.expireAt.getTime() - now.getTime()) / 1000);
  return { allowed: row.points <= max, remaining: Math.max(0, max - row.points), retryAfterSeconds: retry };
}

export async function resetLimit(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}
