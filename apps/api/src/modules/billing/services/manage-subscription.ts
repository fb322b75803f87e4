import { randomUUID } from 'node:crypto';
import { appRoutes } from '@tradelist/contract/app-routes';
import type { SubscriptionOverview } from '@tradelist/contract/billing';
import type { AppContext } from '../../../context.ts';
import type { RecordChange } from '../../../db/database.ts';
import type { PaymentRow, SubscriptionRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { formatDay } from '../../../mail/templates.ts';
import { recordFunnelEvent } from '../repositories/ledger.ts';
import { markPaymentRefunded } from '../repositories/payments.ts';
import { endSubscriptionAt, listSubscriptionsOfUser } from '../repositories/subscriptions.ts';
import { entitlingSubscription, isEntitling } from './entitling-subscription.ts';
import { requireStripe, withStripe } from './stripe-client.ts';
import { refundAtStripe } from './refund-at-stripe.ts';
import { refundVerdict, subscriptionOverview } from './subscription-overview.ts';
import { cancelAtStripeNow } from './cancel-at-stripe-now.ts';
import { recordRefund } from './record-refund.ts';
import { syncStripeSubscription } from './sync-stripe-subscription.ts';
import { withBillingLock } from './with-billing-lock.ts';

/** product §8: the toast after a cancel. */
export const subscriptionCanceledMessage = 'Subscription canceled successfully.';
export const refundedMessage = 'Your renewal was refunded and your subscription has ended. A confirmation is on its way to your email.';

type Changed = SubscriptionOverview & { message: string };

/**
 * The user's Stripe subscriptions that still renew (entitling, not set to end): every one of
 * them, should a user hold two (decision 0021), so that a cancel leaves nothing renewing.
 */
function renewingStripeSubscriptions(subscriptions: SubscriptionRow[], now: Date): Array<SubscriptionRow & { stripe_subscription_id: string }> {
  return subscriptions.filter(
    (s): s is SubscriptionRow & { stripe_subscription_id: string } =>
      s.source === 'stripe_subscription' && s.stripe_subscription_id !== null && isEntitling(s, now) && s.status !== 'canceled',
  );
}

/**
 * Asks Stripe to end a subscription at its period end. The idempotency key is this request's
 * own (`intent`): the SDK's retries of it are made once, while a later cancel (after renewal was
 * turned on again in the billing portal) is a new request that Stripe runs, not one it replays.
 */
async function cancelAtPeriodEnd(ctx: AppContext, subscription: SubscriptionRow & { stripe_subscription_id: string }, intent: string): Promise<void> {
  await requireStripe(ctx).subscriptions.update(
    subscription.stripe_subscription_id,
    { cancel_at_period_end: true },
    { idempotencyKey: `tradelist-cancel-${subscription.stripe_subscription_id}-${intent}` },
  );
}

/**
 * Stops the renewal of the user's subscription, and of every other one of theirs that renews:
 * Stripe cancels each at the end of its period, and the user keeps access until then (product
 * §4). A one-time purchase or a complimentary subscription does not renew: nothing to cancel (409).
 */
export async function cancelSubscription(ctx: AppContext, userId: number): Promise<Changed> {
  const intent = randomUUID();
  const done = await withStripe(ctx, 'cancel a subscription', () =>
    withBillingLock(ctx, userId, async (trx, user) => {
      const now = ctx.clock.now();
      const subscriptions = await listSubscriptionsOfUser(trx, user.id, { forUpdate: true });
      const subscription = entitlingSubscription(subscriptions, now);
      if (!subscription) throw new AppError('NOT_FOUND', 'You have no subscription to cancel.');
      const renewing = renewingStripeSubscriptions(subscriptions, now);
      if (renewing.length === 0 && (subscription.source !== 'stripe_subscription' || !subscription.stripe_subscription_id)) {
        const why = subscription.source === 'one_time_payment' ? 'Your one-time purchase does not renew' : 'Your complimentary subscription does not renew';
        throw new AppError('NOTHING_TO_CANCEL', `${why}, so there is nothing to cancel. It ends on ${formatDay(subscription.period_end)}.`);
      }
      for (const each of renewing) {
        await cancelAtPeriodEnd(ctx, each, intent);
        await syncStripeSubscription(ctx, trx, user, each.stripe_subscription_id);
      }
      if (renewing.length === 0) {
        // Cancelled already here: read Stripe again, so the screen shows what it holds. Renewal
        // turned on again in the billing portal, its event not in yet, is found so and cancelled.
        await syncStripeSubscription(ctx, trx, user, subscription.stripe_subscription_id!);
        for (const each of renewingStripeSubscriptions(await listSubscriptionsOfUser(trx, user.id, { forUpdate: true }), now)) {
          await cancelAtPeriodEnd(ctx, each, intent);
          await syncStripeSubscription(ctx, trx, user, each.stripe_subscription_id);
        }
      }
      return true;
    }),
  );
  if (!done) throw new AppError('UNAUTHENTICATED', 'Please log in again.');
  return { message: subscriptionCanceledMessage, ...(await subscriptionOverview(ctx, userId)) };
}

/**
 * Stops the renewal of every subscription of the user that renews at Stripe (the operator's
 * disabling of an account: a disabled account is not billed again). The periods already paid
 * keep running at Stripe and end there; nothing else changes. Answers whether a renewal was stopped.
 */
export async function stopRenewal(ctx: AppContext, userId: number): Promise<boolean> {
  const intent = randomUUID();
  const stopped = await withStripe(ctx, 'stop a renewal', () =>
    withBillingLock(ctx, userId, async (trx, user) => {
      const renewing = renewingStripeSubscriptions(await listSubscriptionsOfUser(trx, user.id, { forUpdate: true }), ctx.clock.now()).filter((s) => s.auto_renew);
      for (const each of renewing) {
        await cancelAtPeriodEnd(ctx, each, intent);
        await syncStripeSubscription(ctx, trx, user, each.stripe_subscription_id);
      }
      return renewing.length > 0;
    }),
  );
  return stopped === true;
}

/**
 * The refund of product §1/§9: within 10 days after an auto-renewal, with nothing downloaded
 * since, the renewal payment is refunded through Stripe, the subscription ends at Stripe and
 * here at once, and a confirmation is mailed. The subscription rows stay locked meanwhile, so
 * a download cannot slip in between the check and the refund. Outside the rule: 409, nothing
 * changes. The operator refunds by the same rule (`record` runs in its transaction).
 */
export async function requestRefund(ctx: AppContext, userId: number, record?: RecordChange<{ payment: PaymentRow; refundId: string }>): Promise<Changed> {
  const done = await withStripe(ctx, 'refund a renewal', () =>
    withBillingLock(ctx, userId, async (trx, user) => {
      const now = ctx.clock.now();
      const subscription = entitlingSubscription(await listSubscriptionsOfUser(trx, user.id, { forUpdate: true }), now);
      if (!subscription) throw new AppError('NOT_FOUND', 'You have no subscription to refund.');
      const verdict = await refundVerdict(trx, subscription, now);
      if (!verdict.eligible) throw new AppError('REFUND_NOT_ALLOWED', verdict.reason);
      const stripe = requireStripe(ctx);
      const intent = verdict.payment.stripe_payment_intent_id;
      if (!intent) throw new AppError('REFUND_NOT_ALLOWED', 'This payment cannot be refunded online. Please contact support.');
      const refund = await refundAtStripe(
        stripe,
        { payment_intent: intent, reason: 'requested_by_customer', metadata: { user_id: String(user.id), rule: 'renewal-within-10-days' } },
        `tradelist-refund-rule-${verdict.payment.id}`,
      );
      await cancelAtStripeNow(stripe, subscription.stripe_subscription_id!, `tradelist-refund-cancel-${verdict.payment.id}`);
      await markPaymentRefunded(trx, verdict.payment.id, { refundId: refund.id, at: now });
      await endSubscriptionAt(trx, subscription, now);
      await recordRefund(ctx, trx, user, verdict.payment.id, refund.id);
      await record?.(trx, { payment: verdict.payment, refundId: refund.id });
      return true;
    }),
  );
  if (!done) throw new AppError('UNAUTHENTICATED', 'Please log in again.');
  return { message: refundedMessage, ...(await subscriptionOverview(ctx, userId)) };
}

/** A Stripe billing portal session (card, invoices, renewal on or off) that returns to the subscriptions page. */
export async function openBillingPortal(ctx: AppContext, userId: number): Promise<{ url: string }> {
  requireStripe(ctx);
  const user = await ctx.db.selectFrom('users').select('stripe_customer_id').where('id', '=', userId).executeTakeFirst();
  if (!user?.stripe_customer_id) throw new AppError('NOT_FOUND', 'You have no billing account yet: subscribe to a plan first.');
  const session = await withStripe(ctx, 'open the billing portal', () =>
    requireStripe(ctx).billingPortal.sessions.create({ customer: user.stripe_customer_id!, return_url: `${ctx.config.appUrl}${appRoutes.dashboardSubscriptions}` }),
  );
  return { url: session.url };
}

/** Counts the subscriptions page being opened (the first step of the funnel). */
export async function trackSubscriptionsPageOpened(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number): Promise<void> {
  await recordFunnelEvent(ctx.db, 'subscriptions_page_opened', userId, ctx.clock.now());
}
