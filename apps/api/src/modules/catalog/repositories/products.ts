import { sql, type ExpressionBuilder } from 'kysely';
import { copyOutOf, forEachCopyRow } from '../../../db/copy-out.ts';
import type { Db } from '../../../db/database.ts';
import type { Database, ProductRow } from '../../../db/schema.ts';

export type NewProduct = Omit<ProductRow, 'id'>;

/** Inserts products in batches (one statement per batch keeps PGlite and PostgreSQL fast). */
export async function insertProducts(db: Db, products: NewProduct[], batchSize = 500): Promise<void> {
  for (let start = 0; start < products.length; start += batchSize) {
    await db.insertInto('products').values(products.slice(start, start + batchSize)).execute();
  }
}

export type ProductForFile = Pick<ProductRow, 'id' | 'sku' | 'name' | 'description' | 'unit' | 'group_name' | 'cost_cents' | 'manufacturer_part_number' | 'upc'>;

/**
 * One page of an edition's products in id order after `afterId` (keyset pagination: an index
 * range scan per page, so a list of any size holds one page in memory), read with COPY:
 * PostgreSQL formats the rows as text and this decodes them, which costs a fraction of the
 * driver's row objects on a large edition.
 */
export async function copyPageOfProducts(db: Db, collectionId: number, afterId: number, limit: number): Promise<ProductForFile[]> {
  return decodeProductsPage(await copyPageOfProductsText(db, collectionId, afterId, limit));
}

/**
 * The same page as COPY's text output, undecoded (`decodeProductsPage` reads it), for a worker
 * thread to decode. COPY takes no parameters, so the three numbers are checked integers written
 * into the SQL.
 */
export async function copyPageOfProductsText(db: Db, collectionId: number, afterId: number, limit: number): Promise<Buffer> {
  for (const value of [collectionId, afterId, limit]) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  }
  return copyOutOf(db)(
    `SELECT id, sku, name, description, unit, group_name, cost_cents, manufacturer_part_number, upc FROM products WHERE collection_id = ${collectionId} AND id > ${afterId} ORDER BY id LIMIT ${limit}`,
  );
}

/** The products of a page read by `copyPageOfProductsText`. */
export function decodeProductsPage(output: Buffer): ProductForFile[] {
  const page: ProductForFile[] = [];
  forEachCopyRow(output, (fields) => {
    page.push({
      id: Number(fields[0]),
      sku: fields[1] ?? '',
      name: fields[2] ?? '',
      description: fields[3] ?? '',
      unit: fields[4] ?? '',
      group_name: fields[5] ?? '',
      cost_cents: Number(fields[6]),
      manufacturer_part_number: fields[7] ?? null,
      upc: fields[8] ?? null,
    });
  });
  return page;
}

/** The id in the first field of a COPY text page's last row (the page's last id); 0 when it is empty. */
export function lastIdOfPage(output: Buffer): number {
  if (output.length === 0) return 0;
  // Rows end with a newline, so the last row starts after the one before the final byte.
  const start = output.lastIndexOf(0x0a, output.length - 2) + 1;
  return Number(output.toString('latin1', start, output.indexOf(0x09, start)));
}

/** SKU, name and cost of every product of an edition (what an import compares against). */
/** One page of an edition's prices in id order: the rows after `afterId`, at most `limit`. */
export function listProductPricePage(db: Db, collectionId: number, afterId: number, limit: number): Promise<Array<Pick<ProductRow, 'id' | 'sku' | 'name' | 'cost_cents'>>> {
  return db
    .selectFrom('products')
    .select(['id', 'sku', 'name', 'cost_cents'])
    .where('collection_id', '=', collectionId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Refreshes the planner's statistics after a bulk insert. Without them PostgreSQL reads every
 * page of a download with a bitmap scan and a sort of the whole edition; with them, an index
 * range scan per page.
 */
export async function analyzeProducts(db: Db): Promise<void> {
  await sql`ANALYZE products`.execute(db);
}

/** A LIKE pattern that matches `text` anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What the preview's list is filtered by. */
export interface ProductFilter {
  /** Name, SKU or group contains this, case-insensitively ('' for every product). */
  search: string;
  /** The edition to compare with (its products are joined by SKU); null when there is none. */
  previousCollectionId: number | null;
  /** Only products that are new since the previous edition or at another cost. */
  changedOnly: boolean;
}

// No collection has this id (ids start at 1): joining on it finds no previous product.
const NO_COLLECTION = 0;

/** Name, SKU or group contains `search`, case-insensitively, as plain text. */
function matchesSearch(search: string) {
  const pattern = containsPattern(search);
  // lower(...) LIKE: the same case folding on both sides; the default escape character is \.
  return (eb: ExpressionBuilder<Database, 'products'>) =>
    eb.or([
      eb(eb.fn('lower', ['products.name']), 'like', pattern),
      eb(eb.fn('lower', ['products.sku']), 'like', pattern),
      eb(eb.fn('lower', ['products.group_name']), 'like', pattern),
    ]);
}

/** The edition's products that match `search` ('' for all of them). */
function searchedProducts(db: Db, collectionId: number, search: string) {
  const query = db.selectFrom('products').where('products.collection_id', '=', collectionId);
  return search === '' ? query : query.where(matchesSearch(search));
}

/**
 * The edition's products that match the filter, each joined with the same SKU in the previous
 * edition (one index lookup per product on the (collection_id, sku) key).
 */
function filteredProducts(db: Db, collectionId: number, filter: ProductFilter) {
  let query = db
    .selectFrom('products')
    .leftJoin('products as previous', (join) =>
      join.onRef('previous.sku', '=', 'products.sku').on('previous.collection_id', '=', filter.previousCollectionId ?? NO_COLLECTION),
    )
    .where('products.collection_id', '=', collectionId);
  if (filter.search !== '') query = query.where(matchesSearch(filter.search));
  if (filter.changedOnly) {
    query = query.where((eb) => eb.or([eb('previous.id', 'is', null), eb('previous.cost_cents', '<>', eb.ref('products.cost_cents'))]));
  }
  return query;
}

export type PreviewProductRow = Pick<ProductRow, 'id' | 'sku' | 'name' | 'group_name' | 'unit' | 'cost_cents'> & { previous_cost_cents: number | null };

/**
 * One page of an edition's products in id order, filtered (search and changes), each with its
 * cost in the previous edition, and how many match in all. Only the page is read into memory,
 * whatever the size of the edition. Without a filter the count is an index-only count of the
 * edition; with one, a single scan gives both the page and the count (a window count), instead
 * of filtering the edition twice. Unless the filter needs the previous edition, the page is cut
 * first and only its rows are joined, so a deep page does not look up the products it skips.
 */
export async function searchProductsPage(
  db: Db,
  collectionId: number,
  options: ProductFilter & { offset: number; limit: number },
): Promise<{ total: number; products: PreviewProductRow[] }> {
  const filtered = options.search !== '' || options.changedOnly;
  const countAll = async () => {
    const counted = options.changedOnly
      ? await filteredProducts(db, collectionId, options).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
      : await searchedProducts(db, collectionId, options.search).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return Number(counted.n);
  };
  let rows: Array<PreviewProductRow & { total: string | null }>;
  if (options.changedOnly) {
    rows = await filteredProducts(db, collectionId, options)
      .select(['products.id', 'products.sku', 'products.name', 'products.group_name', 'products.unit', 'products.cost_cents', 'previous.cost_cents as previous_cost_cents'])
      .select(sql<string>`count(*) over ()`.as('total'))
      .orderBy('products.id')
      .offset(options.offset)
      .limit(options.limit)
      .execute();
  } else {
    const page = searchedProducts(db, collectionId, options.search)
      .select(['products.id', 'products.sku', 'products.name', 'products.group_name', 'products.unit', 'products.cost_cents'])
      .select(filtered ? sql<string | null>`count(*) over ()`.as('total') : sql<string | null>`NULL`.as('total'))
      .orderBy('products.id')
      .offset(options.offset)
      .limit(options.limit);
    rows = await db
      .selectFrom(page.as('page'))
      .leftJoin('products as previous', (join) =>
        join.onRef('previous.sku', '=', 'page.sku').on('previous.collection_id', '=', options.previousCollectionId ?? NO_COLLECTION),
      )
      .select(['page.id', 'page.sku', 'page.name', 'page.group_name', 'page.unit', 'page.cost_cents', 'page.total', 'previous.cost_cents as previous_cost_cents'])
      .orderBy('page.id')
      .execute();
  }
  const products = rows.map(({ total: _total, ...product }) => product);
  if (!filtered) return { total: await countAll(), products };
  if (rows.length > 0) return { total: Number(rows[0]!.total), products };
  if (options.offset === 0) return { total: 0, products };
  // Past the last match the window has no row to report on: count separately.
  return { total: await countAll(), products };
}

/** One item of an edition's changes, as the Changes file needs it. */
export interface ChangedProductRow {
  id: number;
  sku: string;
  name: string;
  unit: string;
  group_name: string;
  previous_cost_cents: number | null;
  cost_cents: number | null;
}

function requireIntegers(...values: number[]): void {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  }
}

function decodeChangedRows(output: Buffer): ChangedProductRow[] {
  const page: ChangedProductRow[] = [];
  forEachCopyRow(output, (fields) => {
    page.push({
      id: Number(fields[0]),
      sku: fields[1] ?? '',
      name: fields[2] ?? '',
      unit: fields[3] ?? '',
      group_name: fields[4] ?? '',
      previous_cost_cents: fields[5] === null || fields[5] === undefined ? null : Number(fields[5]),
      cost_cents: fields[6] === null || fields[6] === undefined ? null : Number(fields[6]),
    });
  });
  return page;
}

/**
 * One page (keyset, by id after `afterId`) of the edition's products that are new since the
 * previous edition or at another cost, with the previous cost, read with COPY like the other
 * files. The previous edition's product is found by SKU through its (collection_id, sku) key.
 */
export async function copyPageOfChangedProducts(db: Db, collectionId: number, previousCollectionId: number, afterId: number, limit: number): Promise<ChangedProductRow[]> {
  requireIntegers(collectionId, previousCollectionId, afterId, limit);
  return decodeChangedRows(
    await copyOutOf(db)(
      `SELECT p.id, p.sku, p.name, p.unit, p.group_name, previous.cost_cents, p.cost_cents FROM products p ` +
        `LEFT JOIN products previous ON previous.collection_id = ${previousCollectionId} AND previous.sku = p.sku ` +
        `WHERE p.collection_id = ${collectionId} AND p.id > ${afterId} AND (previous.id IS NULL OR previous.cost_cents <> p.cost_cents) ` +
        `ORDER BY p.id LIMIT ${limit}`,
    ),
  );
}

/**
 * One page (keyset, by the previous edition's product id after `afterId`) of the products of
 * the previous edition that this edition no longer has (by SKU).
 */
export async function copyPageOfRemovedProducts(db: Db, collectionId: number, previousCollectionId: number, afterId: number, limit: number): Promise<ChangedProductRow[]> {
  requireIntegers(collectionId, previousCollectionId, afterId, limit);
  return decodeChangedRows(
    await copyOutOf(db)(
      `SELECT previous.id, previous.sku, previous.name, previous.unit, previous.group_name, previous.cost_cents, NULL FROM products previous ` +
        `WHERE previous.collection_id = ${previousCollectionId} AND previous.id > ${afterId} ` +
        `AND NOT EXISTS (SELECT 1 FROM products p WHERE p.collection_id = ${collectionId} AND p.sku = previous.sku) ` +
        `ORDER BY previous.id LIMIT ${limit}`,
    ),
  );
}
