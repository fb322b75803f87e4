const runDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const countFormat = new Intl.NumberFormat('en-US');

/** "2026-11-01" → "Nov 1, 2026": a calendar date, the same in every time zone. */
export function formatRunDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return runDateFormat.format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * "2027-11-01T09:30:00.000Z" → "Nov 1, 2027": the UTC calendar day of an instant, as the catalog's
 * download period shows it, so both screens name the same day.
 */
export function formatDayOf(isoDateTime: string): string {
  return formatRunDate(isoDateTime.slice(0, 10));
}

/** 1234 → "1,234". */
export function formatCount(count: number): string {
  return countFormat.format(count);
}
