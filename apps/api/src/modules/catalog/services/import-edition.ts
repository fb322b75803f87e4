import { idField } from '@tradelist/contract/fields';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation, type Db } from '../../../db/database.ts';
import { utcDay } from '../../../lib/clock.ts';
import { scheduleEditionAnnouncement } from '../../mailings/index.ts';
import { commandLineActor, recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import { editionCode, editionName } from './edition-naming.ts';
import type { CategoryRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import {
  findCategoryById,
  findCategoryByName,
  findLatestCollectionOnOrBefore,
  insertCollection,
  listCategories,
  listCollectionCodesLike,
  setCategoryAnnounced,
} from '../repositories/catalog.ts';
import { analyzeProducts, insertProducts, listProductPricePage, type NewProduct } from '../repositories/products.ts';
import { checkSupplierFileOffThread } from './check-supplier-file.ts';
import type { EditionComparison, PreviousPrice, RowProblem, StoredItem } from './read-supplier-file.ts';

export interface ImportEditionInput {
  /** Category name, slug or numeric id. */
  category: string;
  /** The file's name as given (its extension tells .xlsx from CSV). */
  fileName: string;
  content: Uint8Array;
  name?: string | undefined;
  /** YYYY-MM-DD; today (by the clock, UTC) when absent. */
  rundate?: string | undefined;
  /** Validate and compare, store nothing. */
  dryRun?: boolean | undefined;
}

export type ImportEditionResult =
  | { status: 'rejected'; problems: RowProblem[] }
  | {
      status: 'imported' | 'checked';
      category: { id: number; name: string; wasAnnounced: boolean };
      edition: { id: number | null; code: string; name: string; rundate: string; isFree: boolean; itemCount: number };
      comparison: EditionComparison;
    };

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

type RejectedFile = { status: 'rejected'; problems: RowProblem[] };

/** Rows of the previous edition read per query, the event loop free between two (issue 17 §10). */
const PREVIOUS_PRICES_PAGE = 2000;

/** The category named by a name, slug or numeric id; a clear NOT_FOUND listing the categories otherwise. */
export async function requireCategory(ctx: Pick<AppContext, 'db'>, reference: string): Promise<CategoryRow> {
  const text = reference.trim();
  // Digits name an id, and an id outside the column's range names no category (issue 7 §1.1).
  const id = idField().safeParse(text);
  const category = id.success ? await findCategoryById(ctx.db, id.data) : /^\d+$/.test(text) ? undefined : await findCategoryByName(ctx.db, text);
  if (category) return category;
  const known = (await listCategories(ctx.db)).map((c) => `"${c.name}" (id ${c.id})`);
  throw new AppError('NOT_FOUND', `There is no category "${text}". ${known.length ? `Categories: ${known.join(', ')}.` : 'There are no categories yet.'}`);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * Checks a supplier file (CSV or .xlsx) as a new edition of a category (issue 3 §1), storing
 * nothing: every row validated and every problem reported with its row number, and a comparison
 * with the category's previous edition. The console's preview starts here.
 */
export function checkEdition(ctx: Pick<AppContext, 'db' | 'clock'>, input: Omit<ImportEditionInput, 'dryRun'>): Promise<RejectedFile | CheckedEdition> {
  return checkEditionFile(ctx, input, false);
}

/** The same check, keeping the rows to store: publishing and the command line start here. */
export async function checkEditionToPublish(ctx: Pick<AppContext, 'db' | 'clock'>, input: Omit<ImportEditionInput, 'dryRun'>): Promise<RejectedFile | CheckedEditionWithItems> {
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
  input: Omit<ImportEditionInput, 'dryRun'>,
  keepItems: boolean,
): Promise<RejectedFile | (CheckedEdition & { items: StoredItem[] | null })> {
  const category = await requireCategory(ctx, input.category);
  const rundate = input.rundate ?? utcDay(ctx.clock.now());
  if (!isCalendarDate(rundate)) throw new AppError('VALIDATION_FAILED', `The run date "${rundate}" is not a date written YYYY-MM-DD.`);
  const name = (input.name ?? editionName(category.name, rundate)).replace(/\s+/g, ' ').trim();
  if (name === '' || name.length > 200) throw new AppError('VALIDATION_FAILED', 'The edition name must have 1 to 200 characters.');

  const previous = await findLatestCollectionOnOrBefore(ctx.db, category.id, rundate);
  const file = await checkSupplierFileOffThread({
    fileName: input.fileName,
    content: input.content,
    previousPrices: previous ? previousPricePages(ctx.db, previous.id) : null,
    keepItems,
  });
  if (file.status === 'rejected') return file;
  const { comparison } = file;
  if (previous) comparison.previous = { code: previous.collection_id, name: previous.name, rundate: previous.rundate };
  const code = await freeCode(ctx, editionCode(category.slug, rundate));
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

/**
 * Publishes a checked edition: the edition and all its rows in one transaction (or none), the
 * category made available if it was only announced, the edition's announcement scheduled for its
 * run date (mailings), and the audit entry, all in that transaction; `inTransaction` adds the
 * caller's part (the console removes the staged upload). Before its run date the edition is
 * seen by operators only.
 */
export async function publishCheckedEdition(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  checked: CheckedEditionWithItems,
  actor: Actor,
  inTransaction?: (trx: Db) => Promise<void>,
): Promise<{ id: number; code: string }> {
  const { edition, category } = checked;
  // Two imports of the same month at once may pick the same code: the loser retries with the next one.
  for (let attempt = 1; ; attempt++) {
    const code = await freeCode(ctx, editionCode(checked.slug, edition.rundate));
    try {
      const now = ctx.clock.now();
      const id = await ctx.db.transaction().execute(async (trx) => {
        const collection = await insertCollection(trx, {
          category_id: category.id,
          collection_id: code,
          name: edition.name,
          rundate: edition.rundate,
          image: null,
          is_free: edition.isFree,
          item_count: checked.items.length,
          created_at: now,
        });
        await insertProducts(
          trx,
          checked.items.map((item): NewProduct => ({ collection_id: collection.id, ...item })),
          1000,
        );
        if (category.wasAnnounced) await setCategoryAnnounced(trx, category.id, false);
        await scheduleEditionAnnouncement(trx, { collectionId: collection.id, rundate: edition.rundate }, actor.email, now);
        await recordOperatorAction(trx, now, actor, {
          action: 'edition.publish',
          subjectType: 'edition',
          subjectId: collection.id,
          after: {
            code,
            name: edition.name,
            category: category.name,
            rundate: edition.rundate,
            items: checked.items.length,
            file: checked.fileName,
            sha256: checked.sha256,
          },
        });
        await inTransaction?.(trx);
        return collection.id;
      });
      await analyzeProducts(ctx.db);
      return { id, code };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/**
 * Imports a supplier file as a new edition (`npm run admin -- import-edition`): the same check
 * and the same publication as the console's upload and publish, in one step.
 */
export async function importEdition(ctx: Pick<AppContext, 'db' | 'clock'>, input: ImportEditionInput, actor: Actor = commandLineActor): Promise<ImportEditionResult> {
  const checked = await checkEditionToPublish(ctx, input);
  if (checked.status === 'rejected') return checked;
  const summary = { category: checked.category, comparison: checked.comparison };
  if (input.dryRun) return { status: 'checked', ...summary, edition: checked.edition };
  const stored = await publishCheckedEdition(ctx, checked, actor);
  return { status: 'imported', ...summary, edition: { ...checked.edition, ...stored } };
}

/** `base`, or `base-2`, `base-3`... whichever no edition uses yet. */
async function freeCode(ctx: Pick<AppContext, 'db'>, base: string): Promise<string> {
  const taken = new Set(await listCollectionCodesLike(ctx.db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

