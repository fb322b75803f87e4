import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

export interface CurrentEdition {
  id: number;
  collection_id: string;
  name: string;
  rundate: string;
  item_count: number;
}

/** The category (by slug) and its newest edition released by `today`, if any; undefined for an unknown category. */
export async function findCurrentEdition(db: Db, categorySlug: string, today: string): Promise<{ edition: CurrentEdition | null } | undefined> {
  const category = await db.selectFrom('categories').select('id').where('slug', '=', categorySlug).executeTakeFirst();
  if (!category) return undefined;
  const edition = await db
    .selectFrom('collections')
    .select(['id', 'collection_id', 'name', 'rundate', 'item_count'])
    .where('category_id', '=', category.id)
    .where('rundate', '<=', today)
    .orderBy('rundate', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { edition: edition ?? null };
}

/** Item counts per group of one edition, largest first. */
export async function countItemsByGroup(db: Db, collectionId: number): Promise<Array<{ name: string; count: number }>> {
  const rows = await db
    .selectFrom('products')
    .select(['group_name', sql<string>`count(*)`.as('n')])
    .where('collection_id', '=', collectionId)
    .groupBy('group_name')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('group_name')
    .execute();
  return rows.map((row) => ({ name: row.group_name, count: Number(row.n) }));
}
