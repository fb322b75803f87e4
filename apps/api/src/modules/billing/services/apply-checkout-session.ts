import Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { addMonths } from '../../../lib/clock.ts';
import { recordFunnelEvent } from '../repositories/ledger.ts';
import { insertPaymentIfNew } from '../repositories/payments.ts';
import { findSubscriptionByCheckoutSession, insertSubscription } from '../repositories/subscriptions.ts';
import { fromUnix, idOf, planOf } from './mirror-stripe-subscription.ts';
import { sendReceiptOnce } from './billing-notices.ts';
import { otherPaidSubscription, refundDuplicatePurchase } from './refund-duplicate-purchase.ts';
import { requireStripe } from './stripe-client.ts';
import { syncStripeSubscription } from './sync-stripe-subscription.ts';
import type { BillingUser } from './with-billing-lock.ts';

/** What applying a Checkout Session found. */
export interface CheckoutOutcome {
  /** The session was paid (and its purchase is applied). */
  paid: boolean;
}

/**
 * Applies a finished Checkout Session for `user`: a subscription (mirrored from Stripe) or a
 * one-time purchase of `period_months` months from the moment it was paid. Safe to repeat.
 */
export async function applyCheckoutSession(ctx: AppContext, trx: Db, user: BillingUser, session: Stripe.Checkout.Session): Promise<CheckoutOutcome> {
  const paid = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  if (!paid) return { paid: false };
  // One checkout paid: the others the user left open can no longer be (decision 0021).
  await expireOpenCheckoutSessions(ctx, trx, user, session.id);
  if (session.mode === 'subscription') {
    const subscriptionId = idOf(session.subscription);
    if (subscriptionId) await syncStripeSubscription(ctx, trx, user, subscriptionId);
    return { paid: true };
  }
  if (session.mode !== 'payment') return { paid: false };
  await applyOneTimePurchase(ctx, trx, user, session);
  return { paid: true };
}

/**
 * A paid one-time purchase: `period_months` months from the moment it was paid, its payment and
 * its receipt, once. Bought while a paid subscription runs, it is refunded at once (decision 0021).
 */
async function applyOneTimePurchase(ctx: AppContext, trx: Db, user: BillingUser, session: Stripe.Checkout.Session): Promise<void> {
  if (await findSubscriptionByCheckoutSession(trx, session.id)) return;
  const stripe = requireStripe(ctx);
  const lineItems = session.line_items ?? (await stripe.checkout.sessions.listLineItems(session.id, { limit: 10 }));
  const plan = await planOf(trx, lineItems.data[0]?.price?.id ?? null, session.metadata);
  if (!plan?.period_months) {
    ctx.log.error({ session: session.id }, 'paid Checkout Session for a price no plan sells');
    return;
  }
  const intentId = idOf(session.payment_intent);
  const intent = intentId ? await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }) : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const paidAt = fromUnix(charge?.created ?? intent?.created ?? session.created);
  const now = ctx.clock.now();
  const kept = await otherPaidSubscription(trx, user.id, now);
  const end = addMonths(paidAt, plan.period_months);
  const subscription = await insertSubscription(trx, {
    user_id: user.id,
    plan_id: plan.id,
    status: 'active',
    period_start: paidAt,
    period_end: end,
    auto_renew: false,
    source: 'one_time_payment',
    stripe_checkout_session_id: session.id,
    created_at: now,
    updated_at: now,
  });
  const payment = await insertPaymentIfNew(trx, {
    user_id: user.id,
    subscription_id: subscription.id,
    kind: 'one_time',
    stripe_invoice_id: idOf(session.invoice),
    stripe_payment_intent_id: intentId,
    amount_cents: session.amount_total ?? plan.price_cents,
    currency: session.currency ?? 'usd',
    period_start: paidAt,
    period_end: end,
    paid_at: paidAt,
    receipt_url: charge?.receipt_url ?? null,
    created_at: now,
  });
  if (kept) {
    await refundDuplicatePurchase(ctx, trx, user, plan, subscription, kept);
    return;
  }
  if (payment) {
    await recordFunnelEvent(trx, 'payment_succeeded', user.id, now);
    await sendReceiptOnce(ctx, trx, user, plan, payment);
  }
}

/**
 * Expires the user's open Checkout Sessions other than `exceptId`, so that only one checkout can
 * be paid (decision 0021): when a new one is made and when one is paid. A session the customer
 * paid before the expiry reached Stripe cannot be expired; it is applied instead, as its webhook
 * would (a second paid one is then refunded at once).
 */
export async function expireOpenCheckoutSessions(ctx: AppContext, trx: Db, user: BillingUser, exceptId: string | null): Promise<void> {
  if (!user.stripe_customer_id) return;
  const stripe = requireStripe(ctx);
  const open = await stripe.checkout.sessions.list({ customer: user.stripe_customer_id, status: 'open', limit: 100 });
  for (const session of open.data) {
    if (session.id === exceptId) continue;
    try {
      await stripe.checkout.sessions.expire(session.id);
    } catch (error) {
      // Only an open session can be expired: it was completed (or expired) meanwhile.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const current = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
      if (current.client_reference_id === null || current.client_reference_id === String(user.id)) await applyCheckoutSession(ctx, trx, user, current);
    }
  }
}
