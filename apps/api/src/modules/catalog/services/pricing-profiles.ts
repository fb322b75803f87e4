import { profileMessages, rulesFromProfile, type PricingProfile, type PricingProfileFields } from '@tradelist/contract/pricing-profiles';
import { requireValidRules, type PricingRules } from '@tradelist/pricing/rules';
import type { AppContext } from '../../../context.ts';
import { isUniqueViolation, type Db } from '../../../db/database.ts';
import { AppError, validationFailed } from '../../../errors.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { presentPricingProfile } from '../presenters/pricing-profile.ts';
import {
  clearDefaultPricingProfile,
  countPricingProfilesForUpdate,
  deletePricingProfile,
  findDefaultPricingProfile,
  findPricingProfile,
  insertPricingProfile,
  isProfileNameTaken,
  listPricingProfiles,
  updatePricingProfile,
  type PricingProfileValues,
} from '../repositories/pricing-profiles.ts';

/** The profile that prices a file, a sync or an email: its id, its name now, and its rules. */
export interface ChosenPricingProfile {
  id: number;
  name: string;
  isDefault: boolean;
  rules: PricingRules;
}

const notFound = () => new AppError('NOT_FOUND', profileMessages.notFound);

/**
 * The profile `profileId` names, which must be the user's (404 otherwise, whether it exists or
 * not), or without one the user's default profile.
 */
export async function choosePricingProfile(db: Db, userId: number, profileId?: number): Promise<ChosenPricingProfile> {
  const row = profileId === undefined ? await findDefaultPricingProfile(db, userId) : await findPricingProfile(db, userId, profileId);
  if (!row) {
    if (profileId !== undefined) throw notFound();
    throw new Error(`User ${userId} has no default pricing profile`);
  }
  return { id: row.id, name: row.name, isDefault: row.isDefault, rules: row.rules };
}

/** GET /pricing-profiles/: the user's profiles, the default first. */
export async function listProfiles(ctx: AppContext, userId: number): Promise<PricingProfile[]> {
  return (await listPricingProfiles(ctx.db, userId)).map(presentPricingProfile);
}

/** The request's values, the rules checked by the engine (the contract has refused what it would refuse). */
function valuesOf(input: PricingProfileFields): PricingProfileValues {
  const rules = rulesFromProfile(input);
  requireValidRules(rules);
  return { name: input.name, isDefault: input.is_default, rules };
}

const nameTaken = () => validationFailed({ name: [profileMessages.nameTaken] });

/** Refuses a name another of the user's profiles has, whatever its case. */
async function requireFreeName(trx: Db, userId: number, name: string, exceptId: number | null): Promise<void> {
  if (await isProfileNameTaken(trx, userId, name, exceptId)) throw nameTaken();
}

/** Runs a change of the user's profiles with their rows locked; a name taken meanwhile is refused as a field error. */
async function changeProfiles<T>(ctx: AppContext, userId: number, work: (trx: Db, count: number) => Promise<T>): Promise<T> {
  try {
    return await runUnitOfWork(ctx, async (trx) => work(trx, await countPricingProfilesForUpdate(trx, userId)));
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken() : error;
  }
}

/** POST /pricing-profiles/: a new profile; marked default, it takes the place of the default. */
export async function createProfile(ctx: AppContext, userId: number, input: PricingProfileFields): Promise<PricingProfile> {
  const values = valuesOf(input);
  const now = ctx.clock.now();
  return changeProfiles(ctx, userId, async (trx) => {
    await requireFreeName(trx, userId, values.name, null);
    if (values.isDefault) await clearDefaultPricingProfile(trx, userId, now);
    return presentPricingProfile(await insertPricingProfile(trx, userId, values, now));
  });
}

/**
 * PUT /pricing-profiles/{id}/: replaces the whole profile. Marked default, it takes the place of
 * the default; the default cannot be unmarked (another profile is marked instead).
 */
export async function replaceProfile(ctx: AppContext, userId: number, id: number, input: PricingProfileFields): Promise<PricingProfile> {
  const values = valuesOf(input);
  const now = ctx.clock.now();
  return changeProfiles(ctx, userId, async (trx) => {
    const current = await findPricingProfile(trx, userId, id);
    if (!current) throw notFound();
    await requireFreeName(trx, userId, values.name, id);
    if (current.isDefault && !values.isDefault) throw validationFailed({ is_default: [profileMessages.defaultRequired] });
    if (values.isDefault && !current.isDefault) await clearDefaultPricingProfile(trx, userId, now);
    const row = await updatePricingProfile(trx, userId, id, values, now);
    if (!row) throw notFound();
    return presentPricingProfile(row);
  });
}

/** DELETE /pricing-profiles/{id}/: never the last profile, nor the default. */
export async function deleteProfile(ctx: AppContext, userId: number, id: number): Promise<void> {
  await changeProfiles(ctx, userId, async (trx, count) => {
    const current = await findPricingProfile(trx, userId, id);
    if (!current) throw notFound();
    if (count <= 1) throw new AppError('CONFLICT', profileMessages.lastProfile);
    if (current.isDefault) throw new AppError('CONFLICT', profileMessages.defaultProfile);
    await deletePricingProfile(trx, userId, id);
  });
}
