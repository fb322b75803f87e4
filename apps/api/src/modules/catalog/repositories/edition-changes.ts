import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { CollectionRow } from '../../../db/schema.ts';

/** The edition of the same category just before this one (by run date, then id), released or not. */
export function findPreviousCollection(db: Db, edition: Pick<CollectionRow, 'id' | 'category_id' | 'rundate'>): Promise<CollectionRow | undefined> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('category_id', '=', edition.category_id)
    .where((eb) => eb.or([eb('rundate', '<', edition.rundate), eb.and([eb('rundate', '=', edition.rundate), eb('id', '<', edition.id)])]))
    .orderBy('rundate', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How many items of `current` are new, removed, dearer or cheaper than in `previous` (matched by SKU). */
export async function countChanges(db: Db, current: number, previous: number): Promise<{ added: number; removed: number; up: number; down: number }> {
  const { rows } = await sql<{ added: string; up: string; down: string; removed: string }>`
    SELECT
      count(*) FILTER (WHERE o.sku IS NULL) AS added,
      count(*) FILTER (WHERE o.cost_cents < n.cost_cents) AS up,
      count(*) FILTER (WHERE o.cost_cents > n.cost_cents) AS down,
      (SELECT count(*) FROM products r
        WHERE r.collection_id = ${previous}
          AND NOT EXISTS (SELECT 1 FROM products k WHERE k.collection_id = ${current} AND k.sku = r.sku)) AS removed
    FROM products n
    LEFT JOIN products o ON o.collection_id = ${previous} AND o.sku = n.sku
    WHERE n.collection_id = ${current}
  `.execute(db);
  const row = rows[0]!;
  return { added: Number(row.added), removed: Number(row.removed), up: Number(row.up), down: Number(row.down) };
}

/** The items whose cost rose the most in dollars from `previous` to `current`, largest first. */
export async function listLargestIncreases(
  db: Db,
  current: number,
  previous: number,
  limit: number,
): Promise<Array<{ sku: string; name: string; old_cents: number; new_cents: number }>> {
  return db
    .selectFrom('products as n')
    .innerJoin('products as o', (join) => join.onRef('o.sku', '=', 'n.sku').on('o.collection_id', '=', previous))
    .select(['n.sku', 'n.name', 'o.cost_cents as old_cents', 'n.cost_cents as new_cents'])
    .where('n.collection_id', '=', current)
    .whereRef('n.cost_cents', '>', 'o.cost_cents')
    .orderBy(sql`n.cost_cents - o.cost_cents`, 'desc')
    .orderBy('n.sku')
    .limit(limit)
    .execute();
}
