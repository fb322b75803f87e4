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
 * The downloads counted in one period of a subscription: completed ones, and reservations still
 * live at `now` (files being sent). Aborted downloads and expired reservations do not count.
 */
export async function countDownloadsInPeriod(db: Db, subscriptionId: number, periodStart: Date, now: Date): Promise<number> {
  const row = await db
    .selectFrom('download_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('subscription_id', '=', subscriptionId)
    .where('period_start', '=', periodStart)
    .where((eb) => eb.or([eb('status', '=', 'completed'), eb.and([eb('status', '=', 'reserved'), eb('reserved_until', '>', now)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
