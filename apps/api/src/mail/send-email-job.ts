import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { defineJob } from '../jobs/job-kind.ts';
import { randomToken } from '../lib/secrets.ts';
import type { MailContent } from './templates.ts';
import { findMail, insertMail, recordMailAttempt } from './mail-outbox-repository.ts';

/** The job that delivers one outbox row; a row already sent is not sent again. */
export const sendEmail = defineJob({
  name: 'send-email',
  payload: z.object({ outboxId: z.number().int().positive() }),
  concurrency: 2,
  // About 5 hours of retries with 5 s doubling to a 15 min ceiling, then the message is abandoned.
  maxAttempts: 25,
  backoff: { baseSeconds: 5, maxSeconds: 15 * 60 },
  // One delivery job per outbox row, however often a caller queues it.
  idempotencyKey: ({ outboxId }) => String(outboxId),
  async handle({ outboxId }, { ctx, attempt }) {
    const mail = await findMail(ctx.db, outboxId);
    if (!mail || mail.status !== 'pending' || mail.text_body === null || mail.html_body === null) return;
    try {
      await ctx.mailer.send({
        from: ctx.config.mailFrom,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        messageId: mail.message_id,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    } catch (error) {
      await recordMailAttempt(ctx.db, outboxId, { status: 'pending', error: describe(error) }, attempt);
      throw error;
    }
    await recordMailAttempt(ctx.db, outboxId, { status: 'sent', sentAt: ctx.clock.now() }, attempt);
  },
  async onGiveUp({ outboxId }, error, { ctx, attempt }) {
    await recordMailAttempt(ctx.db, outboxId, { status: 'abandoned', error }, attempt);
  },
});

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Queues an email: an outbox row and its delivery job, in `db` (the caller's transaction), so
 * the mail goes out if and only if the change that caused it commits. In a unit of work
 * (jobs/unit-of-work.ts), the commit wakes the workers that send it.
 */
export async function queueEmail(ctx: AppContext, db: Db, to: string, mail: MailContent): Promise<void> {
  const host = new URL(ctx.config.appUrl).hostname;
  const outboxId = await insertMail(db, {
    to_address: to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    kind: mail.kind,
    ...(mail.headers ? { headers: mail.headers } : {}),
    // Fixed per row: a redelivery after a lost acknowledgement carries the same Message-ID.
    message_id: `<${randomToken(16)}@${host}>`,
    created_at: ctx.clock.now(),
  });
  await ctx.queue.enqueue(sendEmail, { outboxId }, { db });
}
