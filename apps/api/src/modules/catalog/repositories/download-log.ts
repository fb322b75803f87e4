import type { Db } from '../../../db/database.ts';

/**
 * Starts a download: a 'reserved' log row that holds a place against the period's maximum until
 * the file has been sent (then completed) or the response ended early (then aborted), or until
 * `reserved_until` passes (a process killed mid-file). Returns its id.
 */
export async function insertReservation(
  db: Db,
  entry: {
    user_id: number;
    collection_id: number;
    subscription_id: number | null;
    period_start: Date | null;
    format: string;
    layout: string;
    created_at: Date;
    reserved_until: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('download_log')
    .values({ ...entry, status: 'reserved' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks a reservation 'completed' or 'aborted'; a row already settled is left as it is. */
export async function settleReservation(db: Db, id: number, status: 'completed' | 'aborted', now: Date): Promise<void> {
  await db
    .updateTable('download_log')
    .set({ status, finished_at: now, reserved_until: null })
    .where('id', '=', id)
    .where('status', '=', 'reserved')
    .execute();
}

/** Keeps a reservation alive while its file is still being sent. */
export async function extendReservation(db: Db, id: number, until: Date): Promise<void> {
  await db.updateTable('download_log').set({ reserved_until: until }).where('id', '=', id).where('status', '=', 'reserved').execute();
}

/**
 * The editions counted in one period of a subscription (decision 0029): the distinct editions of
 * its completed downloads and of the reservations still live at `now` (files being sent).
 * Aborted downloads and expired reservations do not count. An edition downloaded again, in any
 * format or layout, is still one edition.
 */
export async function listEditionsCountedInPeriod(db: Db, subscriptionId: number, periodStart: Date, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('download_log')
    .select('collection_id')
    .distinct()
    .where('subscription_id', '=', subscriptionId)
    .where('period_start', '=', periodStart)
    .where((eb) => eb.or([eb('status', '=', 'completed'), eb.and([eb('status', '=', 'reserved'), eb('reserved_until', '>', now)])]))
    .execute();
  return rows.map((row) => row.collection_id);
}

/** How many editions count against the period's maximum (`listEditionsCountedInPeriod`). */
export async function countEditionsInPeriod(db: Db, subscriptionId: number, periodStart: Date, now: Date): Promise<number> {
  return (await listEditionsCountedInPeriod(db, subscriptionId, periodStart, now)).length;
}
