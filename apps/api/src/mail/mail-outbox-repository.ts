import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MailOutboxRow } from '../db/schema.ts';

/** Stores an email to send. */
export async function insertMail(
  db: Db,
  mail: {
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    message_id: string;
    kind: string;
    headers?: Record<string, string>;
    created_at: Date;
  },
): Promise<number> {
  const { headers, ...rest } = mail;
  const values = { ...rest, headers: headers && Object.keys(headers).length > 0 ? JSON.stringify(headers) : null };
  const row = await db.insertInto('mail_outbox').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** One outbox row. */
export function findMail(db: Db, id: number): Promise<MailOutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Records a delivery attempt's outcome. A sent or abandoned mail loses its bodies and headers in
 * the same statement: they hold live links (activation, reset, unsubscribe), which must not
 * outlive the delivery.
 */
export async function recordMailAttempt(
  db: Db,
  id: number,
  outcome: { status: 'sent'; sentAt: Date } | { status: 'pending' | 'abandoned'; error: string },
  attempts: number,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', sent_at: outcome.sentAt, attempts, last_error: null, text_body: null, html_body: null, headers: null }
        : outcome.status === 'abandoned'
          ? { status: 'abandoned', last_error: outcome.error, attempts, text_body: null, html_body: null, headers: null }
          : { status: 'pending', last_error: outcome.error, attempts },
    )
    .where('id', '=', id)
    .execute();
}

/** Deletes mail created before `before`, whatever became of it (its metadata has served support). */
export async function deleteOldMail(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('mail_outbox').where('created_at', '<', before).execute();
}

/** The outbox's backlog: mail waiting to be sent, since when, and mail given up (kept 30 days). */
export async function outboxBacklog(db: Db): Promise<{ pending: number; oldestPending: Date | null; abandoned: number }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select([
      sql<number>`count(*) FILTER (WHERE status = 'pending')`.as('pending'),
      sql<Date | null>`min(created_at) FILTER (WHERE status = 'pending')`.as('oldest_pending'),
      sql<number>`count(*) FILTER (WHERE status = 'abandoned')`.as('abandoned'),
    ])
    .where('status', '!=', 'sent')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestPending: row.oldest_pending === null ? null : new Date(row.oldest_pending), abandoned: Number(row.abandoned) };
}
