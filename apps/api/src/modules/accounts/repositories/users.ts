import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { NewUser, User, UserUpdate } from '../../../db/schema.ts';
import { DEFAULT_PROFILE_NAME } from '@tradelist/contract/pricing-profiles';
import { emptyMarkups } from '@tradelist/pricing/markups';
import { rulesFromMarkups } from '@tradelist/pricing/rules';

/** The user with this id, if any; `forUpdate` locks the row (FOR NO KEY UPDATE) until the transaction ends. */
export function findUserById(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<User | undefined> {
  const query = db.selectFrom('users').selectAll().where('id', '=', id);
  return (options.forUpdate ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/** The user with this email, compared case-insensitively. */
export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The user linked to this Google account (`sub` claim), if any. */
export function findUserByGoogleSubject(db: Db, subject: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('google_subject', '=', subject).executeTakeFirst();
}

/** Inserts a user and returns the stored row. */
export function insertUser(db: Db, user: NewUser): Promise<User> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Updates a user's columns and its `updated_at`. */
export async function updateUser(db: Db, id: number, changes: UserUpdate, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes a user; the schema's foreign keys delete or anonymise what refers to it. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Sets one email preference (`wants_edition_emails` or `wants_product_news`) of a user. True when the user exists. */
export async function setEmailPreference(db: Db, id: number, kind: 'wants_edition_emails' | 'wants_product_news', wanted: boolean, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ [kind]: wanted, updated_at: now })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes what a user set up on the account (onboarding answers, markups, pricing profiles: the
 * default one is put back as a new account has it) and marks it not onboarded.
 */
export async function clearAccountSetup(db: Db, id: number, now: Date): Promise<void> {
  await db.deleteFrom('onboarding_answers').where('user_id', '=', id).execute();
  await db.deleteFrom('user_factors').where('user_id', '=', id).execute();
  await db.deleteFrom('pricing_profiles').where('user_id', '=', id).where('is_default', '=', false).execute();
  await db
    .updateTable('pricing_profiles')
    .set({ name: DEFAULT_PROFILE_NAME, rules: JSON.stringify(rulesFromMarkups(emptyMarkups)), updated_at: now })
    .where('user_id', '=', id)
    .where('is_default', '=', true)
    .execute();
  await updateUser(db, id, { is_onboarded: false }, now);
}
