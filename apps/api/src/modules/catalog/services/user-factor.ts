import type { SaveUserFactorRequest, UserFactor } from '@tradelist/contract/catalog';
import { basisPointsToPercent, percentToBasisPoints } from '@tradelist/pricing/money';
import type { Markups } from '@tradelist/pricing/markups';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { findUserFactor, upsertUserFactor, type UserFactorColumns } from '../repositories/user-factors.ts';

const emptyColumns: UserFactorColumns = {
  markup1_10_bp: null,
  markup11_20_bp: null,
  markup21_50_bp: null,
  markup51_150_bp: null,
  markup151_500_bp: null,
  markup501_bp: null,
  tax_bp: null,
  inventory_option: '',
  income_type: '',
};

async function readColumns(db: Db, userId: number): Promise<UserFactorColumns> {
  return (await findUserFactor(db, userId)) ?? emptyColumns;
}

const toPercent = (bp: number | null) => (bp === null ? null : basisPointsToPercent(bp));
const toBasisPoints = (percent: number | null | undefined) => (percent === null || percent === undefined ? null : percentToBasisPoints(percent));

/** GET /user-factor/: the user's markups and tax in percent (null = empty). */
export async function getUserFactor(ctx: AppContext, userId: number): Promise<UserFactor> {
  const row = await readColumns(ctx.db, userId);
  return {
    markup1_10: toPercent(row.markup1_10_bp),
    markup11_20: toPercent(row.markup11_20_bp),
    markup21_50: toPercent(row.markup21_50_bp),
    markup51_150: toPercent(row.markup51_150_bp),
    markup151_500: toPercent(row.markup151_500_bp),
    markup501: toPercent(row.markup501_bp),
    tax: toPercent(row.tax_bp),
    inventory_option: row.inventory_option,
    income_type: row.income_type,
  };
}

/** The user's markups as the pricing engine takes them (basis points), and the two texts. */
export async function getMarkups(ctx: AppContext, db: Db, userId: number): Promise<{ markups: Markups; inventoryOption: string; incomeType: string }> {
  const row = await readColumns(db, userId);
  return {
    markups: {
      markup1_10: row.markup1_10_bp,
      markup11_20: row.markup11_20_bp,
      markup21_50: row.markup21_50_bp,
      markup51_150: row.markup51_150_bp,
      markup151_500: row.markup151_500_bp,
      markup501: row.markup501_bp,
      tax: row.tax_bp,
    },
    inventoryOption: row.inventory_option,
    incomeType: row.income_type,
  };
}

/**
 * POST /user_factor/: saves the user's markups. The request is the whole configuration: a field
 * left out or empty is saved as empty (0 %), as the screen sends every field.
 */
export async function saveUserFactor(ctx: AppContext, userId: number, input: SaveUserFactorRequest): Promise<UserFactor> {
  const values: UserFactorColumns = {
    markup1_10_bp: toBasisPoints(input.markup1_10),
    markup11_20_bp: toBasisPoints(input.markup11_20),
    markup21_50_bp: toBasisPoints(input.markup21_50),
    markup51_150_bp: toBasisPoints(input.markup51_150),
    markup151_500_bp: toBasisPoints(input.markup151_500),
    markup501_bp: toBasisPoints(input.markup501),
    tax_bp: toBasisPoints(input.tax),
    inventory_option: (input.inventory_option ?? '').trim(),
    income_type: (input.income_type ?? '').trim(),
  };
  const now = ctx.clock.now();
  await upsertUserFactor(ctx.db, userId, values, now);
  return getUserFactor(ctx, userId);
}
