// Invoices: the open invoice of a subscription's period or a paid checkout, as Stripe builds it.
import { newId, nulls, type StripeEngine } from './engine.ts';
import type { StripeObject } from './store.ts';
import { subscriptionItemOf } from './subscriptions.ts';

/** Builds and stores an open invoice of these lines. */
export function createInvoice(engine: StripeEngine,
  customerId: string,
  subscription: StripeObject | null,
  lineItems: Record<string, unknown>[],
  now: number,
  /** The service period the lines bill: the new subscription period. */
  linePeriod: { start: number; end: number },
  /**
   * The invoice's own period, as Stripe sets it: the creation time for a first invoice, the
   * period just ended for a renewal (so read a renewal's new period from its lines).
   */
  invoicePeriod: { start: number; end: number },
  reason: string,
): StripeObject {
  return engine.put(buildInvoice(engine, customerId, subscription, lineItems, now, linePeriod, invoicePeriod, reason));
}

/** An open invoice of these lines, not stored (createInvoice stores it). */
export function buildInvoice(engine: StripeEngine,
  customerId: string,
  subscription: StripeObject | null,
  lineItems: Record<string, unknown>[],
  now: number,
  linePeriod: { start: number; end: number },
  invoicePeriod: { start: number; end: number },
  reason: string,
): StripeObject {
  const customer = engine.state.objects[customerId]!;
  const id = newId('in');
  const total = lineItems.reduce((sum, item) => sum + (item['amount_total'] as number), 0);
  const count = Object.values(engine.state.objects).filter((o) => o.object === 'invoice' && o['customer'] === customerId).length;
  return {
    id,
    object: 'invoice',
    ...invoiceDefaults(),
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: lineItems[0] ? ((lineItems[0]['price'] as StripeObject)['currency'] as string) : 'usd',
    customer: customerId,
    customer_email: customer['email'] ?? null,
    customer_name: customer['name'] ?? null,
    description: null,
    hosted_invoice_url: `${engine.baseUrl()}/invoices/${id}`,
    lines: {
      object: 'list',
      data: lineItems.map((item) => ({
        id: newId('il'),
        object: 'line_item',
        amount: item['amount_total'],
        currency: (item['price'] as StripeObject)['currency'],
        description: `${String(item['quantity'])} × ${String(item['description'] ?? 'item')}`,
        discount_amounts: [],
        discountable: true,
        discounts: [],
        invoice: id,
        livemode: false,
        metadata: {},
        pretax_credit_amounts: [],
        quantity_decimal: String(item['quantity']),
        subscription: subscription?.id ?? null,
        subtotal: item['amount_total'],
        taxes: [],
        period: linePeriod,
        pricing: { type: 'price_details', price_details: { price: (item['price'] as StripeObject).id, product: (item['price'] as StripeObject)['product'] }, unit_amount_decimal: String((item['price'] as StripeObject)['unit_amount']) },
        quantity: item['quantity'],
        parent: subscription
          ? { type: 'subscription_item_details', invoice_item_details: null, subscription_item_details: { invoice_item: null, proration: false, proration_details: null, subscription: subscription.id, subscription_item: subscriptionItemOf(subscription, item) } }
          : { type: 'invoice_item_details', invoice_item_details: { invoice_item: newId('ii'), proration: false, proration_details: null, subscription: null }, subscription_item_details: null },
      })),
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${String(customer['invoice_prefix'])}-${String(count + 1).padStart(4, '0')}`,
    parent: subscription ? { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription['metadata'], subscription: subscription.id } } : null,
    payments: { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
    period_end: invoicePeriod.end,
    period_start: invoicePeriod.start,
    status: 'open',
    effective_at: now,
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: customer['test_clock'] ?? null,
    total,
    total_excluding_tax: total,
  };
}

/** The invoice fields Stripe always sends that the simulator keeps at their defaults. */
function invoiceDefaults(): Record<string, unknown> {
  return {
    ...nulls('account_country', 'account_name', 'account_tax_ids', 'application', 'automatically_finalizes_at', 'custom_fields', 'customer_account', 'customer_address', 'customer_phone', 'customer_shipping',
      'default_payment_method', 'default_source', 'due_date', 'footer', 'from_invoice', 'last_finalization_error', 'latest_revision', 'on_behalf_of', 'receipt_number', 'rendering', 'shipping_cost',
      'shipping_details', 'statement_descriptor', 'total_discount_amounts', 'total_pretax_credit_amounts', 'webhooks_delivered_at'),
    amount_overpaid: 0,
    amount_shipping: 0,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    customer_tax_exempt: 'none',
    default_tax_rates: [],
    discounts: [],
    effective_at: null,
    ending_balance: 0,
    issuer: { type: 'self' },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    starting_balance: 0,
    total_taxes: [],
  };
}
