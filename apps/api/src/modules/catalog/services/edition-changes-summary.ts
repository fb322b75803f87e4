import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { CollectionRow } from '../../../db/schema.ts';
import { findPreviousCollection } from '../repositories/catalog.ts';
import { listNewOrRepricedPage, listRemovedPage, type DifferingItemRow } from '../repositories/edition-changes.ts';
import { EditionDiff } from './edition-diff.ts';

/** How many of the largest increases a new-edition email shows. */
export const LARGEST_INCREASES = 5;

/** Rows of the two editions read per query. */
const PAGE_SIZE = 2000;

/** What an edition changed against the category's previous edition: the new-edition email tells it. */
export interface EditionChangesSummary {
  previous: { code: string; name: string; rundate: string } | null;
  added: number;
  removed: number;
  priceUp: number;
  priceDown: number;
  /** The largest cost increases in dollars, largest first (`group` is absent from summaries made before pricing profiles). */
  largestIncreases: Array<{ sku: string; name: string; group?: string; oldCents: number; newCents: number }>;
}

/** Every row a paged query gives, a page at a time, by id after the last one read. */
async function* allRows(readPage: (afterId: number) => Promise<DifferingItemRow[]>): AsyncGenerator<DifferingItemRow> {
  for (let page = await readPage(0); page.length > 0; page = await readPage(page.at(-1)!.id)) yield* page;
}

/** The diff of two stored editions: the items they differ in, read page by page. */
async function diffStoredEditions(db: Db, current: number, previous: number): Promise<EditionDiff> {
  const diff = new EditionDiff();
  const differing = [
    allRows((afterId) => listNewOrRepricedPage(db, current, previous, afterId, PAGE_SIZE)),
    allRows((afterId) => listRemovedPage(db, current, previous, afterId, PAGE_SIZE)),
  ];
  for (const rows of differing) {
    for await (const row of rows) diff.add({ sku: row.sku, name: row.name, group: row.group_name, previousCents: row.previous_cost_cents, costCents: row.cost_cents });
  }
  return diff;
}

/** Compares an edition with the category's edition before it (all new when there is none). */
export async function summariseEditionChanges(ctx: Pick<AppContext, 'db'>, edition: Pick<CollectionRow, 'id' | 'category_id' | 'rundate' | 'item_count'>): Promise<EditionChangesSummary> {
  const previous = await findPreviousCollection(ctx.db, edition);
  if (!previous) return { previous: null, added: edition.item_count, removed: 0, priceUp: 0, priceDown: 0, largestIncreases: [] };
  const diff = await diffStoredEditions(ctx.db, edition.id, previous.id);
  return {
    previous: { code: previous.collection_id, name: previous.name, rundate: previous.rundate },
    added: diff.added,
    removed: diff.removed,
    priceUp: diff.priceUp,
    priceDown: diff.priceDown,
    largestIncreases: diff.largestIncreases(LARGEST_INCREASES),
  };
}
