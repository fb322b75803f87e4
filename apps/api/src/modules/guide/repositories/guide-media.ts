import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { UserGuideResourcesTable, UserGuideVideosTable } from '../../../db/schema.ts';

/** Every PDF of the guide with its content, in the order the page shows them. */
export function listGuideResources(db: Db) {
  return db.selectFrom('user_guide_resources').select(['id', 'name', 'description', 'file_name', 'content']).orderBy('position').orderBy('id').execute();
}

export function findGuideResource(db: Db, id: number) {
  return db.selectFrom('user_guide_resources').select(['file_name', 'content']).where('id', '=', id).executeTakeFirst();
}

/** The videos without their bytes (the page loads those from the file routes). */
export function listGuideVideos(db: Db) {
  return db
    .selectFrom('user_guide_videos')
    .select(['id', 'title', 'description', 'media_type', 'duration_seconds'])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function findGuideVideo(db: Db, id: number) {
  return db.selectFrom('user_guide_videos').select(['media_type', 'content']).where('id', '=', id).executeTakeFirst();
}

export function findGuideVideoPoster(db: Db, id: number) {
  return db.selectFrom('user_guide_videos').select(['poster_media_type', 'poster']).where('id', '=', id).executeTakeFirst();
}

export function findGuideVideoCaptions(db: Db, id: number) {
  return db.selectFrom('user_guide_videos').select(['captions']).where('id', '=', id).executeTakeFirst();
}

/** The slugs already stored, so sample content is added only where missing. */
export async function guideSlugs(db: Db): Promise<{ resources: Set<string>; videos: Set<string> }> {
  const resources = await db.selectFrom('user_guide_resources').select('slug').execute();
  const videos = await db.selectFrom('user_guide_videos').select('slug').execute();
  return { resources: new Set(resources.map((r) => r.slug)), videos: new Set(videos.map((v) => v.slug)) };
}

export async function insertGuideResource(db: Db, row: Insertable<UserGuideResourcesTable>): Promise<void> {
  await db.insertInto('user_guide_resources').values(row).onConflict((oc) => oc.column('slug').doNothing()).execute();
}

export async function insertGuideVideo(db: Db, row: Insertable<UserGuideVideosTable>): Promise<void> {
  await db.insertInto('user_guide_videos').values(row).onConflict((oc) => oc.column('slug').doNothing()).execute();
}
