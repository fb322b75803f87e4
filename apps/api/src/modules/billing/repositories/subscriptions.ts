import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { PlanRow, PlansTable, SubscriptionRow } from '../../../db/schema.ts';

/** The plan with this slug. */
export function findPlanBySlug(db: Db, slug: string): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** The plan with this id. */
export function findPlanById(db: Db, id: number): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The subscription that entitles the user at `now`: active or cancelled, with `now` inside its
 * period (SPEC §4: a cancelled subscription stays usable until its period ends). The one ending
 * last wins when several overlap.
 */
export function findEntitlingSubscription(db: Db, userId: number, now: Date): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'canceled'])
    .where('period_start', '<=', now)
    .where('period_end', '>', now)
    .orderBy('period_end', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Every subscription of a user, newest first. */
export function listSubscriptionsOfUser(db: Db, userId: number): Promise<SubscriptionRow[]> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('period_start', 'desc').execute();
}

/** Inserts a subscription. */
export function insertSubscription(
  db: Db,
  subscription: Omit<SubscriptionRow, 'id' | 'downloads_used' | 'canceled_at'> & { canceled_at?: Date | null },
): Promise<SubscriptionRow> {
  return db.insertInto('subscriptions').values(subscription).returningAll().executeTakeFirstOrThrow();
}

/** Updates a subscription's columns. */
export async function updateSubscription(
  db: Db,
  id: number,
  changes: Partial<Pick<SubscriptionRow, 'status' | 'period_end' | 'auto_renew' | 'canceled_at'>>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes one download from the subscription's allowance if any is left: a single conditional
 * UPDATE, so with a maximum of 5 and 50 simultaneous requests exactly 5 succeed. Returns the new
 * count, or null when the maximum was already reached.
 */
export async function takeDownload(db: Db, subscriptionId: number, maximum: number): Promise<number | null> {
  const row = await db
    .updateTable('subscriptions')
    .set((eb) => ({ downloads_used: eb('downloads_used', '+', 1) }))
    .where('id', '=', subscriptionId)
    .where('downloads_used', '<', maximum)
    .returning('downloads_used')
    .executeTakeFirst();
  return row ? row.downloads_used : null;
}

/** Inserts a plan unless one with its slug exists; true when it was inserted. */
export async function insertPlanIfMissing(db: Db, plan: Insertable<PlansTable>): Promise<boolean> {
  const row = await db
    .insertInto('plans')
    .values(plan)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's subscriptions that entitle them at `now` and came from `source`, ending last first. */
export function listEntitlingSubscriptions(
  db: Db,
  userId: number,
  now: Date,
  source: SubscriptionRow['source'],
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .where('status', 'in', ['active', 'canceled'])
    .where('period_start', '<=', now)
    .where('period_end', '>', now)
    .orderBy('period_end', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
