import { sql } from 'kysely';
import { copyOutOf, forEachCopyRow } from '../../../db/copy-out.ts';
import type { Db } from '../../../db/database.ts';
import type { ProductRow } from '../../../db/schema.ts';

export type NewProduct = Omit<ProductRow, 'id'>;

/** Inserts products in batches (one statement per batch keeps PGlite and PostgreSQL fast). */
export async function insertProducts(db: Db, products: NewProduct[], batchSize = 500): Promise<void> {
  for (let start = 0; start < products.length; start += batchSize) {
    await db.insertInto('products').values(products.slice(start, start + batchSize)).execute();
  }
}

export type ProductForFile = Pick<ProductRow, 'id' | 'sku' | 'name' | 'description' | 'unit' | 'group_name' | 'cost_cents'>;

/**
 * One page of an edition's products in id order after `afterId` (keyset pagination: an index
 * range scan per page, so a list of any size holds one page in memory), read with COPY:
 * PostgreSQL formats the rows as text and this decodes them, which costs a fraction of the
 * driver's row objects on a large edition.
 * COPY takes no parameters, so the three numbers are checked integers written into the SQL.
 */
export async function copyPageOfProducts(db: Db, collectionId: number, afterId: number, limit: number): Promise<ProductForFile[]> {
  for (const value of [collectionId, afterId, limit]) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer: ${value}`);
  }
  const output = await copyOutOf(db)(
    `SELECT id, sku, name, description, unit, group_name, cost_cents FROM products WHERE collection_id = ${collectionId} AND id > ${afterId} ORDER BY id LIMIT ${limit}`,
  );
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
    });
  });
  return page;
}

/** SKU, name and cost of every product of an edition (what an import compares against). */
export function listProductPrices(db: Db, collectionId: number): Promise<Array<Pick<ProductRow, 'sku' | 'name' | 'cost_cents'>>> {
  return db.selectFrom('products').select(['sku', 'name', 'cost_cents']).where('collection_id', '=', collectionId).orderBy('id').execute();
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

function searchedProducts(db: Db, collectionId: number, search: string) {
  const query = db.selectFrom('products').where('collection_id', '=', collectionId);
  if (search === '') return query;
  const pattern = containsPattern(search);
  // lower(...) LIKE: the same case folding on both sides; the default escape character is \.
  return query.where((eb) =>
    eb.or([
      eb(eb.fn('lower', ['name']), 'like', pattern),
      eb(eb.fn('lower', ['sku']), 'like', pattern),
      eb(eb.fn('lower', ['group_name']), 'like', pattern),
    ]),
  );
}

/**
 * One page of an edition's products in id order, filtered by `search` (name, SKU or group,
 * case-insensitive, as plain text), and how many match in all. Only the page is read into
 * memory, whatever the size of the edition. Without a search the count is an index-only count;
 * with one, a single scan gives both the page and the count (a window count), instead of
 * filtering the edition twice.
 */
export async function searchProductsPage(
  db: Db,
  collectionId: number,
  options: { search: string; offset: number; limit: number },
): Promise<{ total: number; products: Array<Pick<ProductRow, 'sku' | 'name' | 'group_name' | 'unit' | 'cost_cents'>> }> {
  const countAll = async () =>
    Number(
      (await searchedProducts(db, collectionId, options.search).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
    );
  if (options.search === '') {
    const products = await searchedProducts(db, collectionId, '')
      .select(['sku', 'name', 'group_name', 'unit', 'cost_cents'])
      .orderBy('id')
      .offset(options.offset)
      .limit(options.limit)
      .execute();
    return { total: await countAll(), products };
  }
  const rows = await searchedProducts(db, collectionId, options.search)
    .select(['sku', 'name', 'group_name', 'unit', 'cost_cents', sql<string>`count(*) over ()`.as('total')])
    .orderBy('id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  const products = rows.map(({ total: _total, ...product }) => product);
  if (rows.length > 0) return { total: Number(rows[0]!.total), products };
  if (options.offset === 0) return { total: 0, products };
  // Past the last match the window has no row to report on: count separately.
  return { total: await countAll(), products };
}
