import Stripe from 'stripe';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { PlanRow, SubscriptionRow } from '../../../db/schema.ts';
import { duplicatePurchaseRefundedMail } from '../../../mail/templates.ts';
import { claimBillingNotice } from '../repositories/ledger.ts';
import { listPaymentsOfSubscription, markPaymentRefunded } from '../repositories/payments.ts';
import { endSubscriptionAt, listSubscriptionsOfUser } from '../repositories/subscriptions.ts';
import { entitlingSubscription } from './entitling-subscription.ts';
import { notifyOnce, subscriptionsPageUrl } from './billing-notices.ts';
import { requireStripe } from './stripe-client.ts';
import type { BillingUser } from './with-billing-lock.ts';

/** The paid subscription (not a complimentary one) that entitles the user now, if any. */
export async function otherPaidSubscription(trx: Db, userId: number, now: Date): Promise<SubscriptionRow | undefined> {
  return entitlingSubscription((await listSubscriptionsOfUser(trx, userId)).filter((s) => s.source !== 'complimentary'), now);
}

/**
 * The paid subscription that entitles the user now and whose time overlaps `period`: a
 * subscription bought while it runs duplicates it. One that ended before it began (an earlier
 * year's) does not.
 */
export async function paidSubscriptionOverlapping(trx: Db, userId: number, now: Date, period: Pick<SubscriptionRow, 'period_start' | 'period_end'>): Promise<SubscriptionRow | undefined> {
  const running = await otherPaidSubscription(trx, userId, now);
  return running && period.period_start < running.period_end && period.period_end > running.period_start ? running : undefined;
}

/**
 * A second paid purchase while the user holds a paid subscription (two checkouts paid, decision
 * 0021): `duplicate` ends now (its Stripe subscription was canceled by the caller), every payment
 * of it is refunded at Stripe (one idempotency key per payment intent, so a retried job refunds once),
 * and the user is told once by mail. The refund's own notice is claimed here, so the
 * `charge.refunded` event that follows sends nothing more; `kept` runs on unchanged.
 */
export async function refundDuplicatePurchase(ctx: AppContext, trx: Db, user: BillingUser, plan: PlanRow, duplicate: SubscriptionRow, kept: SubscriptionRow): Promise<void> {
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
