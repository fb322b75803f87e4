import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CategoryRow, CollectionRow } from '../db/schema.ts';

/** A collection with its category's name, as the catalog lists it. */
export type CollectionWithCategory = CollectionRow & { category_name: string };

/** Every category in display order (announced ones included). */
export function listCategories(db: Db): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('position').orderBy('id').execute();
}

/** The category with this id. */
export function findCategoryById(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The category with this name (case-insensitive) or slug. */
export function findCategoryByName(db: Db, name: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where((eb) => eb.or([eb(sql<string>`lower(name)`, '=', name.toLowerCase()), eb('slug', '=', name.toLowerCase())]))
    .executeTakeFirst();
}

function collectionsQuery(db: Db) {
  return db
    .selectFrom('collections')
    .innerJoin('categories', 'categories.id', 'collections.category_id')
    .selectAll('collections')
    .select('categories.name as category_name');
}

/** One collection and its category's name. */
export function findCollectionById(db: Db, id: number): Promise<CollectionWithCategory | undefined> {
  return collectionsQuery(db).where('collections.id', '=', id).executeTakeFirst();
}

/** The newest edition of every category (by run date, then id), in category order. */
export function listCurrentCollections(db: Db): Promise<CollectionWithCategory[]> {
  return collectionsQuery(db)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('collections as newer')
            .select('newer.id')
            .whereRef('newer.category_id', '=', 'collections.category_id')
            .where((eb) =>
              eb.or([
                eb('newer.rundate', '>', eb.ref('collections.rundate')),
                eb.and([eb('newer.rundate', '=', eb.ref('collections.rundate')), eb('newer.id', '>', eb.ref('collections.id'))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('categories.position')
    .orderBy('categories.id')
    .execute();
}

/** Every edition of a category, newest first. */
export function listCollectionsOfCategory(db: Db, categoryId: number): Promise<CollectionWithCategory[]> {
  return collectionsQuery(db)
    .where('collections.category_id', '=', categoryId)
    .orderBy('collections.rundate', 'desc')
    .orderBy('collections.id', 'desc')
    .execute();
}

/** Every edition, newest first (the operator's list). */
export function listAllCollections(db: Db): Promise<CollectionWithCategory[]> {
  return collectionsQuery(db).orderBy('collections.rundate', 'desc').orderBy('collections.id', 'desc').execute();
}
