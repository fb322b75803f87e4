import Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import { endSubscriptionAt, listSubscriptionsOfUser } from '../repositories/subscriptions.ts';
import { requireStripe, withStripe } from './stripe-client.ts';
import { withBillingLock } from './with-billing-lock.ts';

/**
 * Account deletion (product §2.13): every Stripe subscription of the user that is still running
 * there (renewing, retrying a card, or set to end with its period) is canceled at Stripe at once,
 * so nothing is charged again, and ends here now. No refund: the deletion is the owner's choice.
 * A subscription Stripe already canceled counts as done, so a retried deletion goes through.
 * Payments not set up on this server while such a subscription exists: 502, nothing changes.
 */
export async function endStripeSubscriptionsNow(ctx: AppContext, userId: number): Promise<number> {
  const ended = await withStripe(ctx, 'cancel a subscription of a deleted account', () =>
    withBillingLock(ctx, userId, async (trx) => {
      const now = ctx.clock.now();
      const running = (await listSubscriptionsOfUser(trx, userId, { forUpdate: true })).filter(
        (s) => s.source === 'stripe_subscription' && s.stripe_subscription_id !== null && s.status !== 'expired',
      );
      for (const subscription of running) {
        try {
          await requireStripe(ctx).subscriptions.cancel(subscription.stripe_subscription_id!, {}, { idempotencyKey: `tradelist-delete-account-${subscription.stripe_subscription_id}` });
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeError && (error.code === 'subscription_canceled' || error.code === 'resource_missing'))) throw error;
        }
        await endSubscriptionAt(trx, subscription, now);
      }
      return running.length;
    }),
  );
  return ended ?? 0;
}
