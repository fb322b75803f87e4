import { formatCents } from '@tradelist/pricing/money';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const runDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const countFormat = new Intl.NumberFormat('en-US');

/** 123456 → "$1,234.56": formatted from the exact decimal string, never from a float of dollars. */
export function formatUsd(cents: number): string {
  return usd.format(formatCents(cents) as `${number}`);
}

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

/** 3500 → "$35", 3550 → "$35.50": whole dollars without cents, as prices are advertised. */
export function formatUsdPrice(cents: number): string {
  const text = formatUsd(cents);
  return cents % 100 === 0 ? text.replace(/\.00$/, '') : text;
}
