import type { Db } from '../../../db/database.ts';

/**
 * True when a sync of a paid edition wrote items (created or updated any) for the user and ran
 * at or after `since` (finished then, or still running): the refund rule counts it as use of the
 * list (decision 0021). Reads the runs only.
 */
export async function hasSyncedPaidItemsSince(db: Db, userId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sync_runs as r')
    .innerJoin('collections as c', 'c.id', 'r.collection_id')
    .select('r.id')
    .where('r.user_id', '=', userId)
    .where('c.is_free', '=', false)
    .where((eb) => eb(eb('r.created', '+', eb.ref('r.updated')), '>', 0))
    .where((eb) => eb.or([eb('r.finished_at', 'is', null), eb('r.finished_at', '>=', since)]))
    .executeTakeFirst();
  return row !== undefined;
}
