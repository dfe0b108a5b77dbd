// The verification log: written for every check, read back by the holder as a summary — how
// many, through which channel, when the last one was — never who checked (the log has no
// address, by design).
import { db } from "~/utils/db.server";
import type { Channel } from "./verification.server";

export type VerificationLogRow = { credentialId: string; channel: Channel; verdict: string; client: string | null };

type Waiting = { row: VerificationLogRow; done: () => void; fail: (e: unknown) => void };
let waiting: Waiting[] = [];
let writing = false;
const MAX_BATCH = 500;

/**
 * Writes one row, resolving once it is stored. Group commit: rows that arrive while a write
 * is in flight go together in the next one, so under load a verification costs a share of one
 * INSERT instead of a transaction of its own (bench/README.md), and when idle it is written at once.
 */
export function recordVerification(row: VerificationLogRow): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting.push({ row, done: resolve, fail: reject });
    if (!writing) void drain();
  });
}

async function drain() {
  writing = true;
  try {
    while (waiting.length) {
      const batch = waiting.slice(0, MAX_BATCH);
      waiting = waiting.slice(MAX_BATCH);
      try {
        await db.verificationLog.createMany({ data: batch.map((w) => w.row) });
        for (const w of batch) w.done();
      } catch (e) {
        for (const w of batch) w.fail(e);
      }
    }
  } finally {
    writing = false;
  }
}

export type VerificationSummary = {
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
