// Refunds of a succeeded charge, whole or in part.
import { newId, type StripeEngine } from './engine.ts';
import { allowOnly, int, invalid, mergeMetadata, str, type Params } from './params.ts';
import type { StripeObject } from './store.ts';

/** Refunds a charge (by `charge` or `payment_intent`) up to what is left of it. */
export function createRefund(engine: StripeEngine, params: Params): StripeObject {
  allowOnly(params, ['charge', 'payment_intent', 'amount', 'reason', 'metadata', 'expand']);
  const chargeParam = str(params, 'charge');
  const intentParam = str(params, 'payment_intent');
  if (!chargeParam && !intentParam) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', undefined, 'parameter_missing');
  if (chargeParam && intentParam) throw invalid('You cannot specify both charge and payment_intent.', 'payment_intent');
  let charge: StripeObject;
  if (chargeParam) {
    charge = engine.get(chargeParam, 'charge', 'charge', 'charge');
  } else {
    const intent = engine.get(intentParam!, 'payment_intent', 'payment_intent', 'payment_intent');
    if (intent['status'] !== 'succeeded') throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    charge = engine.get(intent['latest_charge'] as string, 'charge', 'charge');
  }
  if (charge['status'] !== 'succeeded') throw invalid(`This charge (${charge.id}) has not succeeded and cannot be refunded.`, 'charge', 'charge_not_refundable');
  const remaining = (charge['amount'] as number) - (charge['amount_refunded'] as number);
  if (remaining <= 0) throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = int(params, 'amount') ?? remaining;
  if (amount < 1 || amount > remaining) {
    throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, 'amount', 'amount_too_large');
  }
  const reason = str(params, 'reason');
  if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason)) {
    throw invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'reason');
  }
  const now = engine.nowFor(charge['customer'] as string | null);
  const refund = engine.put({
    id: newId('re'),
    object: 'refund',
    amount,
    customer: charge['customer'] ?? null,
    customer_account: null,
    payment_method: charge['payment_method'] ?? null,
    source_transfer_reversal: null,
    transfer_reversal: null,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: now,
    currency: charge['currency'],
    metadata: mergeMetadata({}, params),
    payment_intent: charge['payment_intent'],
    reason: reason ?? null,
    receipt_number: null,
    status: 'succeeded',
  });
  charge['amount_refunded'] = (charge['amount_refunded'] as number) + amount;
  charge['refunded'] = charge['amount_refunded'] === charge['amount'];
  engine.emit('refund.created', refund);
  engine.emit('charge.refunded', charge);
  return refund;
}
