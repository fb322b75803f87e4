import Stripe from 'stripe';

/**
 * Refunds a payment intent at Stripe under one intent's idempotency key. A payment already
 * refunded at Stripe by another intent (a refund by the rule whose transaction rolled back, then
 * the operator's exception) answers `charge_already_refunded`: that earlier refund is the result,
 * so no payment is refunded twice and the second intent completes.
 */
export async function refundAtStripe(stripe: Stripe, params: Stripe.RefundCreateParams & { payment_intent: string }, idempotencyKey: string): Promise<Stripe.Refund> {
  try {
    return await stripe.refunds.create(params, { idempotencyKey });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded')) throw error;
    const earlier = (await stripe.refunds.list({ payment_intent: params.payment_intent, limit: 10 })).data.find((refund) => refund.status === 'succeeded');
    if (!earlier) throw error;
    return earlier;
  }
}
