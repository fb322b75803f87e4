import type { AppContext } from '../../../context.ts';
import type { CollectionRow } from '../../../db/schema.ts';
import { countChanges, findPreviousCollection, listLargestIncreases } from '../repositories/edition-changes.ts';

/** How many of the largest increases a new-edition email shows. */
export const LARGEST_INCREASES = 5;

/** What an edition changed against the category's previous edition: the new-edition email tells it. */
export interface EditionChangesSummary {
  previous: { code: string; name: string; rundate: string } | null;
  added: number;
  removed: number;
  priceUp: number;
  priceDown: number;
  /** The largest cost increases in dollars, largest first. */
  largestIncreases: Array<{ sku: string; name: string; oldCents: number; newCents: number }>;
}

/** Compares an edition with the category's edition before it (all new when there is none). */
export async function summariseEditionChanges(ctx: Pick<AppContext, 'db'>, edition: Pick<CollectionRow, 'id' | 'category_id' | 'rundate' | 'item_count'>): Promise<EditionChangesSummary> {
  const previous = await findPreviousCollection(ctx.db, edition);
  if (!previous) return { previous: null, added: edition.item_count, removed: 0, priceUp: 0, priceDown: 0, largestIncreases: [] };
  const counts = await countChanges(ctx.db, edition.id, previous.id);
  const increases = await listLargestIncreases(ctx.db, edition.id, previous.id, LARGEST_INCREASES);
  return {
    previous: { code: previous.collection_id, name: previous.name, rundate: previous.rundate },
    added: counts.added,
    removed: counts.removed,
    priceUp: counts.up,
    priceDown: counts.down,
    largestIncreases: increases.map((row) => ({ sku: row.sku, name: row.name, oldCents: row.old_cents, newCents: row.new_cents })),
  };
}
