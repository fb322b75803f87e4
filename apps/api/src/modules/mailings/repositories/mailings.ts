import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { MailingRow, MailingsTable, User } from '../../../db/schema.ts';

/** Adds a mailing and returns it. */
export function insertMailing(db: Db, mailing: Insertable<MailingsTable>): Promise<MailingRow> {
  return db.insertInto('mailings').values(mailing).returningAll().executeTakeFirstOrThrow();
}

/** The mailing, locked until the transaction ends: one batch of it runs at a time. */
export function lockMailing(db: Db, id: number): Promise<MailingRow | undefined> {
  return db.selectFrom('mailings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Scheduled mailings due by `today`, locked (SKIP LOCKED: another process takes the others). */
export function lockDueMailings(db: Db, today: string): Promise<MailingRow[]> {
  return db
    .selectFrom('mailings')
    .selectAll()
    .where('state', '=', 'scheduled')
    .where('due_on', '<=', today)
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Sets the state, checkpoint and counters of a mailing. */
export async function updateMailing(
  db: Db,
  id: number,
  changes: Partial<Pick<MailingRow, 'state' | 'last_user_id' | 'recipients' | 'started_at' | 'finished_at'>> & { summary?: unknown },
): Promise<void> {
  const { summary, ...rest } = changes;
  await db
    .updateTable('mailings')
    .set({ ...rest, ...(summary !== undefined ? { summary: JSON.stringify(summary) } : {}) })
    .where('id', '=', id)
    .execute();
}

/** The mailings of these editions (one each at most). */
export function listMailingsOfEditions(db: Db, collectionIds: number[]): Promise<MailingRow[]> {
  if (collectionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('mailings').selectAll().where('collection_id', 'in', collectionIds).execute();
}

/** Product news, newest first. */
export function listProductNews(db: Db, limit: number): Promise<MailingRow[]> {
  return db.selectFrom('mailings').selectAll().where('kind', '=', 'product-news').orderBy('id', 'desc').limit(limit).execute();
}

/** The recipients a mailing's audience starts from: verified, active users with that kind of email on, after `afterUserId`, by id. */
export function listOptedInUsersAfter(
  db: Db,
  preference: 'wants_edition_emails' | 'wants_product_news',
  afterUserId: number,
  limit: number,
): Promise<Array<Pick<User, 'id' | 'name' | 'email' | 'wants_edition_emails' | 'wants_product_news'>>> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'wants_edition_emails', 'wants_product_news'])
    .where('id', '>', afterUserId)
    .where(preference, '=', true)
    .where('is_verified', '=', true)
    .where('is_active', '=', true)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Claims the (mailing, user) delivery: true when this call added it, false when it existed (the
 * user already has this mailing's email, or it is being queued by the transaction holding it).
 */
export async function claimDelivery(db: Db, mailingId: number, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('mailing_deliveries')
    .values({ mailing_id: mailingId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['mailing_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** How many deliveries a mailing has. */
export async function countDeliveries(db: Db, mailingId: number): Promise<number> {
  const row = await db
    .selectFrom('mailing_deliveries')
    .select(sql<string>`count(*)`.as('n'))
    .where('mailing_id', '=', mailingId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One mailing. */
export function findMailing(db: Db, id: number): Promise<MailingRow | undefined> {
  return db.selectFrom('mailings').selectAll().where('id', '=', id).executeTakeFirst();
}
