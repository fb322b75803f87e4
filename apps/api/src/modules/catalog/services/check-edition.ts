import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { utcDay } from '../../../lib/clock.ts';
import { findPreviousCollection } from '../repositories/catalog.ts';
import { listProductPricePage } from '../repositories/products.ts';
import { checkSupplierFileOffThread } from './check-supplier-file.ts';
import type { EditionComparison, PreviousPrice } from './edition-diff.ts';
import { requireCategory, requireEditionName, requireRundate } from './edition-input.ts';
import { editionCode } from './edition-naming.ts';
import { freeEditionCode } from './publish-edition.ts';
import type { RowProblem, StoredItem } from './validate-supplier-rows.ts';

/** A supplier file offered as a new edition of a category. */
export interface EditionFileInput {
  /** Category name, slug or numeric id. */
  category: string;
  /** The file's name as given (its extension tells .xlsx from CSV). */
  fileName: string;
  content: Uint8Array;
  name?: string | undefined;
  /** YYYY-MM-DD; today (by the clock, UTC) when absent. */
  rundate?: string | undefined;
}

/** A file that passed every check: what it would publish (its rows stay on the worker thread that read them). */
export interface CheckedEdition {
  status: 'checked';
  category: { id: number; name: string; wasAnnounced: boolean };
  edition: { id: null; code: string; name: string; rundate: string; isFree: boolean; itemCount: number };
  comparison: EditionComparison;
  /** The SHA-256 of the file's bytes (hex). */
  sha256: string;
  fileName: string;
  slug: string;
}

/** A checked file with the rows to store, for publishing. */
export type CheckedEditionWithItems = CheckedEdition & { items: StoredItem[] };

export type RejectedFile = { status: 'rejected'; problems: RowProblem[] };

/** Rows of the previous edition read per query, the event loop free between two (issue 17 §10). */
const PREVIOUS_PRICES_PAGE = 2000;

/**
 * Checks a supplier file (CSV or .xlsx) as a new edition of a category (issue 3 §1), storing
 * nothing: every row validated and every problem reported with its row number, and a comparison
 * with the category's previous edition. The console's preview starts here.
 */
export function checkEdition(ctx: Pick<AppContext, 'db' | 'clock'>, input: EditionFileInput): Promise<RejectedFile | CheckedEdition> {
  return checkEditionFile(ctx, input, false);
}

/** The same check, keeping the rows to store: publishing and the command line start here. */
export async function checkEditionToPublish(ctx: Pick<AppContext, 'db' | 'clock'>, input: EditionFileInput): Promise<RejectedFile | CheckedEditionWithItems> {
  const checked = await checkEditionFile(ctx, input, true);
  if (checked.status === 'rejected') return checked;
  if (!checked.items) throw new Error('The checked file came back without its rows.');
  return { ...checked, items: checked.items };
}

/**
 * Both checks: the file is read, validated and compared on a worker thread
 * (check-supplier-file.ts), while this thread only reads the previous edition's prices, a page
 * at a time, and keeps answering other requests.
 */
async function checkEditionFile(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: EditionFileInput,
  keepItems: boolean,
): Promise<RejectedFile | (CheckedEdition & { items: StoredItem[] | null })> {
  const category = await requireCategory(ctx, input.category);
  const rundate = requireRundate(input.rundate ?? utcDay(ctx.clock.now()));
  const name = requireEditionName(input.name, category, rundate);

  // The file is not stored yet: it would come after every edition of its run date.
  const previous = await findPreviousCollection(ctx.db, { category_id: category.id, rundate, id: null });
  const file = await checkSupplierFileOffThread({
    fileName: input.fileName,
    content: input.content,
    previousPrices: previous ? previousPricePages(ctx.db, previous.id) : null,
    keepItems,
  });
  if (file.status === 'rejected') return file;
  const { comparison } = file;
  if (previous) comparison.previous = { code: previous.collection_id, name: previous.name, rundate: previous.rundate };
  const code = await freeEditionCode(ctx, editionCode(category.slug, rundate));
  return {
    status: 'checked',
    category: { id: category.id, name: category.name, wasAnnounced: category.is_announced },
    comparison,
    edition: { id: null, code, name, rundate, isFree: category.is_free, itemCount: file.itemCount },
    sha256: file.sha256,
    fileName: input.fileName,
    items: file.items,
    slug: category.slug,
  };
}

/** The previous edition's prices in id order, a page per query. */
async function* previousPricePages(db: Db, collectionId: number): AsyncGenerator<PreviousPrice[]> {
  let afterId = 0;
  for (;;) {
    const page = await listProductPricePage(db, collectionId, afterId, PREVIOUS_PRICES_PAGE);
    if (page.length === 0) return;
    yield page.map(({ sku, name, cost_cents }) => ({ sku, name, cost_cents }));
    afterId = page.at(-1)!.id;
  }
}
