// Payments: a payment intent with its charge on a card, and paying an invoice with one.
import { cardError, normaliseCard, TEST_CARDS, type CardError } from './cards.ts';
import { newId, nulls, type StripeEngine } from './engine.ts';
import type { StripeObject } from './store.ts';

/** Creates a payment intent and its charge on `card`; a refused card gives a failed pair. */
export function chargeCard(engine: StripeEngine,
  customerId: string | null,
  amount: number,
  currency: string,
  card: string,
  now: number,
  metadata: Record<string, string>,
  description: string | null,
): { intent: StripeObject; charge: StripeObject; error: CardError | undefined } {
  const error = cardError(card);
  const number = normaliseCard(card);
  const intentId = newId('pi');
  const chargeId = newId('ch');
  const charge = engine.put({
    id: chargeId,
    object: 'charge',
    amount,
    amount_captured: error ? 0 : amount,
    amount_refunded: 0,
    ...nulls('application', 'application_fee', 'application_fee_amount', 'calculated_statement_descriptor', 'failure_balance_transaction', 'fraud_details', 'on_behalf_of', 'receipt_email', 'receipt_number', 'review',
      'shipping', 'source', 'source_transfer', 'statement_descriptor', 'statement_descriptor_suffix', 'transfer_data', 'transfer_group'),
    balance_transaction: error ? null : newId('txn'),
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    captured: !error,
    created: now,
    currency,
    customer: customerId,
    description,
    disputed: false,
    failure_code: error?.code ?? null,
    failure_message: error?.message ?? null,
    livemode: false,
    metadata,
    outcome: error
      ? { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'declined_by_network', reason: error.declineCode, risk_level: 'normal', seller_message: 'The bank did not return any further details with this decline.', type: 'issuer_declined' }
      : { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
    paid: !error,
    payment_intent: intentId,
    payment_method: newId('pm'),
    payment_method_details: { type: 'card', card: cardDetails(number, now) },
    receipt_url: error ? null : `${engine.baseUrl()}/receipts/${chargeId}`,
    refunded: false,
    status: error ? 'failed' : 'succeeded',
  });
  const intent = engine.put({
    id: intentId,
    object: 'payment_intent',
    ...nulls('allowed_payment_method_types', 'application', 'application_fee_amount', 'automatic_payment_methods', 'canceled_at', 'cancellation_reason', 'customer_account', 'excluded_payment_method_types', 'managed_payments',
      'next_action', 'on_behalf_of', 'payment_method_configuration_details', 'payment_method_options', 'payment_record', 'processing', 'receipt_email', 'review', 'setup_future_usage', 'shipping', 'source',
      'statement_descriptor', 'statement_descriptor_suffix', 'transfer_group'),
    amount,
    amount_capturable: 0,
    amount_received: error ? 0 : amount,
    capture_method: 'automatic',
    client_secret: `${intentId}_secret_${newId('x', 20).slice(2)}`,
    confirmation_method: 'automatic',
    created: now,
    currency,
    customer: customerId,
    description,
    last_payment_error: error ? { type: 'card_error', code: error.code, decline_code: error.declineCode, message: error.message, charge: chargeId } : null,
    latest_charge: chargeId,
    livemode: false,
    metadata,
    payment_method: charge['payment_method'],
    payment_method_types: ['card'],
    status: error ? 'requires_payment_method' : 'succeeded',
  });
  if (error) {
    engine.emit('charge.failed', charge);
    engine.emit('payment_intent.payment_failed', intent);
  } else {
    engine.emit('charge.succeeded', charge);
    engine.emit('payment_intent.succeeded', intent);
  }
  return { intent, charge, error };
}

/** A charge's card as Stripe describes it: brand, last four digits, a future expiry. */
function cardDetails(number: string, now: number): Record<string, unknown> {
  return {
    ...nulls('amount_authorized', 'authorization_code', 'checks', 'electronic_commerce_indicator', 'installments', 'mandate', 'network_transaction_id', 'regulated_status', 'three_d_secure', 'transaction_link_id', 'wallet'),
    brand: TEST_CARDS[number]?.brand ?? 'visa', last4: number.slice(-4), exp_month: 12, exp_year: new Date(now * 1000).getUTCFullYear() + 3, funding: 'credit', country: 'US', network: TEST_CARDS[number]?.brand ?? 'visa',
  };
}

/** Charges an open invoice on `card`; answers the card error when it fails. */
export function payInvoice(engine: StripeEngine, invoice: StripeObject, card: string, now: number): CardError | undefined {
  const { intent, error } = chargeCard(engine, invoice['customer'] as string, invoice['amount_due'] as number, invoice['currency'] as string, card, now, {}, invoice['billing_reason'] === 'subscription_create' ? 'Subscription creation' : 'Subscription update');
  invoice['attempt_count'] = (invoice['attempt_count'] as number) + 1;
  invoice['attempted'] = true;
  (invoice['payments'] as { data: unknown[] }).data.push({
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: error ? null : intent['amount'],
    amount_requested: intent['amount'],
    created: now,
    currency: intent['currency'],
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: intent.id },
    status: error ? 'open' : 'paid',
    status_transitions: { canceled_at: null, paid_at: error ? null : now },
  });
  if (error) return error;
  markInvoicePaid(invoice, intent, now);
  return undefined;
}

/** Marks an invoice paid by a payment intent, recording the payment when none is yet. */
export function markInvoicePaid(invoice: StripeObject, intent: StripeObject, now: number): void {
  invoice['amount_paid'] = intent['amount'];
  invoice['amount_remaining'] = 0;
  invoice['status'] = 'paid';
  invoice['attempted'] = true;
  (invoice['status_transitions'] as Record<string, unknown>)['paid_at'] = now;
  const payments = invoice['payments'] as { data: unknown[] };
  if (payments.data.length === 0) {
    payments.data.push({ id: newId('inpay'), object: 'invoice_payment', amount_paid: intent['amount'], amount_requested: intent['amount'], created: now, currency: intent['currency'], invoice: invoice.id, is_default: true, livemode: false, payment: { type: 'payment_intent', payment_intent: intent.id }, status: 'paid', status_transitions: { canceled_at: null, paid_at: now } });
  }
}
