import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { PaymentRow, PaymentsTable } from '../../../db/schema.ts';

/**
 * Records a payment unless it is known (by its invoice or payment intent); returns the row when
 * it was new, so that what follows a payment (the receipt) happens once however often Stripe
 * tells us about it.
 */
export async function insertPaymentIfNew(db: Db, payment: Insertable<PaymentsTable>): Promise<PaymentRow | undefined> {
  const known = await db
    .selectFrom('payments')
    .select('id')
    .where((eb) =>
      eb.or([
        ...(payment.stripe_invoice_id ? [eb('stripe_invoice_id', '=', payment.stripe_invoice_id)] : []),
        ...(payment.stripe_payment_intent_id ? [eb('stripe_payment_intent_id', '=', payment.stripe_payment_intent_id)] : []),
      ]),
    )
    .executeTakeFirst();
  if (known) return undefined;
  return db.insertInto('payments').values(payment).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
}

/** A subscription's payments, newest first. */
export function listPaymentsOfSubscription(db: Db, subscriptionId: number): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('subscription_id', '=', subscriptionId).orderBy('paid_at', 'desc').orderBy('id', 'desc').execute();
}

/** The payment made through this payment intent. */
export function findPaymentByIntent(db: Db, paymentIntentId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('stripe_payment_intent_id', '=', paymentIntentId).executeTakeFirst();
}

/** Records a payment's refund; a payment already marked refunded keeps its first refund. */
export async function markPaymentRefunded(db: Db, paymentId: number, refund: { refundId: string | null; at: Date }): Promise<boolean> {
  const updated = await db
    .updateTable('payments')
    .set({ refunded_at: refund.at, stripe_refund_id: refund.refundId })
    .where('id', '=', paymentId)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
