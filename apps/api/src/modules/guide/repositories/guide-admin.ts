import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { UserGuideResourcesTable, UserGuideVideosTable } from '../../../db/schema.ts';

/** The PDFs without their bytes, with their size, in page order. */
export function listGuideResourceSummaries(db: Db) {
  return db
    .selectFrom('user_guide_resources')
    .select(['id', 'name', 'description', 'file_name', 'position', sql<number>`octet_length(content)`.as('size_bytes')])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The videos without their bytes, with their size, in page order. */
export function listGuideVideoSummaries(db: Db) {
  return db
    .selectFrom('user_guide_videos')
    .select(['id', 'title', 'description', 'media_type', 'duration_seconds', 'poster_media_type', 'position', sql<number>`octet_length(content)`.as('size_bytes')])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A PDF's fields without its bytes, locked until the transaction ends. */
export function lockGuideResource(db: Db, id: number) {
  return db.selectFrom('user_guide_resources').select(['id', 'name', 'description', 'file_name', 'position']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A video's fields without its bytes, locked until the transaction ends. */
export function lockGuideVideo(db: Db, id: number) {
  return db
    .selectFrom('user_guide_videos')
    .select(['id', 'title', 'description', 'media_type', 'duration_seconds', 'poster_media_type', sql<number>`octet_length(content)`.as('size_bytes'), sql<number>`octet_length(captions)`.as('captions_length')])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Adds a PDF after the others. */
export async function appendGuideResource(db: Db, row: Omit<Insertable<UserGuideResourcesTable>, 'position'>): Promise<number> {
  const inserted = await db
    .insertInto('user_guide_resources')
    .values((eb) => ({ ...row, position: eb.selectFrom('user_guide_resources').select(sql<number>`coalesce(max(position), 0) + 1`.as('p')) }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateGuideResource(db: Db, id: number, changes: Updateable<UserGuideResourcesTable>): Promise<void> {
  await db.updateTable('user_guide_resources').set(changes).where('id', '=', id).execute();
}

export async function deleteGuideResource(db: Db, id: number): Promise<boolean> {
  const row = await db.deleteFrom('user_guide_resources').where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Every PDF id, locked, in page order (for a reorder). */
export async function lockGuideResourceIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('user_guide_resources').select('id').orderBy('position').orderBy('id').forUpdate().execute();
  return rows.map((row) => row.id);
}

export async function setGuideResourcePosition(db: Db, id: number, position: number): Promise<void> {
  await db.updateTable('user_guide_resources').set({ position }).where('id', '=', id).execute();
}

export async function updateGuideVideo(db: Db, id: number, changes: Updateable<UserGuideVideosTable>): Promise<void> {
  await db.updateTable('user_guide_videos').set(changes).where('id', '=', id).execute();
}
