// Calendar dates for tests, as the portal reads them: civil dates in a Brazilian time zone
// (app/domain/time.ts). The UTC date is not "today" in Brazil: from 00:00 to 03:00 UTC (04:00 in
// Jardim, MS) it is already tomorrow there, and a test that types it as a document's issue date or
// a notice's date is refused for a date in the future — a failure that only shows at night.
import { civilDate } from "../../app/domain/time";

/** The westernmost zone in Brazil: its "today" is never after any municipality's. */
const WESTERNMOST = "America/Rio_Branco";

/**
 * "YYYY-MM-DD" `offset` days from today in `timeZone` — by default the earliest "today" anywhere in
 * Brazil, so a date it gives for today is never in the future for any municipality.
 */
export function civilDay(offset = 0, timeZone = WESTERNMOST): string {
  return civilDate(new Date(Date.now() + offset * 86_400_000), timeZone);
}
