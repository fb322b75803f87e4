import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { CategoriesTable, CategoryRow, CollectionRow, CollectionsTable } from '../../../db/schema.ts';

/** A collection with its category's name and image, as the catalog lists it. */
export type CollectionWithCategory = CollectionRow & { category_name: string; category_image: string | null };

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
    .select(['categories.name as category_name', 'categories.image as category_image']);
}

/**
 * Users see an edition from its run date on (product §10.18); before that it is scheduled and
 * only the operator sees it. `today` is the clock's day in UTC (lib/clock.ts `utcDay`).
 */
function releasedCollectionsQuery(db: Db, today: string) {
  return collectionsQuery(db).where('collections.rundate', '<=', today);
}

/** One collection and its category's name, whatever its run date (the operator's view). */
export function findCollectionById(db: Db, id: number): Promise<CollectionWithCategory | undefined> {
  return collectionsQuery(db).where('collections.id', '=', id).executeTakeFirst();
}

/** One collection users may see by `today` (its run date has come). */
export function findReleasedCollectionById(db: Db, id: number, today: string): Promise<CollectionWithCategory | undefined> {
  return releasedCollectionsQuery(db, today).where('collections.id', '=', id).executeTakeFirst();
}

/** The current edition of every category on `today`: the newest released one (by run date, then id), in category order. */
export function listCurrentCollections(db: Db, today: string): Promise<CollectionWithCategory[]> {
  return releasedCollectionsQuery(db, today)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('collections as newer')
            .select('newer.id')
            .whereRef('newer.category_id', '=', 'collections.category_id')
            .where('newer.rundate', '<=', today)
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

/** Every edition of a category released by `today`, newest first. */
export function listCollectionsOfCategory(db: Db, categoryId: number, today: string): Promise<CollectionWithCategory[]> {
  return releasedCollectionsQuery(db, today)
    .where('collections.category_id', '=', categoryId)
    .orderBy('collections.rundate', 'desc')
    .orderBy('collections.id', 'desc')
    .execute();
}

/** Every edition, scheduled ones included, newest first (the operator's list). */
export function listAllCollections(db: Db): Promise<CollectionWithCategory[]> {
  return collectionsQuery(db).orderBy('collections.rundate', 'desc').orderBy('collections.id', 'desc').execute();
}

/** Whether any category exists (the sample catalog loads only into an empty one). */
export async function hasCategories(db: Db): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Inserts a category and returns the stored row. */
export function insertCategory(db: Db, category: Insertable<CategoriesTable>): Promise<CategoryRow> {
  return db.insertInto('categories').values(category).returningAll().executeTakeFirstOrThrow();
}

/** Marks a category announced-only or available. */
export async function setCategoryAnnounced(db: Db, id: number, isAnnounced: boolean): Promise<void> {
  await db.updateTable('categories').set({ is_announced: isAnnounced }).where('id', '=', id).execute();
}

/** Inserts an edition (collection) and returns the stored row. */
export function insertCollection(db: Db, collection: Insertable<CollectionsTable>): Promise<CollectionRow> {
  return db.insertInto('collections').values(collection).returningAll().executeTakeFirstOrThrow();
}

/**
 * The edition an edition's changes are measured against (product §10.15): the same category's
 * latest edition before it, by run date, then id (the order that makes an edition current). It is
 * released whenever the edition is (its run date is not later), and a withdrawn edition is deleted, so none is left out.
 * An edition not stored yet (`id` null, a supplier file being checked) comes after every stored one of its run date.
 */
export function findPreviousCollection(
  db: Db,
  edition: Pick<CollectionRow, 'category_id' | 'rundate'> & { id: number | null },
): Promise<CollectionWithCategory | undefined> {
  const { id, rundate } = edition;
  return collectionsQuery(db)
    .where('collections.category_id', '=', edition.category_id)
    // Earlier by run date, then by id: two editions published the same day follow each other.
    .where((eb) =>
      id === null
        ? eb('collections.rundate', '<=', rundate)
        : eb.or([eb('collections.rundate', '<', rundate), eb.and([eb('collections.rundate', '=', rundate), eb('collections.id', '<', id)])]),
    )
    .orderBy('collections.rundate', 'desc')
    .orderBy('collections.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The edition codes (collections.collection_id) equal to `code` or starting with `code-`. */
export async function listCollectionCodesLike(db: Db, code: string): Promise<string[]> {
  const escaped = code.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .selectFrom('collections')
    .select('collection_id')
    .where((eb) => eb.or([eb('collection_id', '=', code), eb('collection_id', 'like', `${escaped}-%`)]))
    .execute();
  return rows.map((row) => row.collection_id);
}
