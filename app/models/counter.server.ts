// Numbers that are never reused (application, credential and auto numbers): a counter row per
// key, incremented inside the caller's transaction — which also serialises concurrent takers.
import type { Tx } from "~/utils/db.server";
import { civilDate } from "~/domain/time";

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

/**
 * The year a number takes: the municipality's civil year at `now`, not the server clock's —
 * a requerimento filed at 22:00 on 31 December in Cuiabá (UTC−4) is 02:00 on 1 January in UTC, and
 * still takes the old year: the number says the year the person lived.
 */
export const numberYear = (now: Date, timeZone: string): number => Number(civilDate(now, timeZone).slice(0, 4));
