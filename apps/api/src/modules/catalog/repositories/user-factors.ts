import type { Db } from '../../../db/database.ts';

/** A user's stored markups: basis points per band and tax (null = empty), and the two QuickBooks texts. */
export interface UserFactorColumns {
  markup1_10_bp: number | null;
  markup11_20_bp: number | null;
  markup21_50_bp: number | null;
  markup51_150_bp: number | null;
  markup151_500_bp: number | null;
  markup501_bp: number | null;
  tax_bp: number | null;
  inventory_option: string;
  income_type: string;
}

/** The user's stored markups, or undefined when they never saved any. */
export async function findUserFactor(db: Db, userId: number): Promise<UserFactorColumns | undefined> {
  return db
    .selectFrom('user_factors')
    .select(['markup1_10_bp', 'markup11_20_bp', 'markup21_50_bp', 'markup51_150_bp', 'markup151_500_bp', 'markup501_bp', 'tax_bp', 'inventory_option', 'income_type'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores the user's markups, replacing what was there. */
export async function upsertUserFactor(db: Db, userId: number, values: UserFactorColumns, now: Date): Promise<void> {
  await db
    .insertInto('user_factors')
    .values({ user_id: userId, ...values, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}
