// Numbers never reused: a counter row per key, incremented in the caller's transaction, which also
// serialises concurrent takers.
import { civilDate } from "~/domain/time";
import type { Tx } from "~/utils/db.server";

/** Takes the next number of the counter `key` (1, 2, 3…). */
export async function takeNumber(tx: Tx, key: string): Promise<number> {
  const counter = await tx.serialCounter.upsert({
    where: { key },
    create: { key, next: 2 },
    update: { next: { increment: 1 } },
  });
  return counter.next - 1;
}

/** `PREFIX-000123`: the six-digit form every printed number uses. */
export const numbered = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, "0")}`;

/** The municipality's civil year at `now`, not UTC's: 22:00 on 31 December in Cuiabá still takes the old year. */
export const numberYear = (now: Date, timeZone: string): number => Number(civilDate(now, timeZone).slice(0, 4));
