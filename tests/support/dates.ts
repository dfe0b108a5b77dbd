// Calendar dates for tests, as the portal reads them: civil dates in a Brazilian time zone
// (app/domain/time.ts). The UTC date is not "today" in Brazil: from 00:00 UTC until 03:00 (São
// Paulo), 04:00 (Campo Grande) or 05:00 (Rio Branco) it is already tomorrow there, and a test that
// types it as a document's issue date or a notice's date is refused for a date in the future — a
// failure that only shows at night. Which zone to ask for:
// - a date that only must not be in the future (an issue date): the default, the earliest today;
// - a date that also must not be before something done today in a municipality (a link begun, an
//   application submitted): that municipality's own zone — the default is a day early there at night.
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
