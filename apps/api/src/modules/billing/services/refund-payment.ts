import type { AppContext } from '../../../context.ts';
import type { RecordChange } from '../../../db/database.ts';
import type { PaymentRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { listPaymentsOfSubscription } from '../repositories/payments.ts';
import { endSubscriptionAt } from '../repositories/subscriptions.ts';
import { isEntitling } from './entitling-subscription.ts';
import { requireStripe, withStripe } from './stripe-client.ts';
import { refundAtStripe } from './refund-at-stripe.ts';
import { cancelAtStripeNow } from './cancel-at-stripe-now.ts';
import { recordRefund } from './record-refund.ts';
import { withBillingLock } from './with-billing-lock.ts';

export interface ExceptionalRefund {
  payment: PaymentRow;
  refundId: string;
  /** The subscription the payment was paying for now, ended with the refund (null: it had ended, or a later payment pays for it). */
  endedSubscriptionId: number | null;
}

/**
 * A refund outside the refund rule, made by an operator with a written reason (product §10.13):
 * any payment made online and not refunded yet is refunded at Stripe. When it is what pays for
 * the user's access now (the latest payment of a running subscription), that subscription ends
 * now, at Stripe too, as with a refund by the rule. Its own Stripe idempotency key (another intent
 * than the rule's refund, with other metadata); a payment the rule refunded at Stripe already is
 * found, not refunded twice. The confirmation email goes out once.
 */
export async function refundPaymentAsException(ctx: AppContext, userId: number, paymentId: number, record: RecordChange<ExceptionalRefund>): Promise<ExceptionalRefund> {
  const done = await withStripe(ctx, 'refund a payment (exception)', () =>
    withBillingLock(ctx, userId, async (trx, user) => {
      const now = ctx.clock.now();
      const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).where('user_id', '=', user.id).forUpdate().executeTakeFirst();
      if (!payment) throw new AppError('NOT_FOUND', 'This user has no such payment.');
      if (payment.refunded_at) throw new AppError('REFUND_NOT_ALLOWED', 'This payment has already been refunded.');
      const intent = payment.stripe_payment_intent_id;
      if (!intent) throw new AppError('REFUND_NOT_ALLOWED', 'This payment was not made online, so it cannot be refunded here.');
      const stripe = requireStripe(ctx);
      const refund = await refundAtStripe(
        stripe,
        { payment_intent: intent, reason: 'requested_by_customer', metadata: { user_id: String(user.id), rule: 'operator-exception' } },
        `tradelist-refund-exception-${payment.id}`,
      );
      const subscription = payment.subscription_id
        ? await trx.selectFrom('subscriptions').selectAll().where('id', '=', payment.subscription_id).forUpdate().executeTakeFirst()
        : undefined;
      let endedSubscriptionId: number | null = null;
      if (subscription && isEntitling(subscription, now)) {
        const [latest] = await listPaymentsOfSubscription(trx, subscription.id);
        if (latest?.id === payment.id) {
          if (subscription.source === 'stripe_subscription' && subscription.stripe_subscription_id) {
            await cancelAtStripeNow(stripe, subscription.stripe_subscription_id, `tradelist-refund-cancel-${payment.id}`);
          }
          await endSubscriptionAt(trx, subscription, now);
          endedSubscriptionId = subscription.id;
        }
      }
      await recordRefund(ctx, trx, user, payment.id, refund.id);
      const result = { payment, refundId: refund.id, endedSubscriptionId };
      await record(trx, result);
      return result;
    }),
  );
  if (!done) throw new AppError('NOT_FOUND', 'There is no such user.');
  return done;
}
