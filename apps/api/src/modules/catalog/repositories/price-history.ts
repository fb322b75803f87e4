import type { Db } from '../../../db/database.ts';

/** One edition that has the item, with the item as that edition lists it. */
export interface ItemCostRow {
  collection_id: number;
  collection_name: string;
  rundate: string;
  cost_cents: number;
  name: string;
  group_name: string;
  unit: string;
}

/**
 * The item with this SKU in every edition of the category released by `today`, oldest first (by
 * run date, then the order published). One lookup on the (collection_id, sku) key per edition.
 */
export function listItemCosts(db: Db, categoryId: number, sku: string, today: string): Promise<ItemCostRow[]> {
  return db
    .selectFrom('collections')
    .innerJoin('products', (join) => join.onRef('products.collection_id', '=', 'collections.id').on('products.sku', '=', sku))
    .where('collections.category_id', '=', categoryId)
    .where('collections.rundate', '<=', today)
    .select([
      'collections.id as collection_id',
      'collections.name as collection_name',
      'collections.rundate',
      'products.cost_cents',
      'products.name',
      'products.group_name',
      'products.unit',
    ])
    .orderBy('collections.rundate')
    .orderBy('collections.id')
    .execute();
}

/** How many items of a group went from one cost to another. */
export interface CostMoveRow {
  group_name: string;
  previous_cost_cents: number;
  cost_cents: number;
  count: number;
}

/**
 * The items of `collectionId` that `previousCollectionId` has too (matched by SKU on its
 * (collection_id, sku) key), counted per group (this edition's) and pair of costs: what the
 * price index takes its medians from. Items in only one of the two editions are not read.
 */
export async function listCostMoves(db: Db, previousCollectionId: number, collectionId: number): Promise<CostMoveRow[]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('products as previous', (join) => join.onRef('previous.sku', '=', 'products.sku').on('previous.collection_id', '=', previousCollectionId))
    .where('products.collection_id', '=', collectionId)
    .select(['products.group_name', 'previous.cost_cents as previous_cost_cents', 'products.cost_cents'])
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .groupBy(['products.group_name', 'previous.cost_cents', 'products.cost_cents'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
