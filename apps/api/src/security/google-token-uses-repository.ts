import type { Db } from '../db/database.ts';

/**
 * Records the use of a Google ID token by its `jti`; false when it was used before. One insert,
 * so two simultaneous uses of the same token cannot both succeed.
 */
export async function recordGoogleTokenUse(db: Db, use: { jti: string; expires_at: Date; used_at: Date }): Promise<boolean> {
  const row = await db.insertInto('google_token_uses').values(use).onConflict((oc) => oc.column('jti').doNothing()).returning('jti').executeTakeFirst();
  return row !== undefined;
}

/** Forgets the tokens that expired before `now`: Google's verification refuses them anyway. */
export async function deleteExpiredGoogleTokenUses(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('google_token_uses').where('expires_at', '<', now).execute();
}
