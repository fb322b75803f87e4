import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { EditionUploadsTable } from '../../../db/schema.ts';

// A part's bytes travel as hex text, decoded and encoded by the database: the embedded
// database's own bytea conversion goes byte by byte in JavaScript (issue 17 §10), Buffer's hex
// is native.

/** Keeps a checked file's facts for publishing (its bytes follow in parts); returns its id. */
export async function insertEditionUpload(db: Db, upload: Insertable<EditionUploadsTable>): Promise<number> {
  const row = await db.insertInto('edition_uploads').values(upload).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Stores one part of a kept file's bytes. */
export async function insertEditionUploadPart(db: Db, uploadId: number, part: number, bytes: Buffer): Promise<void> {
  await db
    .insertInto('edition_upload_parts')
    .values({ upload_id: uploadId, part, bytes: sql<Buffer>`decode(${bytes.toString('hex')}, 'hex')` })
    .execute();
}

/** A kept file's facts, without its bytes. */
export function findEditionUpload(db: Db, id: number) {
  return db.selectFrom('edition_uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One part of a kept file's bytes; undefined past the last one. */
export async function findEditionUploadPart(db: Db, uploadId: number, part: number): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('edition_upload_parts')
    .select(sql<string>`encode(bytes, 'hex')`.as('hex'))
    .where('upload_id', '=', uploadId)
    .where('part', '=', part)
    .executeTakeFirst();
  return row ? Buffer.from(row.hex, 'hex') : undefined;
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
