// Fixed-window counters kept in the database, so limits hold across app servers (PostgreSQL)
// and restarts. Used for login throttling; public routes add an in-memory limiter in front.
// A point is consumed BEFORE the work it guards, in one transaction that holds the row's lock:
// parallel attempts each see their own count, so no more than `max` of them get through.
import { db } from "./db.server";

export type Limit = { allowed: boolean; remaining: number; retryAfterSeconds: number };

function limitOf(row: { points: number; expireAt: Date }, max: number, now: Date): Limit {
  const retry = Math.max(1, Math.ceil((row.expireAt.getTime() - now.getTime()) / 1000));
  return { allowed: row.points <= max, remaining: Math.max(0, max - row.points), retryAfterSeconds: row.points <= max ? 0 : retry };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

export async function peekLimit(key: string, max: number, now = new Date()): Promise<Limit> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (!row || row.expireAt <= now) return { allowed: true, remaining: max, retryAfterSeconds: 0 };
  const retry = Math.ceil((row.expireAt.getTime() - now.getTime()) / 1000);
  return { allowed: row.points < max, remaining: Math.max(0, max - row.points), retryAfterSeconds: retry };
}

/** Counts one attempt and says whether it is within the budget (the count includes it). */
export async function consumeLimit(key: string, max: number, windowMs: number, now = new Date()): Promise<Limit> {
  const expireAt = new Date(now.getTime() + windowMs);
  // A lost race (two first attempts creating the row, two resets of an expired window) is
  // retried; it cannot repeat more than a few times.
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      const row = await db.$transaction(async (tx) => {
        // The increment locks the row (PostgreSQL) or the database (SQLite) until commit, so
        // the read below sees this attempt's own count.
        const bumped = await tx.rateLimit.updateMany({ where: { key, expireAt: { gt: now } }, data: { points: { increment: 1 } } });
        if (bumped.count === 1) return tx.rateLimit.findUnique({ where: { key } });
        const current = await tx.rateLimit.findUnique({ where: { key } });
        if (!current) return tx.rateLimit.create({ data: { key, points: 1, expireAt } });
        // An expired window starts again, once: only the attempt that still sees the old end wins.
        const restarted = await tx.rateLimit.updateMany({ where: { key, expireAt: current.expireAt }, data: { points: 1, expireAt } });
        return restarted.count === 1 ? { points: 1, expireAt } : null;
      });
      if (row) return limitOf(row, max, now);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`Limite ${key}: contador disputado demais`);
}

/** Gives back one point (an attempt that turned out legitimate). */
export async function refundLimit(key: string): Promise<void> {
  await db.rateLimit.updateMany({ where: { key, points: { gt: 0 } }, data: { points: { decrement: 1 } } });
}

export async function resetLimit(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}
