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

export type NewSubscription = Omit<SubscriptionRow, 'id' | 'canceled_at' | 'current_period_start' | 'stripe_subscription_id' | 'stripe_checkout_session_id'> & {
  stripe_checkout_session_id?: string | null;
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

/** The active paid plan sold at this Stripe price (recurring or one-time). */
export function findPlanByStripePrice(db: Db, priceId: string): Promise<PlanRow | undefined> {
  return db
    .selectFrom('plans')
    .selectAll()
    .where((eb) => eb.or([eb('stripe_price_id_recurring', '=', priceId), eb('stripe_price_id_one_time', '=', priceId)]))
    .executeTakeFirst();
}

/** Paid plans on sale that are not linked to their Stripe prices yet. */
export function listUnlinkedPaidPlans(db: Db): Promise<PlanRow[]> {
  return db
    .selectFrom('plans')
    .selectAll()
    .where('is_free', '=', false)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('stripe_price_id_recurring', 'is', null), eb('stripe_price_id_one_time', 'is', null)]))
    .orderBy('id')
    .execute();
}

/** Links a plan to its Stripe product and prices. */
export async function setPlanStripeIds(
  db: Db,
  planId: number,
  ids: { productId: string; recurringPriceId: string; oneTimePriceId: string },
): Promise<void> {
  await db
    .updateTable('plans')
    .set({ stripe_product_id: ids.productId, stripe_price_id_recurring: ids.recurringPriceId, stripe_price_id_one_time: ids.oneTimePriceId })
    .where('id', '=', planId)
    .execute();
}

/** The subscription that mirrors this Stripe subscription. */
export function findSubscriptionByStripeId(db: Db, stripeSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('stripe_subscription_id', '=', stripeSubscriptionId).executeTakeFirst();
}

/** The subscription a one-time purchase (this Checkout Session) bought. */
export function findSubscriptionByCheckoutSession(db: Db, sessionId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('stripe_checkout_session_id', '=', sessionId).executeTakeFirst();
}

/** What a Stripe subscription says, as absolute values (a redelivered event writes the same row). */
export type StripeSubscriptionState = Pick<
  SubscriptionRow,
  'user_id' | 'plan_id' | 'status' | 'period_start' | 'current_period_start' | 'period_end' | 'auto_renew' | 'canceled_at'
> & { stripe_subscription_id: string };

/** Inserts or updates the mirror of a Stripe subscription. */
export function upsertStripeSubscription(db: Db, state: StripeSubscriptionState, now: Date): Promise<SubscriptionRow> {
  return db
    .insertInto('subscriptions')
    .values({ ...state, source: 'stripe_subscription', created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('stripe_subscription_id').doUpdateSet({
        plan_id: state.plan_id,
        status: state.status,
        period_start: state.period_start,
        current_period_start: state.current_period_start,
        period_end: state.period_end,
        auto_renew: state.auto_renew,
        canceled_at: state.canceled_at,
        updated_at: now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends a subscription at `at`: expired, its period ending then (never before it began, never later than it would have). */
export async function endSubscriptionAt(db: Db, subscription: SubscriptionRow, at: Date): Promise<void> {
  const earliest = new Date(subscription.period_start.getTime() + 1);
  const end = new Date(Math.min(Math.max(at.getTime(), earliest.getTime()), subscription.period_end.getTime()));
  await db
    .updateTable('subscriptions')
    .set({
      status: 'expired',
      auto_renew: false,
      period_end: end,
      current_period_start: subscription.current_period_start < end ? subscription.current_period_start : subscription.period_start,
      updated_at: at,
    })
    .where('id', '=', subscription.id)
    .execute();
}
