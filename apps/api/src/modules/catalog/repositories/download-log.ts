import type { Db } from '../../../db/database.ts';

/** Appends one served file to the download log. */
export async function insertDownload(
  db: Db,
  entry: { user_id: number; collection_id: number; subscription_id: number | null; format: string; layout: string; created_at: Date },
): Promise<void> {
  await db.insertInto('download_log').values(entry).execute();
}
