import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { renewalReminderMail } from '../../../mail/templates.ts';
import { findPlanById } from '../repositories/subscriptions.ts';
import { notifyOnce, subscriptionsPageUrl } from './billing-notices.ts';
import { syncStripeSubscription } from './sync-stripe-subscription.ts';
import type { BillingUser } from './with-billing-lock.ts';

/**
 * Stripe's notice that a subscription renews soon (sent 7 days before): the renewal reminder,
 * once per period, for a subscription that still renews.
 */
export async function remindOfRenewal(ctx: AppContext, trx: Db, user: BillingUser, stripeSubscriptionId: string, amountDue: number, currency: string): Promise<void> {
  const row = await syncStripeSubscription(ctx, trx, user, stripeSubscriptionId);
  if (!row || row.status !== 'active') return;
  const plan = await findPlanById(trx, row.plan_id);
  if (!plan || plan.billing_interval !== 'year') return;
  await notifyOnce(ctx, trx, user, 'renewal-reminder', `${stripeSubscriptionId}:${row.period_end.toISOString()}`, () =>
    renewalReminderMail(user.name, { planName: plan.name, amountCents: amountDue, currency, renewsOn: row.period_end, manageUrl: subscriptionsPageUrl(ctx) }),
  );
}
