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

/** The plans on sale, in display order. */
export function listActivePlans(db: Db): Promise<PlanRow[]> {
  return db.selectFrom('plans').selectAll().where('is_active', '=', true).orderBy('position').orderBy('id').execute();
}

/**
 * Every subscription of a user, newest first. `forUpdate` locks them until the transaction
 * ends (downloads count a period one after the other).
 */
export function listSubscriptionsOfUser(db: Db, userId: number, options: { forUpdate?: boolean } = {}): Promise<SubscriptionRow[]> {
  const query = db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('period_start', 'desc').orderBy('id', 'desc');
  return (options.forUpdate ? query.forUpdate() : query).execute();
}

export type NewSubscription = Omit<SubscriptionRow, 'id' | 'canceled_at' | 'current_period_start' | 'stripe_subscription_id'> & {
  canceled_at?: Date | null;
  /** Defaults to `period_start`: the first period begins with the subscription. */
  current_period_start?: Date;
  stripe_subscription_id?: string | null;
};

/** Inserts a subscription. */
export function insertSubscription(db: Db, subscription: NewSubscription): Promise<SubscriptionRow> {
  return db
    .insertInto('subscriptions')
    .values({ ...subscription, current_period_start: subscription.current_period_start ?? subscription.period_start })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Updates a subscription's columns; a new `current_period_start` starts a fresh download count. */
export async function updateSubscription(
  db: Db,
  id: number,
  changes: Partial<Pick<SubscriptionRow, 'status' | 'period_end' | 'current_period_start' | 'auto_renew' | 'canceled_at'>>,
  now: Date,
): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
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
