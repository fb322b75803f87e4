import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { EditionUploadsTable } from '../../../db/schema.ts';

/** Keeps a checked file for publishing; returns its id. */
export async function insertEditionUpload(db: Db, upload: Insertable<EditionUploadsTable>): Promise<number> {
  const row = await db.insertInto('edition_uploads').values(upload).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A kept file, bytes included. */
export function findEditionUpload(db: Db, id: number) {
  return db.selectFrom('edition_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Removes a kept file; false when it was gone already (published or expired in the meantime). */
export async function deleteEditionUpload(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('edition_uploads').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes kept files older than `before` (previews nobody published). */
export async function deleteEditionUploadsBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('edition_uploads').where('created_at', '<', before).execute();
}

/** An edition, locked until the transaction ends. */
export function lockCollection(db: Db, id: number) {
  return db
    .selectFrom('collections')
    .innerJoin('categories', 'categories.id', 'collections.category_id')
    .selectAll('collections')
    .select('categories.name as category_name')
    .where('collections.id', '=', id)
    .forUpdate('collections')
    .executeTakeFirst();
}

/** Deletes an edition and its rows (products, its announcement). */
export async function deleteCollection(db: Db, id: number): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}
