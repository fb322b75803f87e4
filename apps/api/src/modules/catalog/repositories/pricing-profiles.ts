import type { PricingRules } from '@tradelist/pricing/rules';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/** A stored pricing profile; `rules` as the engine takes them (checked before they were stored). */
export interface PricingProfileRow {
  id: number;
  userId: number;
  name: string;
  isDefault: boolean;
  rules: PricingRules;
}

const columns = ['id', 'user_id', 'name', 'is_default', 'rules'] as const;

function toRow(row: { id: number; user_id: number; name: string; is_default: boolean; rules: unknown }): PricingProfileRow {
  const rules = typeof row.rules === 'string' ? (JSON.parse(row.rules) as PricingRules) : (row.rules as PricingRules);
  return { id: row.id, userId: row.user_id, name: row.name, isDefault: row.is_default, rules };
}

/** The user's profiles, the default first, then by name. */
export async function listPricingProfiles(db: Db, userId: number): Promise<PricingProfileRow[]> {
  const rows = await db
    .selectFrom('pricing_profiles')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/** One of the user's profiles, or undefined when it is not theirs or does not exist. */
export async function findPricingProfile(db: Db, userId: number, id: number): Promise<PricingProfileRow | undefined> {
  const row = await db.selectFrom('pricing_profiles').select(columns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

/** The user's default profile (every user has one: migration 0024). */
export async function findDefaultPricingProfile(db: Db, userId: number): Promise<PricingProfileRow | undefined> {
  const row = await db.selectFrom('pricing_profiles').select(columns).where('user_id', '=', userId).where('is_default', '=', true).executeTakeFirst();
  return row && toRow(row);
}

/** Whether another of the user's profiles has this name, whatever its case. */
export async function isProfileNameTaken(db: Db, userId: number, name: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('pricing_profiles').select('id').where('user_id', '=', userId).where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Unmarks the user's default profile (before another is marked, in the same transaction). */
export async function clearDefaultPricingProfile(db: Db, userId: number, now: Date): Promise<void> {
  await db.updateTable('pricing_profiles').set({ is_default: false, updated_at: now }).where('user_id', '=', userId).where('is_default', '=', true).execute();
}

export interface PricingProfileValues {
  name: string;
  isDefault: boolean;
  rules: PricingRules;
}

export async function insertPricingProfile(db: Db, userId: number, values: PricingProfileValues, now: Date): Promise<PricingProfileRow> {
  const row = await db
    .insertInto('pricing_profiles')
    .values({ user_id: userId, name: values.name, is_default: values.isDefault, rules: JSON.stringify(values.rules), created_at: now, updated_at: now })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toRow(row);
}

export async function updatePricingProfile(db: Db, userId: number, id: number, values: PricingProfileValues, now: Date): Promise<PricingProfileRow | undefined> {
  const row = await db
    .updateTable('pricing_profiles')
    .set({ name: values.name, is_default: values.isDefault, rules: JSON.stringify(values.rules), updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row && toRow(row);
}

/** Replaces only the rules of the user's default profile (the user factor's save). */
export async function updateDefaultPricingRules(db: Db, userId: number, rules: PricingRules, now: Date): Promise<void> {
  await db
    .updateTable('pricing_profiles')
    .set({ rules: JSON.stringify(rules), updated_at: now })
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .execute();
}

export async function deletePricingProfile(db: Db, userId: number, id: number): Promise<void> {
  await db.deleteFrom('pricing_profiles').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** How many profiles the user has, with the rows locked for the change that asks. */
export async function countPricingProfilesForUpdate(db: Db, userId: number): Promise<number> {
  const rows = await db.selectFrom('pricing_profiles').select('id').where('user_id', '=', userId).forUpdate().execute();
  return rows.length;
}
