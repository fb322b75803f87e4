import type { AppContext } from '../context.ts';
import { addSeconds } from '../lib/clock.ts';
import { deleteCompletedJobs } from './jobs-repository.ts';
import { deleteExpiredRateLimits } from '../security/rate-limits-repository.ts';
import { deleteExpiredSessions } from '../security/sessions-repository.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** How often the server clears rows nobody will read again. */
export const CLEAN_UP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes what has served its purpose: rate-limit windows over a day old (the longest window is
 * an hour), expired sessions, and jobs completed over a week ago. Safe to run from several
 * instances at once: each delete is idempotent.
 */
export async function cleanUpExpiredRows(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  const now = ctx.clock.now();
  await deleteExpiredRateLimits(ctx.db, addSeconds(now, -DAY_SECONDS));
  await deleteExpiredSessions(ctx.db, now);
  await deleteCompletedJobs(ctx.db, addSeconds(now, -7 * DAY_SECONDS));
}
