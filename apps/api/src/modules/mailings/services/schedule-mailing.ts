import type { Db } from '../../../db/database.ts';
import type { MailingRow } from '../../../db/schema.ts';
import { insertMailing } from '../repositories/mailings.ts';

/**
 * Schedules the announcement of a published edition for its run date, in the transaction that
 * publishes it (console or command line alike): the scheduled look for due mailings
 * (send-mailing-batch.ts) starts it on that day, or at once when the day has come.
 */
export function scheduleEditionAnnouncement(db: Db, edition: { collectionId: number; rundate: string }, createdBy: string, now: Date): Promise<MailingRow> {
  return insertMailing(db, {
    kind: 'new-edition',
    collection_id: edition.collectionId,
    subject: null,
    body_markdown: null,
    due_on: edition.rundate,
    state: 'scheduled',
    summary: null,
    created_by: createdBy,
    created_at: now,
    started_at: null,
    finished_at: null,
  });
}

/** Schedules product news for `today`, in the caller's transaction. */
export function scheduleProductNews(db: Db, news: { subject: string; bodyMarkdown: string }, createdBy: string, now: Date, today: string): Promise<MailingRow> {
  return insertMailing(db, {
    kind: 'product-news',
    collection_id: null,
    subject: news.subject,
    body_markdown: news.bodyMarkdown,
    due_on: today,
    state: 'scheduled',
    summary: null,
    created_by: createdBy,
    created_at: now,
    started_at: null,
    finished_at: null,
  });
}
