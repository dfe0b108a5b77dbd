// When to remind: 60, 30 and 7 days before an expiry, and on the day. A job that missed days
// sends only the closest reminder due, once.
export const REMINDER_OFFSETS = [60, 30, 7, 0] as const;

/** The reminder due for something expiring in `daysLeft` days, or null (not yet, or already past). */
export function dueReminder(daysLeft: number): number | null {
  if (daysLeft < 0 || daysLeft > REMINDER_OFFSETS[0]) return null;
  return Math.min(...REMINDER_OFFSETS.filter((o) => o >= daysLeft));
}
