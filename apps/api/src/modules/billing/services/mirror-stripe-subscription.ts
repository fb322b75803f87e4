import type Stripe from 'stripe';
import type { Db } from '../../../db/database.ts';
import type { PlanRow, SubscriptionRow } from '../../../db/schema.ts';
import { findPlanById, findPlanByStripePrice, type StripeSubscriptionState } from '../repositories/subscriptions.ts';

/** A Stripe timestamp (seconds) as a date. */
export const fromUnix = (seconds: number): Date => new Date(seconds * 1000);
/** The id of a Stripe reference, whether Stripe sent the id or the expanded object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The plan a Stripe price belongs to, or the one named in metadata when the price moved on. */
export async function planOf(db: Db, priceId: string | null, metadata: Stripe.Metadata | null | undefined): Promise<PlanRow | undefined> {
  if (priceId) {
    const plan = await findPlanByStripePrice(db, priceId);
    if (plan) return plan;
  }
  const planId = Number(metadata?.['plan_id']);
  return Number.isSafeInteger(planId) && planId > 0 ? findPlanById(db, planId) : undefined;
}

/**
 * The local status of a Stripe subscription: active, canceled (runs to its period end), past_due
 * (a renewal failed, Stripe retries), or expired. Null for one that never started (its first
 * payment is not done): nothing to mirror yet.
 */
export function localStatus(subscription: Pick<Stripe.Subscription, 'status' | 'cancel_at_period_end'>): SubscriptionRow['status'] | null {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return subscription.cancel_at_period_end ? 'canceled' : 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return null;
    default:
      // canceled, unpaid, incomplete_expired, paused: no access.
      return 'expired';
  }
}

/**
 * The row that mirrors a Stripe subscription. The current period (and with it the download
 * count) moves only when Stripe has been paid for it: while a renewal is past due the user keeps
 * the period they paid for, and a fresh count starts when the renewal is paid.
 */
export function mirrorOf(
  subscription: Stripe.Subscription,
  userId: number,
  planId: number,
  local: SubscriptionRow | undefined,
  now: Date,
): StripeSubscriptionState | null {
  const status = localStatus(subscription);
  const item = subscription.items.data[0];
  if (!status || !item) return null;
  const began = fromUnix(subscription.start_date);
  const itemStart = fromUnix(item.current_period_start);
  const itemEnd = fromUnix(item.current_period_end);
  let currentStart = itemStart;
  let end = itemEnd;
  if (status === 'past_due') {
    currentStart = local?.current_period_start ?? itemStart;
  } else if (status === 'expired') {
    const endedAt = subscription.ended_at ? fromUnix(subscription.ended_at) : now;
    const candidates = [itemEnd.getTime(), endedAt.getTime(), ...(local?.status === 'expired' ? [local.period_end.getTime()] : [])];
    end = new Date(Math.max(began.getTime() + 1, Math.min(...candidates)));
    const previous = local?.current_period_start ?? itemStart;
    currentStart = previous < end ? previous : began;
  }
  if (currentStart < began) currentStart = began;
  if (currentStart > end) currentStart = began;
  return {
    stripe_subscription_id: subscription.id,
    user_id: userId,
    plan_id: planId,
    status,
    period_start: began,
    current_period_start: currentStart,
    period_end: end,
    auto_renew: status === 'active',
    canceled_at: subscription.canceled_at ? fromUnix(subscription.canceled_at) : null,
  };
}
