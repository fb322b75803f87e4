import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { CategoriesTable, CategoryRow } from '../../../db/schema.ts';

/** Every category with how many editions it has, in display order (the console's list). */
export function listCategoriesWithEditionCounts(db: Db): Promise<Array<CategoryRow & { edition_count: number }>> {
  return db
    .selectFrom('categories')
    .selectAll('categories')
    .select((eb) => eb.selectFrom('collections').select(eb.fn.countAll<number>().as('n')).whereRef('collections.category_id', '=', 'categories.id').as('edition_count'))
    .orderBy('position')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, edition_count: Number(row.edition_count ?? 0) })));
}

/** The category with this id, locked until the transaction ends. */
export function lockCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Another category with this name (case-insensitive) or slug, if any. */
export function findCategoryClash(db: Db, name: string, slug: string | null, exceptId: number | null): Promise<CategoryRow | undefined> {
  let query = db
    .selectFrom('categories')
    .selectAll()
    .where((eb) => eb.or([eb(sql<string>`lower(name)`, '=', name.toLowerCase()), ...(slug ? [eb('slug', '=', slug)] : [])]));
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

/** Adds a category at the end of the display order. */
export function insertCategory(db: Db, category: Omit<Insertable<CategoriesTable>, 'position'>): Promise<CategoryRow> {
  return db
    .insertInto('categories')
    .values((eb) => ({ ...category, position: eb.selectFrom('categories').select(sql<number>`coalesce(max(position), 0) + 1`.as('p')) }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCategory(db: Db, id: number, changes: Updateable<CategoriesTable>): Promise<CategoryRow> {
  return db.updateTable('categories').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** How many editions a category has. */
export async function countEditions(db: Db, categoryId: number): Promise<number> {
  const row = await db.selectFrom('collections').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', categoryId).executeTakeFirstOrThrow();
  return Number(row.n);
}
