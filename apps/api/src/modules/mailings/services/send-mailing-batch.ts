import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { MailingRow } from '../../../db/schema.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { definePeriodicJob } from '../../../jobs/scheduled-task.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { utcDay } from '../../../lib/clock.ts';
import { queuePreferenceEmail } from '../../../mail/unsubscribe.ts';
import { listCurrentCollections, summariseEditionChanges } from '../../catalog/index.ts';
import { claimDelivery, listOptedInUsersAfter, lockDueMailings, lockMailing, updateMailing } from '../repositories/mailings.ts';
import { findAnnouncedEdition, newEditionAudience, productNewsAudience, type MailingAudience } from './mailing-audiences.ts';

/** Users looked at per batch job: one transaction queues at most this many emails. */
export const MAILING_BATCH_SIZE = 200;

/**
 * One batch of a mailing (docs/decisions/0019): in one transaction, with the mailing's row
 * locked, the next opted-in users after the checkpoint are read by id; each user who may receive
 * it is claimed in `mailing_deliveries` (primary key mailing + user) and their email is queued in
 * the outbox; then the checkpoint moves past the batch and the next batch's job is queued (or the
 * mailing is marked sent). A batch that runs again (its worker died after the commit) finds the
 * checkpoint past it and does nothing; one that died before the commit left nothing behind.
 */
export const sendMailingBatch = defineJob({
  name: 'send-mailing-batch',
  payload: z.object({ mailingId: z.number().int().positive(), afterUserId: z.number().int().min(0) }),
  concurrency: 1,
  maxAttempts: 10,
  backoff: { baseSeconds: 10, maxSeconds: 10 * 60 },
  idempotencyKey: ({ mailingId, afterUserId }) => `${mailingId}:${afterUserId}`,
  async handle({ mailingId, afterUserId }, { ctx }) {
    await runUnitOfWork(ctx, (trx) => runBatch(ctx, trx, mailingId, afterUserId));
  },
});

async function runBatch(ctx: AppContext, trx: Db, mailingId: number, afterUserId: number): Promise<void> {
  const now = ctx.clock.now();
  const mailing = await lockMailing(trx, mailingId);
  // Done already, or this batch committed before (the checkpoint moved on): nothing to do.
  if (!mailing || mailing.state !== 'sending' || mailing.last_user_id !== afterUserId) return;
  const audience = await audienceOf(ctx, trx, mailing);
  if (!audience) {
    await updateMailing(trx, mailing.id, { state: 'skipped', finished_at: now });
    return;
  }
  const users = await listOptedInUsersAfter(trx, audience.preference, afterUserId, MAILING_BATCH_SIZE);
  let queued = 0;
  for (const user of users) {
    if (!(await audience.mayReceive(trx, user))) continue;
    if (!(await claimDelivery(trx, mailing.id, user.id, now))) continue;
    if (await queuePreferenceEmail(ctx, trx, user, audience.preference, await audience.compose(trx, user))) queued++;
  }
  const last = users.at(-1)?.id ?? afterUserId;
  const finished = users.length < MAILING_BATCH_SIZE;
  await updateMailing(trx, mailing.id, {
    last_user_id: last,
    recipients: mailing.recipients + queued,
    ...(finished ? { state: 'sent' as const, finished_at: now } : {}),
  });
  if (!finished) await ctx.queue.enqueue(sendMailingBatch, { mailingId: mailing.id, afterUserId: last }, { db: trx });
}

/**
 * Who a mailing goes to, or null when it should not go out: an edition that is gone (withdrawn)
 * or not current any more (a later edition of its category came first) is not announced. The
 * edition's changes are computed on the first batch and stored, so every batch tells the same.
 */
async function audienceOf(ctx: AppContext, trx: Db, mailing: MailingRow): Promise<MailingAudience | null> {
  if (mailing.kind === 'product-news') return productNewsAudience(mailing);
  const edition = await findAnnouncedEdition(trx, mailing);
  if (!edition) return null;
  if (mailing.summary === null) {
    const current = await listCurrentCollections(trx, utcDay(ctx.clock.now()));
    if (!current.some((candidate) => candidate.id === edition.id)) return null;
    const summary = await summariseEditionChanges({ db: trx }, edition);
    await updateMailing(trx, mailing.id, { summary });
    mailing = { ...mailing, summary };
  }
  return newEditionAudience(ctx, trx, mailing, edition);
}

/**
 * Starts every scheduled mailing whose day has come (an edition on its run date, product news at
 * once): marked sending and its first batch queued in one transaction, once for the cluster
 * (the rows are locked with SKIP LOCKED). Returns how many started.
 */
export async function startDueMailings(ctx: AppContext): Promise<number> {
  return runUnitOfWork(ctx, async (trx) => {
    const due = await lockDueMailings(trx, utcDay(ctx.clock.now()));
    for (const mailing of due) {
      await updateMailing(trx, mailing.id, { state: 'sending', started_at: ctx.clock.now() });
      await ctx.queue.enqueue(sendMailingBatch, { mailingId: mailing.id, afterUserId: 0 }, { db: trx });
    }
    return due.length;
  });
}

/** The scheduled look for due mailings: editions published for a later run date, and any start a crash interrupted. Every 5 minutes, once for the cluster. */
export const { job: startDueMailingsJob, schedule: startDueMailingsSchedule } = definePeriodicJob({
  name: 'start-due-mailings',
  everySeconds: 5 * 60,
  backoff: { baseSeconds: 30, maxSeconds: 5 * 60 },
  async run(ctx) {
    await startDueMailings(ctx);
  },
});
