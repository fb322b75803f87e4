import type { AppContext } from '../context.ts';
import { addSeconds } from '../lib/clock.ts';
import { definePeriodicJob } from './scheduled-task.ts';
import { deleteCompletedJobs } from './jobs-repository.ts';
import { deleteOldMail } from '../mail/mail-outbox-repository.ts';
import { deleteExpiredGoogleTokenUses } from '../security/google-token-uses-repository.ts';
import { deleteExpiredRateLimits } from '../security/rate-limits-repository.ts';
import { deleteExpiredSessions } from '../security/sessions-repository.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** How often the cluster clears rows nobody will read again. */
const CLEAN_UP_EVERY_SECONDS = 60 * 60;

// Sent mail's metadata (to, subject, when) stays this long for support questions.
const MAIL_KEPT_DAYS = 30;

/**
 * Deletes what has served its purpose: rate-limit windows over a day old (the longest window is
 * an hour), expired sessions, jobs completed over a week ago, outbox rows over 30 days old, and
 * the remembered `jti` of Google tokens that have expired. Safe to run from several instances at
 * once: each delete is idempotent.
 */
export async function cleanUpExpiredRows(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  const now = ctx.clock.now();
  await deleteExpiredRateLimits(ctx.db, addSeconds(now, -DAY_SECONDS));
  await deleteExpiredSessions(ctx.db, now);
  await deleteCompletedJobs(ctx.db, addSeconds(now, -7 * DAY_SECONDS));
  await deleteOldMail(ctx.db, addSeconds(now, -MAIL_KEPT_DAYS * DAY_SECONDS));
  await deleteExpiredGoogleTokenUses(ctx.db, now);
}

/**
 * A domain module's part of the hourly clean-up (its rows nobody will read again), listed in
 * `modules/jobs.ts` and run after the platform's. Each must be idempotent and work in bounded
 * batches: the clean-up may run from any process and be retried.
 */
export type CleanUpStep = (ctx: AppContext) => Promise<void>;

/** The name of the hourly clean-up's job and schedule. */
export const CLEAN_UP = 'clean-up';

/** The hourly clean-up, once per hour for the whole cluster: the platform's rows, then each module's step. */
export function hourlyCleanUp(moduleSteps: readonly CleanUpStep[]) {
  return definePeriodicJob({
    name: CLEAN_UP,
    everySeconds: CLEAN_UP_EVERY_SECONDS,
    backoff: { baseSeconds: 60, maxSeconds: 10 * 60 },
    async run(ctx) {
      await cleanUpExpiredRows(ctx);
      for (const step of moduleSteps) await step(ctx);
    },
  });
}
