import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { UserFactorsTable } from '../../../db/schema.ts';

/** A user's stored markups: basis points per band and tax (null = empty), and the two QuickBooks texts. */
export type UserFactorColumns = Omit<Selectable<UserFactorsTable>, 'user_id' | 'updated_at'>;

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
