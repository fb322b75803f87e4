import type { Db } from '../../../db/database.ts';

export type TokenPurpose = 'activate' | 'reset' | 'confirm_email';

/** What a link carries besides its user: the address it confirms, or a registration's password and name. */
export interface TokenPayload {
  email?: string | null;
  password_hash?: string | null;
  name?: string | null;
}

/** Stores the hash of a new single-use token. */
export async function insertUserToken(
  db: Db,
  token: { user_id: number; purpose: TokenPurpose; token_hash: string; created_at: Date; expires_at: Date } & TokenPayload,
): Promise<void> {
  await db.insertInto('user_tokens').values(token).execute();
}

/**
 * Marks the token used if it belongs to the user, has this purpose, is unused and unexpired.
 * One conditional UPDATE, so two concurrent uses cannot both succeed. What the token carried
 * when it was claimed (its password hash is forgotten as it is used), undefined otherwise.
 */
export async function claimUserToken(
  db: Db,
  token: { user_id: number; purpose: TokenPurpose; token_hash: string },
  now: Date,
): Promise<TokenPayload | undefined> {
  const claimed = await db
    .updateTable('user_tokens as t')
    .set({ used_at: now, password_hash: null })
    .from('user_tokens as before')
    .whereRef('before.id', '=', 't.id')
    .where('t.token_hash', '=', token.token_hash)
    .where('t.user_id', '=', token.user_id)
    .where('t.purpose', '=', token.purpose)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .returning(['before.email', 'before.password_hash', 'before.name'])
    .executeTakeFirst();
  return claimed;
}

/** True if the token would be accepted now (checked before a change, claimed with it). */
export async function isUserTokenValid(
  db: Db,
  token: { user_id: number; purpose: TokenPurpose; token_hash: string },
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_tokens')
    .select('id')
    .where('token_hash', '=', token.token_hash)
    .where('user_id', '=', token.user_id)
    .where('purpose', '=', token.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Kills every outstanding token of this purpose for the user (also used for `confirm_email`: one pending address at a time). */
export async function invalidateUserTokens(db: Db, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * The password and name the newest registration still waiting on a live activation link asked
 * for, if any: a resent link carries them, so it activates that registration and not an earlier one.
 */
export async function findLatestRegistration(db: Db, userId: number, now: Date): Promise<{ password_hash: string; name: string | null } | undefined> {
  const row = await db
    .selectFrom('user_tokens')
    .select(['password_hash', 'name'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'activate')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('password_hash', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.password_hash ? { password_hash: row.password_hash, name: row.name } : undefined;
}
