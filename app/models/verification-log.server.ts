// The verification log: a row per check, read back by the holder as a summary — never who checked
// (the log has no address, by design).
import { db } from "~/utils/db.server";
import type { Channel } from "./verification.server";
import { hotSql } from "./verification-sql.server";

type VerificationLogRow = { credentialId: string; channel: Channel; verdict: string; client: string | null };

type Waiting = { row: VerificationLogRow; at: Date; done: () => void; fail: (e: unknown) => void };
let waiting: Waiting[] = [];
let flushing = false;
const MAX_BATCH = 500;

/**
 * Writes one row, resolving once stored. Group commit: a turn's rows go in one INSERT at its end
 * (setImmediate) — SQLite's driver is synchronous, so without the wait batches held ~1.4 rows
 * (bench/README.md).
 */
export function recordVerification(row: VerificationLogRow): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ row, at: new Date(), done: resolve, fail: reject });
    if (!flushing) {
      flushing = true;
      setImmediate(flush);
    }
  });
}

async function flush() {
  const batch = waiting.slice(0, MAX_BATCH);
  waiting = waiting.slice(MAX_BATCH);
  try {
    await insertRows(batch);
    for (const w of batch) w.done();
  } catch (e) {
    for (const w of batch) w.fail(e);
  }
  if (waiting.length) setImmediate(flush);
  else flushing = false;
}

// One batch on the raw driver with a prepared statement: Prisma's createMany cost more than the check
// (ADR 011, 034). Dates are stored as Prisma stores a DateTime.
async function insertRows(batch: Waiting[]) {
  await hotSql().insertLogs(batch.map(({ row, at }) => ({ ...row, at })));
}

type VerificationSummary = {
  since: Date;
  total: number;
  byChannel: Partial<Record<Channel, number>>;
  /** Checks by a signed-in fiscal (channel FISCAL). */
  byFiscal: number;
  lastAt: Date | null;
};

/** Checks of all the person's credentials since a moment (e.g. the start of the week). */
export async function verificationSummary(personId: string, since: Date): Promise<VerificationSummary> {
  const groups = await db.verificationLog.groupBy({
    by: ["channel"],
    where: { at: { gte: since }, credential: { holderPersonId: personId } },
    _count: { _all: true },
    _max: { at: true },
  });
  const byChannel: Partial<Record<Channel, number>> = {};
  let total = 0;
  let lastAt: Date | null = null;
  for (const g of groups) {
    byChannel[g.channel as Channel] = g._count._all;
    total += g._count._all;
    const at = g._max.at;
    if (at && (!lastAt || at > lastAt)) lastAt = at;
  }
  return { since, total, byChannel, byFiscal: byChannel.FISCAL ?? 0, lastAt };
}

/** "Seu crachá foi verificado 3 vezes nesta semana." — the period is the caller's words. */
export function verificationSummaryText(summary: Pick<VerificationSummary, "total">, period = "nesta semana"): string {
  if (summary.total === 0) return `Seu crachá não foi verificado ${period}.`;
  return `Seu crachá foi verificado ${summary.total} ${summary.total === 1 ? "vez" : "vezes"} ${period}.`;
}
