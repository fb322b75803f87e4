import Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { PlanRow, SubscriptionRow } from '../../../db/schema.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { addMonths } from '../../../lib/clock.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { cancellationMail, duplicatePurchaseRefundedMail, receiptMail, refundMail, renewalFailedMail, renewalReminderMail } from '../../../mail/templates.ts';
import { lockUserForBilling } from '../repositories/customers.ts';
import { claimBillingNotice, recordFunnelEvent } from '../repositories/ledger.ts';
import { findPaymentByIntent, insertPaymentIfNew, listPaymentsOfSubscription, markPaymentRefunded } from '../repositories/payments.ts';
import {
  endSubscriptionAt,
  findPlanById,
  findPlanByStripePrice,
  findSubscriptionByCheckoutSession,
  findSubscriptionByStripeId,
  insertSubscription,
  listSubscriptionsOfUser,
  upsertStripeSubscription,
  type StripeSubscriptionState,
} from '../repositories/subscriptions.ts';
import { entitlingSubscription } from './entitlements.ts';
import { requireStripe } from './stripe-client.ts';

/**
 * Local state follows Stripe (decision 0012). Every handler re-reads the object from Stripe and
 * writes absolute values, under a lock on the user's row, in the caller's transaction: events
 * may arrive twice, late or in any order, and the last writer always writes what Stripe says
 * now. Whatever follows (receipts, notices) is claimed once in the same transaction.
 */

type Billed = AppContext;

/** The user whose billing a handler changes, read and locked in `trx`. */
export type BillingUser = NonNullable<Awaited<ReturnType<typeof lockUserForBilling>>>;

const fromUnix = (seconds: number): Date => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The subscriptions page, where the user manages what they bought. */
export function subscriptionsPageUrl(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.appUrl}/dashboard/subscriptions`;
}

/** The plan a Stripe price belongs to, or the one named in metadata when the price moved on. */
async function planOf(db: Db, priceId: string | null, metadata: Stripe.Metadata | null | undefined): Promise<PlanRow | undefined> {
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

/** Queues a billing email once per (kind, subject); true when it was queued now. */
async function notifyOnce(ctx: Billed, trx: Db, user: BillingUser, kind: string, subjectKey: string, mail: () => Parameters<typeof queueEmail>[3]): Promise<boolean> {
  if (!(await claimBillingNotice(trx, { kind, subjectKey, userId: user.id, now: ctx.clock.now() }))) return false;
  await queueEmail(ctx, trx, user.email, mail());
  return true;
}

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
async function recordPaidInvoices(ctx: Billed, trx: Db, user: BillingUser, plan: PlanRow, local: SubscriptionRow, options: { duplicate: boolean }): Promise<void> {
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
    await notifyOnce(ctx, trx, user, 'receipt', `payment:${payment.id}`, () =>
      receiptMail(user.name, {
        planName: plan.name,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        periodStart: payment.period_start,
        periodEnd: payment.period_end,
        kind,
        receiptUrl: payment.receipt_url,
        manageUrl: subscriptionsPageUrl(ctx),
      }),
    );
  }
}

/**
 * Brings the local mirror of one Stripe subscription up to date: status, period, renewal, its
 * paid invoices (receipts), and the notices its state calls for (a failed renewal, a
 * cancellation). Returns the row, or null when there is nothing to mirror.
 */
export async function syncStripeSubscription(ctx: Billed, trx: Db, user: BillingUser, stripeSubscriptionId: string): Promise<SubscriptionRow | null> {
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

/** What applying a Checkout Session found. */
export interface CheckoutOutcome {
  /** The session was paid (and its purchase is applied). */
  paid: boolean;
}

/**
 * Applies a finished Checkout Session for `user`: a subscription (mirrored from Stripe) or a
 * one-time purchase of `period_months` months from the moment it was paid. Safe to repeat.
 */
export async function applyCheckoutSession(ctx: Billed, trx: Db, user: BillingUser, session: Stripe.Checkout.Session): Promise<CheckoutOutcome> {
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
  if (await findSubscriptionByCheckoutSession(trx, session.id)) return { paid: true };

  const stripe = requireStripe(ctx);
  const lineItems = session.line_items ?? (await stripe.checkout.sessions.listLineItems(session.id, { limit: 10 }));
  const plan = await planOf(trx, lineItems.data[0]?.price?.id ?? null, session.metadata);
  if (!plan?.period_months) {
    ctx.log.error({ session: session.id }, 'paid Checkout Session for a price no plan sells');
    return { paid: true };
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
    return { paid: true };
  }
  if (payment) {
    await recordFunnelEvent(trx, 'payment_succeeded', user.id, now);
    await notifyOnce(ctx, trx, user, 'receipt', `payment:${payment.id}`, () =>
      receiptMail(user.name, {
        planName: plan.name,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        periodStart: payment.period_start,
        periodEnd: payment.period_end,
        kind: 'one_time',
        receiptUrl: payment.receipt_url,
        manageUrl: subscriptionsPageUrl(ctx),
      }),
    );
  }
  return { paid: true };
}

/** The paid subscription (not a complimentary one) that entitles the user now, if any. */
async function otherPaidSubscription(trx: Db, userId: number, now: Date): Promise<SubscriptionRow | undefined> {
  return entitlingSubscription((await listSubscriptionsOfUser(trx, userId)).filter((s) => s.source !== 'complimentary'), now);
}

/**
 * The paid subscription that entitles the user now and whose time overlaps `period`: a
 * subscription bought while it runs duplicates it. One that ended before it began (an earlier
 * year's) does not.
 */
async function paidSubscriptionOverlapping(trx: Db, userId: number, now: Date, period: Pick<SubscriptionRow, 'period_start' | 'period_end'>): Promise<SubscriptionRow | undefined> {
  const running = await otherPaidSubscription(trx, userId, now);
  return running && period.period_start < running.period_end && period.period_end > running.period_start ? running : undefined;
}

/** Cancels a Stripe subscription now; one Stripe already canceled counts as done (a retried job or request). */
export async function cancelAtStripeNow(stripe: Stripe, stripeSubscriptionId: string, idempotencyKey = `tradelist-duplicate-cancel-${stripeSubscriptionId}`): Promise<void> {
  try {
    await stripe.subscriptions.cancel(stripeSubscriptionId, {}, { idempotencyKey });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError && (error.code === 'subscription_canceled' || error.code === 'resource_missing'))) throw error;
  }
}

/**
 * A second paid purchase while the user holds a paid subscription (two checkouts paid, decision
 * 0021): `duplicate` ends now (its Stripe subscription was canceled by the caller), every payment
 * of it is refunded at Stripe (one idempotency key per payment intent, so a retried job refunds once),
 * and the user is told once by mail. The refund's own notice is claimed here, so the
 * `charge.refunded` event that follows sends nothing more; `kept` runs on unchanged.
 */
async function refundDuplicatePurchase(ctx: Billed, trx: Db, user: BillingUser, plan: PlanRow, duplicate: SubscriptionRow, kept: SubscriptionRow): Promise<void> {
  const stripe = requireStripe(ctx);
  const now = ctx.clock.now();
  if (duplicate.status !== 'expired' || duplicate.period_end > now) await endSubscriptionAt(trx, duplicate, now);
  let refundedCents = 0;
  let currency = 'usd';
  for (const payment of await listPaymentsOfSubscription(trx, duplicate.id)) {
    const intent = payment.stripe_payment_intent_id;
    if (intent && !payment.refunded_at) {
      // Keyed by the payment intent, which a rolled-back attempt leaves unchanged (a payment row's id does not).
      let refundId: string | null = null;
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intent, reason: 'duplicate', metadata: { user_id: String(user.id), rule: 'one-paid-subscription' } },
          { idempotencyKey: `tradelist-duplicate-refund-${intent}` },
        );
        refundId = refund.id;
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded')) throw error;
      }
      await markPaymentRefunded(trx, payment.id, { refundId, at: now });
    }
    await claimBillingNotice(trx, { kind: 'refund', subjectKey: `payment:${payment.id}`, userId: user.id, now });
    refundedCents += payment.amount_cents;
    currency = payment.currency;
  }
  ctx.log.warn({ user: user.id, duplicate: duplicate.id, kept: kept.id }, 'second paid subscription canceled and refunded');
  // Nothing was paid (a subscription whose first payment never went through): nothing to tell.
  if (refundedCents === 0) return;
  await notifyOnce(ctx, trx, user, 'duplicate-purchase', `subscription:${duplicate.id}`, () =>
    duplicatePurchaseRefundedMail(user.name, { planName: plan.name, amountCents: refundedCents, currency, keptUntil: kept.period_end, manageUrl: subscriptionsPageUrl(ctx) }),
  );
}

/**
 * Expires the user's open Checkout Sessions other than `exceptId`, so that only one checkout can
 * be paid (decision 0021): when a new one is made and when one is paid. A session the customer
 * paid before the expiry reached Stripe cannot be expired; it is applied instead, as its webhook
 * would (a second paid one is then refunded at once).
 */
export async function expireOpenCheckoutSessions(ctx: Billed, trx: Db, user: BillingUser, exceptId: string | null): Promise<void> {
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

/**
 * A refunded charge: the payment is marked refunded; a one-time purchase ends now (a refunded
 * subscription payment ends with the subscription, which Stripe cancels). The refund email goes
 * out once.
 */
export async function applyRefundedCharge(ctx: Billed, trx: Db, user: BillingUser, chargeId: string): Promise<void> {
  const charge = await requireStripe(ctx).charges.retrieve(chargeId);
  const intentId = idOf(charge.payment_intent);
  if (!charge.refunded || !intentId) return;
  const payment = await findPaymentByIntent(trx, intentId);
  if (!payment || payment.user_id !== user.id) return;
  await recordRefund(ctx, trx, user, payment.id, null);
}

/** Marks a payment refunded, ends what it bought when it was a one-time purchase, and mails the refund once. */
export async function recordRefund(ctx: Billed, trx: Db, user: BillingUser, paymentId: number, refundId: string | null): Promise<void> {
  const now = ctx.clock.now();
  await markPaymentRefunded(trx, paymentId, { refundId, at: now });
  const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
  const subscription = payment.subscription_id
    ? await trx.selectFrom('subscriptions').selectAll().where('id', '=', payment.subscription_id).executeTakeFirst()
    : undefined;
  if (subscription?.source === 'one_time_payment' && subscription.status !== 'expired') await endSubscriptionAt(trx, subscription, now);
  const plan = subscription ? await findPlanById(trx, subscription.plan_id) : undefined;
  await notifyOnce(ctx, trx, user, 'refund', `payment:${payment.id}`, () =>
    refundMail(user.name, { planName: plan?.name ?? 'Tradelist subscription', amountCents: payment.amount_cents, currency: payment.currency }),
  );
}

/**
 * Stripe's notice that a subscription renews soon (sent 7 days before): the renewal reminder,
 * once per period, for a subscription that still renews.
 */
export async function remindOfRenewal(ctx: Billed, trx: Db, user: BillingUser, stripeSubscriptionId: string, amountDue: number, currency: string): Promise<void> {
  const row = await syncStripeSubscription(ctx, trx, user, stripeSubscriptionId);
  if (!row || row.status !== 'active') return;
  const plan = await findPlanById(trx, row.plan_id);
  if (!plan || plan.billing_interval !== 'year') return;
  await notifyOnce(ctx, trx, user, 'renewal-reminder', `${stripeSubscriptionId}:${row.period_end.toISOString()}`, () =>
    renewalReminderMail(user.name, { planName: plan.name, amountCents: amountDue, currency, renewsOn: row.period_end, manageUrl: subscriptionsPageUrl(ctx) }),
  );
}

/**
 * Runs `work` in one unit of work holding the user's billing lock; null when the user is gone.
 * Emails queued in it go out once it commits.
 */
export async function withBillingLock<T>(ctx: Billed, userId: number, work: (trx: Db, user: BillingUser) => Promise<T>): Promise<T | null> {
  const result = await runUnitOfWork(ctx, async (trx) => {
    const user = await lockUserForBilling(trx, userId);
    return user ? { value: await work(trx, user) } : null;
  });
  return result ? result.value : null;
}
