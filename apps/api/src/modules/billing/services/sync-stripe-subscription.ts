import type Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { PlanRow, SubscriptionRow } from '../../../db/schema.ts';
import { cancellationMail, renewalFailedMail } from '../../../mail/templates.ts';
import { recordFunnelEvent } from '../repositories/ledger.ts';
import { insertPaymentIfNew } from '../repositories/payments.ts';
import { findSubscriptionByStripeId, upsertStripeSubscription } from '../repositories/subscriptions.ts';
import { cancelAtStripeNow } from './cancel-at-stripe-now.ts';
import { fromUnix, idOf, mirrorOf, planOf } from './mirror-stripe-subscription.ts';
import { notifyOnce, sendReceiptOnce, subscriptionsPageUrl } from './billing-notices.ts';
import { paidSubscriptionOverlapping, refundDuplicatePurchase } from './refund-duplicate-purchase.ts';
import { requireStripe } from './stripe-client.ts';
import type { BillingUser } from './with-billing-lock.ts';

/**
 * Local state follows Stripe (decision 0012). Every handler re-reads the object from Stripe and
 * writes absolute values, under a lock on the user's row, in the caller's transaction: events
 * may arrive twice, late or in any order, and the last writer always writes what Stripe says
 * now. Whatever follows (receipts, notices) is claimed once in the same transaction.
 */

/** The payment intent that paid an invoice (Stripe lists an invoice's payments separately). */
async function paymentIntentOfInvoice(stripe: Stripe, invoiceId: string): Promise<string | null> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
  const paid = payments.data.find((p) => p.status === 'paid') ?? payments.data[0];
  return idOf(paid?.payment.payment_intent);
}

/**
 * Records the subscription's paid invoices not yet known, each with its receipt, once. A
 * duplicate purchase's payments are recorded without a receipt: they are refunded at once.
 */
async function recordPaidInvoices(ctx: AppContext, trx: Db, user: BillingUser, plan: PlanRow, local: SubscriptionRow, options: { duplicate: boolean }): Promise<void> {
  const stripe = requireStripe(ctx);
  const invoices = await stripe.invoices.list({ subscription: local.stripe_subscription_id!, status: 'paid', limit: 100 });
  for (const invoice of [...invoices.data].reverse()) {
    if (!invoice.id) continue;
    const line = invoice.lines.data[0];
    if (!line) continue;
    const known = await trx.selectFrom('payments').select('id').where('stripe_invoice_id', '=', invoice.id).executeTakeFirst();
    if (known) continue;
    const kind = invoice.billing_reason === 'subscription_create' ? 'first' : 'renewal';
    const periodStart = fromUnix(line.period.start);
    const periodEnd = fromUnix(line.period.end);
    const paidAt = fromUnix(invoice.status_transitions.paid_at ?? invoice.created);
    const payment = await insertPaymentIfNew(trx, {
      user_id: user.id,
      subscription_id: local.id,
      kind,
      stripe_invoice_id: invoice.id,
      stripe_payment_intent_id: await paymentIntentOfInvoice(stripe, invoice.id),
      amount_cents: invoice.amount_paid,
      currency: invoice.currency,
      period_start: periodStart,
      period_end: periodEnd > periodStart ? periodEnd : new Date(periodStart.getTime() + 1),
      paid_at: paidAt,
      receipt_url: invoice.hosted_invoice_url ?? null,
      created_at: ctx.clock.now(),
    });
    if (!payment || options.duplicate) continue;
    if (kind === 'first') await recordFunnelEvent(trx, 'payment_succeeded', user.id, ctx.clock.now());
    await sendReceiptOnce(ctx, trx, user, plan, payment);
  }
}

/**
 * Brings the local mirror of one Stripe subscription up to date: status, period, renewal, its
 * paid invoices (receipts), and the notices its state calls for (a failed renewal, a
 * cancellation). Returns the row, or null when there is nothing to mirror.
 */
export async function syncStripeSubscription(ctx: AppContext, trx: Db, user: BillingUser, stripeSubscriptionId: string): Promise<SubscriptionRow | null> {
  const stripe = requireStripe(ctx);
  let subscription = await stripe.subscriptions.retrieve(stripeSubscriptionId, { expand: ['latest_invoice'] });
  const customerId = idOf(subscription.customer);
  if (customerId && user.stripe_customer_id && customerId !== user.stripe_customer_id) {
    ctx.log.warn({ subscription: subscription.id, customer: customerId }, 'Stripe subscription of another customer ignored');
    return null;
  }
  const plan = await planOf(trx, subscription.items.data[0]?.price.id ?? null, subscription.metadata);
  if (!plan) {
    ctx.log.error({ subscription: subscription.id }, 'Stripe subscription on a price no plan sells');
    return null;
  }
  const now = ctx.clock.now();
  const existing = await findSubscriptionByStripeId(trx, subscription.id);
  let state = mirrorOf(subscription, user.id, plan.id, existing, now);
  if (!state) return existing ?? null;
  // A subscription new to us, bought while another paid one runs: a duplicate purchase (decision
  // 0021). Stripe may have cancelled it already (an earlier attempt that did not commit).
  const kept = existing ? undefined : await paidSubscriptionOverlapping(trx, user.id, now, state);
  if (kept && state.status !== 'expired') {
    await cancelAtStripeNow(stripe, subscription.id);
    subscription = await stripe.subscriptions.retrieve(stripeSubscriptionId, { expand: ['latest_invoice'] });
    state = mirrorOf(subscription, user.id, plan.id, existing, now);
    if (!state) return null;
  }
  const row = await upsertStripeSubscription(trx, state, now);
  await recordPaidInvoices(ctx, trx, user, plan, row, { duplicate: kept !== undefined });
  if (kept) {
    await refundDuplicatePurchase(ctx, trx, user, plan, row, kept);
    return row;
  }

  const latest = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  if (row.status === 'past_due' && latest?.id && latest.status === 'open') {
    await notifyOnce(ctx, trx, user, 'renewal-failed', latest.id, () =>
      renewalFailedMail(user.name, { planName: plan.name, amountCents: latest.amount_due, currency: latest.currency, manageUrl: subscriptionsPageUrl(ctx) }),
    );
  }
  if (row.status === 'canceled') {
    await notifyOnce(ctx, trx, user, 'cancellation', `${subscription.id}:${row.period_end.toISOString()}`, () =>
      cancellationMail(user.name, { planName: plan.name, endsOn: row.period_end, manageUrl: subscriptionsPageUrl(ctx) }),
    );
  }
  return row;
}
