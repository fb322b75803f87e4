import type { AppContext } from '../../../context.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { definePeriodicJob } from '../../../jobs/scheduled-task.ts';
import { syncStripeSubscription } from './sync-stripe-subscription.ts';
import { withBillingLock } from './with-billing-lock.ts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The daily check against Stripe: every Stripe subscription that entitles someone now, or ended
 * within the last 30 days, is read from Stripe again and its mirror corrected. An event that was
 * lost (Stripe stops retrying after three days) or given up cannot leave a user with access they
 * did not pay for, or without access they paid for. Returns how many rows changed.
 */
export async function reconcileStripeSubscriptions(ctx: AppContext): Promise<{ checked: number; corrected: number }> {
  if (!ctx.stripe) return { checked: 0, corrected: 0 };
  const since = addSeconds(ctx.clock.now(), -30 * DAY_SECONDS);
  const rows = await ctx.db
    .selectFrom('subscriptions')
    .select(['id', 'user_id', 'stripe_subscription_id', 'status', 'period_end', 'current_period_start'])
    .where('source', '=', 'stripe_subscription')
    .where('stripe_subscription_id', 'is not', null)
    .where('period_end', '>', since)
    .orderBy('id')
    .execute();
  let corrected = 0;
  for (const row of rows) {
    const after = await withBillingLock(ctx, row.user_id, (trx, user) => syncStripeSubscription(ctx, trx, user, row.stripe_subscription_id!));
    const changed =
      after &&
      (after.status !== row.status || after.period_end.getTime() !== row.period_end.getTime() || after.current_period_start.getTime() !== row.current_period_start.getTime());
    if (changed) {
      corrected += 1;
      ctx.log.warn({ subscription: row.id, before: row.status, after: after.status }, 'subscription corrected from Stripe by the daily check');
    }
  }
  return { checked: rows.length, corrected };
}

/** One daily check. */
export const { job: reconcileSubscriptions, schedule: reconcileSubscriptionsSchedule } = definePeriodicJob({
  name: 'reconcile-stripe-subscriptions',
  everySeconds: DAY_SECONDS,
  backoff: { baseSeconds: 300, maxSeconds: 3600 },
  async run(ctx) {
    const result = await reconcileStripeSubscriptions(ctx);
    ctx.log.debug(result, 'Stripe subscriptions checked');
  },
});
