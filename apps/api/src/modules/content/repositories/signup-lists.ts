import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

export interface Page {
  limit: number;
  offset: number;
}

async function total(db: Db, table: 'newsletter_subscribers' | 'marketing_signups' | 'setup_call_requests'): Promise<number> {
  const row = await db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newsletter addresses, newest first (a page, or all when `page` is omitted). */
export async function listNewsletterSubscribers(db: Db, page?: Page) {
  let query = db.selectFrom('newsletter_subscribers').select(['id', 'email', 'subscribed_at', 'unsubscribed_at']).orderBy('id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return { rows: await query.execute(), total: await total(db, 'newsletter_subscribers') };
}

/** Entries of the free-year draw, newest first (a page, or all). */
export async function listDrawEntries(db: Db, page?: Page) {
  let query = db.selectFrom('marketing_signups').select(['id', 'email', 'signed_up_at']).orderBy('id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return { rows: await query.execute(), total: await total(db, 'marketing_signups') };
}

/** Requests for the setup call, newest first (a page, or all). */
export async function listSetupCallRequests(db: Db, page?: Page) {
  let query = db.selectFrom('setup_call_requests').select(['id', 'name', 'email', 'phone', 'preferred_time', 'requested_at']).orderBy('id', 'desc');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return { rows: await query.execute(), total: await total(db, 'setup_call_requests') };
}

/** Every winner drawn so far, newest first. */
export function listDrawWinners(db: Db) {
  return db.selectFrom('draw_winners').selectAll().orderBy('id', 'desc').execute();
}

/**
 * The draw's entries whose address has not won yet, in a stable order. Locks the winners' table
 * first, so two draws at once are made one after the other.
 */
export async function lockDrawCandidates(db: Db) {
  await sql`LOCK TABLE draw_winners IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  return db.selectFrom('marketing_signups').select(['id', 'email']).where('email', 'not in', db.selectFrom('draw_winners').select('email')).orderBy('id').execute();
}

export async function insertDrawWinner(
  db: Db,
  winner: { marketing_signup_id: number; email: string; entries: number; drawn_at: Date; drawn_by_id: number | null; drawn_by_email: string },
) {
  return db.insertInto('draw_winners').values(winner).returningAll().executeTakeFirstOrThrow();
}

/** How many winners were drawn so far. */
export async function countDrawWinners(db: Db): Promise<number> {
  const row = await db.selectFrom('draw_winners').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
