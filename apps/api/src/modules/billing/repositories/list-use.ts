import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/*
 * The use of a list in a subscription's period, as billing counts it (decisions 0021 and 0029):
 * the editions counted against the plan's maximum, the share of an edition the preview showed,
 * and syncs of paid editions that wrote items. The catalog and sync modules write these rows; the
 * download allowance and the refund rule read them here.
 */

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

/**
 * True when the preview showed more than `percent` % of the distinct products of one of the
 * editions it showed in this period of the subscription.
 */
export async function hasPreviewedMoreThan(db: Db, subscriptionId: number, periodStart: Date, percent: number): Promise<boolean> {
  const row = await db
    .selectFrom('preview_views as v')
    .select('v.collection_id')
    .where('v.subscription_id', '=', subscriptionId)
    .where('v.period_start', '=', periodStart)
    .where(({ eb, selectFrom }) =>
      eb(
        sql<number>`v.distinct_shown * 100`,
        '>',
        selectFrom('products as p')
          .select(sql<number>`count(*) * ${percent}`.as('limit'))
          .whereRef('p.collection_id', '=', 'v.collection_id'),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}
