import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/** Product ids as the text of an int4multirange: consecutive ids make one range (`{[5,9),[12,13)}`). */
export function multirangeOf(ids: number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const ranges: string[] = [];
  let start: number | undefined;
  let end = 0;
  for (const id of sorted) {
    if (start !== undefined && id === end) {
      end = id + 1;
      continue;
    }
    if (start !== undefined) ranges.push(`[${start},${end})`);
    start = id;
    end = id + 1;
  }
  if (start !== undefined) ranges.push(`[${start},${end})`);
  return `{${ranges.join(',')}}`;
}

/**
 * Adds the products one preview page showed to what the user saw of the edition in this period:
 * one upsert, which unites the ids and recounts the distinct products shown.
 */
export async function recordPreviewPage(
  db: Db,
  view: { userId: number; subscriptionId: number; periodStart: Date; collectionId: number; productIds: number[]; now: Date },
): Promise<void> {
  if (view.productIds.length === 0) return;
  const shown = multirangeOf(view.productIds);
  await sql`
    INSERT INTO preview_views AS v (subscription_id, period_start, collection_id, user_id, products_shown, distinct_shown, first_shown_at, last_shown_at)
    VALUES (${view.subscriptionId}, ${view.periodStart}, ${view.collectionId}, ${view.userId}, ${shown}::int4multirange,
            (SELECT coalesce(sum(upper(r) - lower(r)), 0) FROM unnest(${shown}::int4multirange) AS r), ${view.now}, ${view.now})
    ON CONFLICT (subscription_id, period_start, collection_id) DO UPDATE SET
      products_shown = v.products_shown + EXCLUDED.products_shown,
      distinct_shown = (SELECT coalesce(sum(upper(r) - lower(r)), 0) FROM unnest(v.products_shown + EXCLUDED.products_shown) AS r),
      last_shown_at = EXCLUDED.last_shown_at`.execute(db);
}
