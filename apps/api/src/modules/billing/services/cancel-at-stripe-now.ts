import Stripe from 'stripe';

/** Cancels a Stripe subscription now; one Stripe already canceled counts as done (a retried job or request). */
export async function cancelAtStripeNow(stripe: Stripe, stripeSubscriptionId: string, idempotencyKey = `tradelist-duplicate-cancel-${stripeSubscriptionId}`): Promise<void> {
  try {
    await stripe.subscriptions.cancel(stripeSubscriptionId, {}, { idempotencyKey });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError && (error.code === 'subscription_canceled' || error.code === 'resource_missing'))) throw error;
  }
}
