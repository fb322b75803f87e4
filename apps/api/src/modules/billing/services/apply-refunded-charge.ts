import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { findPaymentByIntent } from '../repositories/payments.ts';
import { idOf } from './mirror-stripe-subscription.ts';
import { recordRefund } from './record-refund.ts';
import { requireStripe } from './stripe-client.ts';
import type { BillingUser } from './with-billing-lock.ts';

/**
 * A refunded charge: the payment is marked refunded; a one-time purchase ends now (a refunded
 * subscription payment ends with the subscription, which Stripe cancels). The refund email goes
 * out once.
 */
export async function applyRefundedCharge(ctx: AppContext, trx: Db, user: BillingUser, chargeId: string): Promise<void> {
  const charge = await requireStripe(ctx).charges.retrieve(chargeId);
  const intentId = idOf(charge.payment_intent);
  if (!charge.refunded || !intentId) return;
  const payment = await findPaymentByIntent(trx, intentId);
  if (!payment || payment.user_id !== user.id) return;
  await recordRefund(ctx, trx, user, payment.id, null);
}
