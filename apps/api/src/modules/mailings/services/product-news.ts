import { productNewsTestSentMessage, type ProductNewsItem, type ProductNewsRequest } from '@tradelist/contract/operator-editions';
import type { MessageBody } from '@tradelist/contract/errors';
import type { AppContext } from '../../../context.ts';
import type { MailingRow, User } from '../../../db/schema.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { utcDay } from '../../../lib/clock.ts';
import { renderEmailMarkdown } from '../../../mail/markdown.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { unsubscribeUrl, withOneClickUnsubscribe } from '../../../mail/unsubscribe.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { findMailing, listProductNews as selectProductNews } from '../repositories/mailings.ts';
import { productNewsContent } from './mailing-audiences.ts';
import { startDueMailings } from './send-mailing-batch.ts';
import { scheduleProductNews } from './schedule-mailing.ts';

/** The email's body as recipients will see it: the markdown rendered and sanitised (mail/markdown.ts). */
export function previewProductNews(news: ProductNewsRequest): { subject: string; html: string } {
  return { subject: news.subject, html: renderEmailMarkdown(news.body) };
}

/** Sends the email to the operator alone, as users will get it (unsubscribe link included). */
export async function sendProductNewsTest(ctx: AppContext, operator: Pick<User, 'id' | 'email'>, news: ProductNewsRequest): Promise<MessageBody> {
  const mail = withOneClickUnsubscribe(productNewsContent(news.subject, news.body), unsubscribeUrl(ctx, operator.id, 'wants_product_news'), 'wants_product_news');
  await runUnitOfWork(ctx, (trx) => queueEmail(ctx, trx, operator.email, { ...mail, subject: `[Test] ${mail.subject}` }));
  return { message: productNewsTestSentMessage(operator.email) };
}

function presentNews(row: MailingRow): ProductNewsItem {
  return {
    id: row.id,
    subject: row.subject ?? '',
    state: row.state,
    recipients: row.recipients,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/**
 * Sends product news to every user who wants product news (product §10.14): the mailing and its audit
 * entry in one transaction, then its batches through the job queue, each user once
 * (send-mailing-batch.ts).
 */
export async function sendProductNews(ctx: AppContext, actor: Actor, news: ProductNewsRequest): Promise<ProductNewsItem> {
  const now = ctx.clock.now();
  const mailing = await ctx.db.transaction().execute(async (trx) => {
    const row = await scheduleProductNews(trx, { subject: news.subject, bodyMarkdown: news.body }, actor.email, now, utcDay(now));
    await recordOperatorAction(trx, now, actor, {
      action: 'product_news.send',
      subjectType: 'product_news',
      subjectId: row.id,
      after: { subject: news.subject, body: news.body },
    });
    return row;
  });
  await startDueMailings(ctx);
  return presentNews((await findMailing(ctx.db, mailing.id)) ?? mailing);
}

/** The product news sent, newest first. */
export async function listProductNews(ctx: Pick<AppContext, 'db'>): Promise<ProductNewsItem[]> {
  return (await selectProductNews(ctx.db, 100)).map(presentNews);
}
