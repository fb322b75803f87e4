import type { Db } from '../../../db/database.ts';

/**
 * A user's QuickBooks texts (the item type and income account). Their markups and tax live in
 * their default pricing profile (migration 0024, decision 0044); the markup columns of
 * user_factors are no longer read or written.
 */
export interface UserFactorTexts {
  inventory_option: string;
  income_type: string;
}

/** The user's stored texts, or undefined when they never saved any. */
export async function findUserFactor(db: Db, userId: number): Promise<UserFactorTexts | undefined> {
  return db.selectFrom('user_factors').select(['inventory_option', 'income_type']).where('user_id', '=', userId).executeTakeFirst();
}

/** Stores the user's texts, replacing what was there. */
export async function upsertUserFactor(db: Db, userId: number, values: UserFactorTexts, now: Date): Promise<void> {
  await db
    .insertInto('user_factors')
    .values({ user_id: userId, markup1_10_bp: null, markup11_20_bp: null, markup21_50_bp: null, markup51_150_bp: null, markup151_500_bp: null, markup501_bp: null, tax_bp: null, ...values, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}
