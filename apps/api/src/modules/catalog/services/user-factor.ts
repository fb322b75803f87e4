import type { SaveUserFactorRequest, UserFactor } from '@tradelist/contract/catalog';
import { markupFields } from '@tradelist/pricing/bands';
import { markupsFromPercents } from '@tradelist/pricing/markups';
import { basisPointsToPercent } from '@tradelist/pricing/money';
import { defaultBandStarts, markupsFromRules, type PricingRules } from '@tradelist/pricing/rules';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { countPricingProfilesForUpdate, updateDefaultPricingRules } from '../repositories/pricing-profiles.ts';
import { findUserFactor, upsertUserFactor } from '../repositories/user-factors.ts';
import { choosePricingProfile, type ChosenPricingProfile } from './pricing-profiles.ts';

const toPercent = (bp: number | null) => (bp === null ? null : basisPointsToPercent(bp));

/**
 * GET /user-factor/ (product §7) on the default profile: with the default six bands, their
 * markups as saved (null stays null); with another table, for each of the six fields the markup
 * that applies at that default band's lower edge. The tax is the profile's.
 */
export async function getUserFactor(ctx: AppContext, userId: number): Promise<UserFactor> {
  const [profile, texts] = await Promise.all([choosePricingProfile(ctx.db, userId), findUserFactor(ctx.db, userId)]);
  const markups = markupsFromRules(profile.rules);
  return {
    markup1_10: toPercent(markups.markup1_10),
    markup11_20: toPercent(markups.markup11_20),
    markup21_50: toPercent(markups.markup21_50),
    markup51_150: toPercent(markups.markup51_150),
    markup151_500: toPercent(markups.markup151_500),
    markup501: toPercent(markups.markup501),
    tax: toPercent(markups.tax),
    inventory_option: texts?.inventory_option ?? '',
    income_type: texts?.income_type ?? '',
  };
}

/** What prices a user's file, sync or email: the chosen profile (the default without an id), and the QuickBooks texts. */
export async function getPricing(db: Db, userId: number, profileId?: number): Promise<{ profile: ChosenPricingProfile; inventoryOption: string; incomeType: string }> {
  const [profile, texts] = await Promise.all([choosePricingProfile(db, userId, profileId), findUserFactor(db, userId)]);
  return { profile, inventoryOption: texts?.inventory_option ?? '', incomeType: texts?.income_type ?? '' };
}

/**
 * POST /user_factor/ (product §7): the request is the whole configuration (a field left out or
 * empty is saved as empty, 0 %, as the screen sends every field). The six markups become the
 * default profile's table, back to the six default bands whatever its edges were, and the tax its
 * tax; its overrides, ending and minimums stay. The two texts are saved beside it. The user's
 * profiles are locked first, as every profile change does, so that a change saved at the same
 * moment is not lost.
 */
export async function saveUserFactor(ctx: AppContext, userId: number, input: SaveUserFactorRequest): Promise<UserFactor> {
  const markups = markupsFromPercents(input);
  const now = ctx.clock.now();
  await runUnitOfWork(ctx, async (trx) => {
    // The lock every profile change takes, before reading what is kept: a replace of the profile
    // at the same moment lands wholly before or after this save, never between its read and write.
    await countPricingProfilesForUpdate(trx, userId);
    const { rules } = await choosePricingProfile(trx, userId);
    const next: PricingRules = {
      ...rules,
      bands: markupFields.map((field, index) => ({ fromCents: defaultBandStarts[index]!, markupBp: markups[field] })),
      taxBp: markups.tax,
    };
    await updateDefaultPricingRules(trx, userId, next, now);
    await upsertUserFactor(trx, userId, { inventory_option: (input.inventory_option ?? '').trim(), income_type: (input.income_type ?? '').trim() }, now);
  });
  return getUserFactor(ctx, userId);
}
