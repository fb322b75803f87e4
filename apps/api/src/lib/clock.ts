/** The source of "now" for every rule that depends on time, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Adds seconds to a date. */
export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** Adds calendar months in UTC; a day that the target month lacks ends on its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The calendar day of a moment in UTC, `YYYY-MM-DD`: the day an edition's run date is compared with. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
