import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { refundMail } from '../../../mail/templates.ts';
import { markPaymentRefunded } from '../repositories/payments.ts';
import { endSubscriptionAt, findPlanById } from '../repositories/subscriptions.ts';
import { notifyOnce } from './billing-notices.ts';
import type { BillingUser } from './with-billing-lock.ts';

/** Marks a payment refunded, ends what it bought when it was a one-time purchase, and mails the refund once. */
export async function recordRefund(ctx: AppContext, trx: Db, user: BillingUser, paymentId: number, refundId: string | null): Promise<void> {
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
