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
