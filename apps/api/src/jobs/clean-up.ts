import type { AppContext } from '../context.ts';
import { addSeconds } from '../lib/clock.ts';
import { definePeriodicJob } from './scheduled-task.ts';
import { deleteCompletedJobs } from './jobs-repository.ts';
import { deleteOldMail } from '../mail/mail-outbox-repository.ts';
import { deleteExpiredGoogleTokenUses } from '../security/google-token-uses-repository.ts';
import { deleteExpiredRateLimits } from '../security/rate-limits-repository.ts';
import { deleteExpiredSessions } from '../security/sessions-repository.ts';
import { deleteOrphanedUploads } from '../storage/orphaned-uploads-repository.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** How often the cluster clears rows nobody will read again. */
const CLEAN_UP_EVERY_SECONDS = 60 * 60;

// Sent mail's metadata (to, subject, when) stays this long for support questions.
const MAIL_KEPT_DAYS = 30;

/**
 * Uploaded files nothing names are deleted once this old: a file is stored before the row that
 * names it (a profile picture's swap, an image the operator uploads and then puts in a post).
 */
const ORPHANED_UPLOAD_GRACE_SECONDS = DAY_SECONDS;
/** Orphaned uploads deleted per statement, and at most per run: the rest go in the next hours. */
const ORPHANED_UPLOAD_BATCH = 100;
const ORPHANED_UPLOAD_BATCHES_PER_RUN = 10;

/** Deletes uploaded files nothing names, in bounded batches; returns how many went. */
export async function deleteOrphanedUploadsInBatches(db: AppContext['db'], createdBefore: Date): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < ORPHANED_UPLOAD_BATCHES_PER_RUN; batch += 1) {
    const count = await deleteOrphanedUploads(db, createdBefore, ORPHANED_UPLOAD_BATCH);
    deleted += count;
    if (count < ORPHANED_UPLOAD_BATCH) break;
  }
  return deleted;
}

/**
 * Deletes what has served its purpose: rate-limit windows over a day old (the longest window is
 * an hour), expired sessions, jobs completed over a week ago, outbox rows over 30 days old, the
 * remembered `jti` of Google tokens that have expired, and uploaded files (pictures, images) that
 * nothing has named for a day. Safe to run from several instances at once: each delete is
 * idempotent.
 */
export async function cleanUpExpiredRows(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  const now = ctx.clock.now();
  await deleteExpiredRateLimits(ctx.db, addSeconds(now, -DAY_SECONDS));
  await deleteExpiredSessions(ctx.db, now);
  await deleteCompletedJobs(ctx.db, addSeconds(now, -7 * DAY_SECONDS));
  await deleteOldMail(ctx.db, addSeconds(now, -MAIL_KEPT_DAYS * DAY_SECONDS));
  await deleteExpiredGoogleTokenUses(ctx.db, now);
  await deleteOrphanedUploadsInBatches(ctx.db, addSeconds(now, -ORPHANED_UPLOAD_GRACE_SECONDS));
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
