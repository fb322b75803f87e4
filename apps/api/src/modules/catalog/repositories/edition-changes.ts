import type { Db } from '../../../db/database.ts';

// The items two stored editions differ in, matched by SKU through the (collection_id, sku) key:
// what is classified, and how, is the diff service's (services/edition-diff.ts).

/** One item that differs between two editions: the cost on the side it is missing from is null. */
export interface DifferingItemRow {
  /** The product's id in the edition it is read from (the current one, or the previous one for a removed item). */
  id: number;
  sku: string;
  name: string;
  group_name: string;
  previous_cost_cents: number | null;
  cost_cents: number | null;
}

/** The current edition's products that are new or at another cost than in the previous edition. */
function newOrRepricedProducts(db: Db, current: number, previous: number) {
  return db
    .selectFrom('products as n')
    .leftJoin('products as o', (join) => join.onRef('o.sku', '=', 'n.sku').on('o.collection_id', '=', previous))
    .where('n.collection_id', '=', current)
    .where((eb) => eb.or([eb('o.id', 'is', null), eb('o.cost_cents', '<>', eb.ref('n.cost_cents'))]));
}

/** The previous edition's products that the current edition no longer has. */
function removedProducts(db: Db, current: number, previous: number) {
  return db
    .selectFrom('products as o')
    .where('o.collection_id', '=', previous)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('products as k').select('k.id').where('k.collection_id', '=', current).whereRef('k.sku', '=', 'o.sku'))),
    );
}

/** One page (by id after `afterId`) of the current edition's new and re-priced products, with their previous cost. */
export function listNewOrRepricedPage(db: Db, current: number, previous: number, afterId: number, limit: number): Promise<DifferingItemRow[]> {
  return newOrRepricedProducts(db, current, previous)
    .select(['n.id', 'n.sku', 'n.name', 'n.group_name', 'o.cost_cents as previous_cost_cents', 'n.cost_cents'])
    .where('n.id', '>', afterId)
    .orderBy('n.id')
    .limit(limit)
    .execute();
}

/** One page (by the previous edition's product id after `afterId`) of the products the current edition no longer has. */
export async function listRemovedPage(db: Db, current: number, previous: number, afterId: number, limit: number): Promise<DifferingItemRow[]> {
  const rows = await removedProducts(db, current, previous)
    .select(['o.id', 'o.sku', 'o.name', 'o.group_name', 'o.cost_cents as previous_cost_cents'])
    .where('o.id', '>', afterId)
    .orderBy('o.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, cost_cents: null }));
}

/** How many items differ between the two editions: new, re-priced and removed ones. */
export async function countDifferingItems(db: Db, current: number, previous: number): Promise<number> {
  const changed = await newOrRepricedProducts(db, current, previous).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const removed = await removedProducts(db, current, previous).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(changed.n) + Number(removed.n);
}
