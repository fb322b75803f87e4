import type { Db } from '../../../db/database.ts';

/** The stored file name of a user's picture, or null. */
export async function findProfilePicture(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('profile_pictures').select('file_name').where('user_id', '=', userId).executeTakeFirst();
  return row?.file_name ?? null;
}

/** The current file name, locked until the transaction ends (two uploads at once replace in turn). */
export async function lockProfilePicture(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('profile_pictures').select('file_name').where('user_id', '=', userId).forUpdate().executeTakeFirst();
  return row?.file_name ?? null;
}

export async function saveProfilePicture(db: Db, userId: number, fileName: string, now: Date): Promise<void> {
  await db
    .insertInto('profile_pictures')
    .values({ user_id: userId, file_name: fileName, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ file_name: fileName, updated_at: now }))
    .execute();
}

/** Removes the row; answers the file name it held, for the caller to delete the file. */
export async function deleteProfilePicture(db: Db, userId: number): Promise<string | null> {
  const row = await db.deleteFrom('profile_pictures').where('user_id', '=', userId).returning('file_name').executeTakeFirst();
  return row?.file_name ?? null;
}
