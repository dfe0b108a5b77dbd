// What the holder may know about checks of their credentials: how many, through which
// channel, when the last one was — never who checked (the log has no address, by design).
import { db } from "~/utils/db.server";
import type { Channel } from "./verification.server";

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
