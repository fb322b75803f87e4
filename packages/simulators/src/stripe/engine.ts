// The Stripe simulator's objects and rules, without HTTP: customers, the seeded catalog,
// checkout sessions and what paying one creates, subscriptions and their renewals under test
// clocks, refunds and the events each change emits.
import { randomBytes } from 'node:crypto';
import {
  StripeApiError,
  allowOnly,
  bool,
  hash,
  int,
  invalid,
  list,
  mergeMetadata,
  missing,
  requiredStr,
  str,
  type Params,
} from './params.ts';
import type { StripeObject, StripeState } from './store.ts';

/** The API version the simulator answers in (the one the `stripe` SDK it is tested with pins). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Seeded product of the annual plan: refer to it from the app's seed. */
export const SIM_ANNUAL_PRODUCT_ID = 'prod_TradelistAnnual';
/** Seeded yearly recurring price of the annual plan (auto-renew on). */
export const SIM_ANNUAL_RECURRING_PRICE_ID = 'price_TradelistAnnualYearly';
/** Seeded one-time price of the annual plan (auto-renew off: 12 months paid once). */
export const SIM_ANNUAL_ONE_TIME_PRICE_ID = 'price_TradelistAnnualOnce';
/**
 * The annual plan's amount in cents; the same as the app's seeded plan
 * (apps/api/src/db/sample/sample-catalog.ts, `priceCents` of the `annual` plan).
 */
export const SIM_ANNUAL_PLAN_AMOUNT = 42_000;

/** What a test card number does, as in Stripe's test mode. */
interface CardBehaviour {
  brand: string;
  /** Set when every charge on this card is declined. */
  decline?: { code: string; declineCode: string; message: string };
}

/** Stripe's test cards the simulator knows; any other number is refused like Stripe refuses it. */
export const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '4000000000000002': { brand: 'visa', decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } },
  '4000000000009995': { brand: 'visa', decline: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  '4000000000000341': { brand: 'visa', decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } },
};

/** A card problem: the message shown to the payer and Stripe's codes. */
export interface CardError {
  code: string;
  declineCode: string | null;
  message: string;
}

/** A page of a list endpoint, in Stripe's list shape. */
export interface StripeList {
  object: 'list';
  data: StripeObject[];
  has_more: boolean;
  url: string;
}

/** A change to report as an event; `previous` (the changed fields' old values) only for `*.updated`. */
type Emit = (type: string, object: StripeObject, previous?: Record<string, unknown>) => void;

/** Fields Stripe always sends that the simulator has no value for: each null. */
function nulls(...fields: string[]): Record<string, null> {
  return Object.fromEntries(fields.map((field) => [field, null]));
}

/** Stripe's default for upcoming renewal events: 7 days before the renewal. */
const UPCOMING_NOTICE_SECONDS = 7 * 24 * 3600;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-like id: prefix and random letters and digits. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

/** The canonical form of a card number typed with spaces or dashes. */
export function normaliseCard(card: string): string {
  return card.replace(/[\s-]/g, '');
}

/** Checks a card number the way Stripe's test mode does; undefined when it can be charged. */
export function cardError(card: string): CardError | undefined {
  const number = normaliseCard(card);
  const known = TEST_CARDS[number];
  if (known?.decline) return { code: known.decline.code, declineCode: known.decline.declineCode, message: known.decline.message };
  if (known) return undefined;
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    return { code: 'incorrect_number', declineCode: null, message: 'Your card number is incorrect.' };
  }
  return {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  };
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Adds `count` calendar months or years to a Unix time, in UTC. */
export function addInterval(unix: number, interval: string, count: number): number {
  const date = new Date(unix * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

/** The seeded catalog: the annual plan's product with its recurring and one-time prices. */
export function seedCatalog(state: StripeState, created: number): void {
  const base = { livemode: false, created, metadata: {} };
  state.objects[SIM_ANNUAL_PRODUCT_ID] ??= {
    ...base,
    id: SIM_ANNUAL_PRODUCT_ID,
    object: 'product',
    active: true,
    name: 'Annual plan',
    description: '$35/month, billed annually (normally $50/month)',
    default_price: SIM_ANNUAL_RECURRING_PRICE_ID,
    images: [],
    marketing_features: [],
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: created,
    url: null,
  };
  const price = { ...base, object: 'price', active: true, billing_scheme: 'per_unit', currency: 'usd', product: SIM_ANNUAL_PRODUCT_ID, unit_amount: SIM_ANNUAL_PLAN_AMOUNT, unit_amount_decimal: String(SIM_ANNUAL_PLAN_AMOUNT), tax_behavior: 'unspecified', lookup_key: null, nickname: null, custom_unit_amount: null, tiers_mode: null, transform_quantity: null };
  state.objects[SIM_ANNUAL_RECURRING_PRICE_ID] ??= {
    ...price,
    id: SIM_ANNUAL_RECURRING_PRICE_ID,
    lookup_key: 'annual_yearly',
    type: 'recurring',
    recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null },
  };
  state.objects[SIM_ANNUAL_ONE_TIME_PRICE_ID] ??= {
    ...price,
    id: SIM_ANNUAL_ONE_TIME_PRICE_ID,
    lookup_key: 'annual_one_time',
    type: 'one_time',
    recurring: null,
  };
}

/** The objects, rules and events of one simulator. */
export class StripeEngine {
  constructor(
    readonly state: StripeState,
    /** The simulator's base URL, for hosted pages. */
    private readonly baseUrl: () => string,
    private readonly emit: Emit,
  ) {}

  /** Looks up an object of a kind; a wrong kind is as missing as an unknown id. */
  get(id: string, object: string, kind: string, param?: string): StripeObject {
    const found = this.state.objects[id];
    if (!found || found.object !== object) throw missing(kind, id, param);
    return found;
  }

  private put<T extends StripeObject>(object: T): T {
    this.state.objects[object.id] = object;
    return object;
  }

  /** The current time for a customer: its test clock's frozen time, or the real time. */
  nowFor(customerId: string | null | undefined): number {
    const customer = customerId ? this.state.objects[customerId] : undefined;
    const clockId = customer?.['test_clock'];
    if (typeof clockId === 'string') {
      const clock = this.state.objects[clockId];
      if (clock) return clock['frozen_time'] as number;
    }
    return Math.floor(Date.now() / 1000);
  }

  /** Every object of a kind matching `filter`, newest first, as a Stripe list. */
  list(object: string, url: string, params: Params, filter: (item: StripeObject) => boolean = () => true): StripeList {
    const limit = int(params, 'limit') ?? 10;
    if (limit < 1 || limit > 100) throw invalid('This value must be greater than or equal to 1 and less than or equal to 100.', 'limit');
    let items = Object.values(this.state.objects)
      .filter((item) => item.object === object && filter(item))
      .sort((a, b) => (b['created'] as number) - (a['created'] as number));
    const after = str(params, 'starting_after');
    if (after) {
      const index = items.findIndex((item) => item.id === after);
      if (index < 0) throw missing(object, after, 'starting_after');
      items = items.slice(index + 1);
    }
    return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
  }

  // ---- customers ----

  createCustomer(params: Params): StripeObject {
    allowOnly(params, ['email', 'name', 'description', 'metadata', 'phone', 'test_clock', 'expand', 'address', 'preferred_locales']);
    const clockId = str(params, 'test_clock');
    if (clockId) this.get(clockId, 'test_helpers.test_clock', 'test clock', 'test_clock');
    const created = clockId ? (this.state.objects[clockId]!['frozen_time'] as number) : Math.floor(Date.now() / 1000);
    const customer = this.put({
      id: newId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created,
      currency: null,
      default_source: null,
      delinquent: false,
      description: str(params, 'description') ?? null,
      email: str(params, 'email') ?? null,
      invoice_prefix: newId('X', 8).slice(2).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: mergeMetadata({}, params),
      name: str(params, 'name') ?? null,
      phone: str(params, 'phone') ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: clockId ?? null,
    });
    this.emit('customer.created', customer);
    return customer;
  }

  updateCustomer(id: string, params: Params): StripeObject {
    allowOnly(params, ['email', 'name', 'description', 'metadata', 'phone', 'expand', 'address', 'preferred_locales']);
    const customer = this.get(id, 'customer', 'customer');
    const previous: Record<string, unknown> = {};
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      const value = str(params, field);
      if (value === undefined) continue;
      const next = value === '' ? null : value;
      if (customer[field] !== next) {
        previous[field] = customer[field];
        customer[field] = next;
      }
    }
    if (params['metadata'] !== undefined) {
      previous['metadata'] = customer['metadata'];
      customer['metadata'] = mergeMetadata(customer['metadata'] as Record<string, string>, params);
    }
    if (Object.keys(previous).length > 0) this.emit('customer.updated', customer, previous);
    return customer;
  }

  // ---- checkout ----

  createCheckoutSession(params: Params): StripeObject {
    allowOnly(params, [
      'mode', 'line_items', 'success_url', 'cancel_url', 'customer', 'customer_email', 'customer_creation',
      'client_reference_id', 'metadata', 'subscription_data', 'payment_intent_data', 'invoice_creation',
      'expires_at', 'ui_mode', 'locale', 'allow_promotion_codes', 'billing_address_collection',
      'payment_method_types', 'automatic_tax', 'expand', 'submit_type',
    ]);
    const mode = requiredStr(params, 'mode');
    if (mode === 'setup') throw invalid('The simulator supports `payment` and `subscription` mode only.', 'mode');
    if (mode !== 'payment' && mode !== 'subscription') throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
    const uiMode = str(params, 'ui_mode');
    if (uiMode !== undefined && uiMode !== 'hosted' && uiMode !== 'hosted_page') throw invalid('The simulator only offers the hosted page.', 'ui_mode');
    const successUrl = requiredStr(params, 'success_url');
    checkUrl(successUrl, 'success_url');
    const cancelUrl = str(params, 'cancel_url');
    if (cancelUrl) checkUrl(cancelUrl, 'cancel_url');

    const customerId = str(params, 'customer');
    if (customerId) this.get(customerId, 'customer', 'customer', 'customer');
    const customerEmail = str(params, 'customer_email');
    if (customerId && customerEmail) throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    const customerCreation = str(params, 'customer_creation');
    if (customerCreation !== undefined) {
      if (mode !== 'payment') throw invalid('`customer_creation` can only be used in `payment` and `setup` mode.', 'customer_creation');
      if (customerCreation !== 'always' && customerCreation !== 'if_required') throw invalid('Invalid customer_creation', 'customer_creation');
    }
    const clientReference = str(params, 'client_reference_id');
    if (clientReference !== undefined && clientReference.length > 200) throw invalid('client_reference_id must be at most 200 characters.', 'client_reference_id');

    const lineParams = list(params, 'line_items');
    if (!lineParams || lineParams.length === 0) throw invalid('line_items is required in `payment` and `subscription` mode.', 'line_items', 'parameter_missing');
    let currency: string | undefined;
    let hasRecurring = false;
    const lineItems = lineParams.map((entry, index) => {
      const label = `line_items[${index}]`;
      if (typeof entry !== 'object' || Array.isArray(entry)) throw invalid('Invalid hash', label);
      allowOnly(entry, ['price', 'quantity', 'adjustable_quantity']);
      const priceId = requiredStr(entry, 'price', `${label}[price]`);
      const price = this.get(priceId, 'price', 'price', `${label}[price]`);
      if (price['active'] !== true) throw invalid(`The price specified is inactive. This field only accepts active prices.`, `${label}[price]`);
      const quantity = int(entry, 'quantity', `${label}[quantity]`) ?? 1;
      if (quantity < 1) throw invalid('Quantity must be at least 1.', `${label}[quantity]`);
      if (price['type'] === 'recurring') hasRecurring = true;
      if (currency && price['currency'] !== currency) throw invalid('All prices must use the same currency.', `${label}[price]`);
      currency = price['currency'] as string;
      const amount = (price['unit_amount'] as number) * quantity;
      const product = this.state.objects[price['product'] as string];
      return {
        id: newId('li'),
        object: 'item',
        adjustable_quantity: null,
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency,
        description: (product?.['name'] as string | undefined) ?? null,
        metadata: {},
        price: { ...price },
        quantity,
      };
    });
    if (mode === 'payment' && hasRecurring) {
      throw invalid('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', 'line_items');
    }
    if (mode === 'subscription' && !hasRecurring) {
      throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
    }
    const subscriptionData = hash(params, 'subscription_data');
    if (subscriptionData && mode !== 'subscription') throw invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
    if (subscriptionData) allowOnly(subscriptionData, ['metadata', 'description']);
    const paymentIntentData = hash(params, 'payment_intent_data');
    if (paymentIntentData && mode !== 'payment') throw invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
    if (paymentIntentData) allowOnly(paymentIntentData, ['metadata', 'description', 'receipt_email']);
    const invoiceCreation = hash(params, 'invoice_creation');
    if (invoiceCreation && mode !== 'payment') throw invalid('`invoice_creation` can only be used in `payment` mode.', 'invoice_creation');

    const now = this.nowFor(customerId);
    const expiresAt = int(params, 'expires_at') ?? now + 24 * 3600;
    if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
      throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    }
    const amount = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
    const id = newId(`cs_test`, 58);
    const session = this.put({
      id,
      object: 'checkout.session',
      ...nulls('adaptive_pricing', 'after_expiration', 'allow_promotion_codes', 'allowed_payment_method_types', 'billing_address_collection', 'client_secret', 'collected_information', 'consent', 'consent_collection',
        'currency_conversion', 'customer_account', 'discounts', 'integration_identifier', 'managed_payments', 'origin_context', 'payment_link', 'payment_method_configuration_details', 'payment_method_options',
        'permissions', 'recovered_from', 'saved_payment_method_options', 'setup_intent', 'shipping_address_collection', 'shipping_cost', 'submit_type', 'wallet_options'),
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      cancel_url: cancelUrl ?? null,
      client_reference_id: clientReference ?? null,
      created: now,
      currency,
      customer: customerId ?? null,
      customer_creation: mode === 'payment' ? (customerCreation ?? 'if_required') : null,
      customer_details: null,
      customer_email: customerEmail ?? null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      expires_at: expiresAt,
      invoice: null,
      invoice_creation: mode === 'payment' ? { enabled: bool(invoiceCreation ?? {}, 'enabled', 'invoice_creation[enabled]') ?? false, invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null } } : null,
      livemode: false,
      locale: str(params, 'locale') ?? null,
      metadata: mergeMetadata({}, params),
      mode,
      payment_intent: null,
      payment_method_collection: mode === 'subscription' ? 'always' : null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      shipping_options: [],
      status: 'open',
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `${this.baseUrl()}/checkout/${id}`,
    });
    this.state.lineItems[id] = lineItems;
    // Kept for the payment that completes the session; not part of Stripe's session object.
    this.state.sessionData[id] = {
      subscription_metadata: subscriptionData ? mergeMetadata({}, subscriptionData) : {},
      payment_intent_metadata: paymentIntentData ? mergeMetadata({}, paymentIntentData) : {},
    };
    return session;
  }

  /** Marks an open session whose time is up as expired. */
  expireIfDue(session: StripeObject): void {
    if (session['status'] === 'open' && this.nowFor(session['customer'] as string | null) > (session['expires_at'] as number)) {
      session['status'] = 'expired';
      session['url'] = null;
      this.emit('checkout.session.expired', session);
    }
  }

  expireCheckoutSession(id: string): StripeObject {
    const session = this.get(id, 'checkout.session', 'checkout.session');
    if (session['status'] !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session['status'])}".`, undefined, 'checkout_session_not_open');
    session['status'] = 'expired';
    session['url'] = null;
    this.emit('checkout.session.expired', session);
    return session;
  }

  /**
   * Pays an open session with a card number, as the hosted page does. A refused card leaves the
   * session open and answers the card's error; success completes it.
   */
  payCheckoutSession(id: string, card: string, email?: string): CardError | undefined {
    const session = this.get(id, 'checkout.session', 'checkout.session');
    this.expireIfDue(session);
    if (session['status'] !== 'open') {
      throw invalid(`This Checkout Session is no longer active (status: ${String(session['status'])}).`, undefined, 'checkout_session_not_open');
    }
    const error = cardError(card);
    if (error) return error;
    const mode = session['mode'] as string;
    const lineItems = this.state.lineItems[id] ?? [];
    const extra = this.state.sessionData[id] ?? { subscription_metadata: {}, payment_intent_metadata: {} };

    let customerId = session['customer'] as string | null;
    const payerEmail = email || (session['customer_email'] as string | null) || null;
    if (!customerId && (mode === 'subscription' || session['customer_creation'] === 'always')) {
      customerId = this.createCustomer(payerEmail ? { email: payerEmail } : {}).id;
    }
    if (customerId) this.state.cards[customerId] = normaliseCard(card);
    const now = this.nowFor(customerId);
    const customer = customerId ? this.state.objects[customerId] : undefined;
    session['customer_details'] = {
      email: (customer?.['email'] as string | null | undefined) ?? payerEmail,
      name: (customer?.['name'] as string | null | undefined) ?? null,
      address: null,
      business_name: null,
      individual_name: null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };

    if (mode === 'subscription') {
      const subscription = this.createSubscription(customerId!, lineItems, extra.subscription_metadata, now);
      const invoice = this.createInvoice(customerId!, subscription, lineItems, now, { start: now, end: periodEnd(subscription) }, { start: now, end: now }, 'subscription_create');
      const paid = this.payInvoice(invoice, card, now);
      if (paid) throw new Error('a test card that passed the check failed to pay');
      subscription['latest_invoice'] = invoice.id;
      this.emit('customer.subscription.created', subscription);
      this.emit('invoice.paid', invoice);
      this.emit('invoice.payment_succeeded', invoice);
      session['subscription'] = subscription.id;
      session['invoice'] = invoice.id;
    } else {
      const amount = session['amount_total'] as number;
      const { intent } = this.charge(customerId, amount, session['currency'] as string, card, now, extra.payment_intent_metadata, null);
      session['payment_intent'] = intent.id;
      if ((session['invoice_creation'] as { enabled: boolean } | null)?.enabled && customerId) {
        const invoice = this.createInvoice(customerId, null, lineItems, now, { start: now, end: now }, { start: now, end: now }, 'manual');
        markInvoicePaid(invoice, intent, now);
        session['invoice'] = invoice.id;
        this.emit('invoice.paid', invoice);
      }
    }
    session['customer'] = customerId;
    session['status'] = 'complete';
    session['payment_status'] = 'paid';
    session['url'] = null;
    this.emit('checkout.session.completed', session);
    return undefined;
  }

  /** The success URL with `{CHECKOUT_SESSION_ID}` filled in. */
  successUrlFor(session: StripeObject): string {
    return (session['success_url'] as string).replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  // ---- payments ----

  /** Creates a payment intent and its charge on `card`; a refused card gives a failed pair. */
  private charge(
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
    const charge = this.put({
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
      payment_method_details: { type: 'card', card: {
        ...nulls('amount_authorized', 'authorization_code', 'checks', 'electronic_commerce_indicator', 'installments', 'mandate', 'network_transaction_id', 'regulated_status', 'three_d_secure', 'transaction_link_id', 'wallet'),
        brand: TEST_CARDS[number]?.brand ?? 'visa', last4: number.slice(-4), exp_month: 12, exp_year: new Date(now * 1000).getUTCFullYear() + 3, funding: 'credit', country: 'US', network: TEST_CARDS[number]?.brand ?? 'visa',
      } },
      receipt_url: error ? null : `${this.baseUrl()}/receipts/${chargeId}`,
      refunded: false,
      status: error ? 'failed' : 'succeeded',
    });
    const intent = this.put({
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
      this.emit('charge.failed', charge);
      this.emit('payment_intent.payment_failed', intent);
    } else {
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.succeeded', intent);
    }
    return { intent, charge, error };
  }

  private createSubscription(customerId: string, lineItems: Record<string, unknown>[], metadata: Record<string, string>, now: number): StripeObject {
    const recurring = lineItems.find((item) => (item['price'] as StripeObject)['type'] === 'recurring')!;
    const price = recurring['price'] as StripeObject;
    const { interval, interval_count: count } = price['recurring'] as { interval: string; interval_count: number };
    const periodEnd = addInterval(now, interval, count);
    const id = newId('sub');
    const customer = this.state.objects[customerId]!;
    return this.put({
      id,
      object: 'subscription',
      ...nulls('application', 'application_fee_percent', 'billing_cycle_anchor_config', 'billing_thresholds', 'customer_account', 'days_until_due', 'default_source', 'managed_payments', 'next_pending_invoice_item_invoice',
        'on_behalf_of', 'pause_collection', 'pending_invoice_item_interval', 'pending_setup_intent', 'pending_update', 'schedule', 'transfer_data', 'trial_settings'),
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: now,
      billing_mode: { flexible: null, type: 'classic' },
      billing_schedules: [],
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: price['currency'],
      customer: customerId,
      default_payment_method: null,
      description: null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: lineItems
          .filter((item) => (item['price'] as StripeObject)['type'] === 'recurring')
          .map((item) => ({
            id: newId('si', 14),
            object: 'subscription_item',
            billing_thresholds: null,
            created: now,
            current_trial: null,
            discounts: [],
            current_period_start: now,
            current_period_end: periodEnd,
            metadata: {},
            plan: planOf(item['price'] as StripeObject),
            price: item['price'],
            quantity: item['quantity'],
            subscription: id,
            tax_rates: [],
          })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
      start_date: now,
      status: 'active',
      test_clock: customer['test_clock'] ?? null,
      trial_end: null,
      trial_start: null,
    });
  }

  private createInvoice(
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
    return this.put(this.buildInvoice(customerId, subscription, lineItems, now, linePeriod, invoicePeriod, reason));
  }

  /** An open invoice of these lines, not stored (createInvoice stores it). */
  private buildInvoice(
    customerId: string,
    subscription: StripeObject | null,
    lineItems: Record<string, unknown>[],
    now: number,
    linePeriod: { start: number; end: number },
    invoicePeriod: { start: number; end: number },
    reason: string,
  ): StripeObject {
    const customer = this.state.objects[customerId]!;
    const id = newId('in');
    const total = lineItems.reduce((sum, item) => sum + (item['amount_total'] as number), 0);
    const count = Object.values(this.state.objects).filter((o) => o.object === 'invoice' && o['customer'] === customerId).length;
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
      hosted_invoice_url: `${this.baseUrl()}/invoices/${id}`,
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

  /** Charges an open invoice on `card`; answers the card error when it fails. */
  private payInvoice(invoice: StripeObject, card: string, now: number): CardError | undefined {
    const { intent, error } = this.charge(invoice['customer'] as string, invoice['amount_due'] as number, invoice['currency'] as string, card, now, {}, invoice['billing_reason'] === 'subscription_create' ? 'Subscription creation' : 'Subscription update');
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

  // ---- subscriptions ----

  updateSubscription(id: string, params: Params): StripeObject {
    allowOnly(params, ['cancel_at_period_end', 'metadata', 'expand', 'description', 'proration_behavior']);
    const subscription = this.get(id, 'subscription', 'subscription');
    if (subscription['status'] === 'canceled') {
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const previous: Record<string, unknown> = {};
    const cancelAtEnd = bool(params, 'cancel_at_period_end');
    const now = this.nowFor(subscription['customer'] as string);
    if (cancelAtEnd !== undefined && cancelAtEnd !== subscription['cancel_at_period_end']) {
      previous['cancel_at_period_end'] = subscription['cancel_at_period_end'];
      previous['cancel_at'] = subscription['cancel_at'];
      previous['canceled_at'] = subscription['canceled_at'];
      subscription['cancel_at_period_end'] = cancelAtEnd;
      subscription['cancel_at'] = cancelAtEnd ? periodEnd(subscription) : null;
      subscription['canceled_at'] = cancelAtEnd ? now : null;
      subscription['cancellation_details'] = { comment: null, feedback: null, feedback_option: null, reason: cancelAtEnd ? 'cancellation_requested' : null };
    }
    const description = str(params, 'description');
    if (description !== undefined) {
      previous['description'] = subscription['description'];
      subscription['description'] = description || null;
    }
    if (params['metadata'] !== undefined) {
      previous['metadata'] = subscription['metadata'];
      subscription['metadata'] = mergeMetadata(subscription['metadata'] as Record<string, string>, params);
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  cancelSubscription(id: string, params: Params): StripeObject {
    allowOnly(params, ['expand', 'invoice_now', 'prorate', 'cancellation_details']);
    const subscription = this.get(id, 'subscription', 'subscription');
    if (subscription['status'] === 'canceled') {
      throw invalid(`Subscription ${id} is already canceled.`, 'id', 'subscription_canceled');
    }
    this.endSubscription(subscription, this.nowFor(subscription['customer'] as string), 'cancellation_requested');
    return subscription;
  }

  private endSubscription(subscription: StripeObject, at: number, reason: string): void {
    subscription['status'] = 'canceled';
    subscription['ended_at'] = at;
    subscription['canceled_at'] ??= at;
    subscription['cancellation_details'] = { comment: null, feedback: null, feedback_option: null, reason };
    this.emit('customer.subscription.deleted', subscription);
  }

  // ---- products and prices (the catalog the operator manages) ----

  createProduct(params: Params): StripeObject {
    allowOnly(params, ['id', 'name', 'description', 'active', 'metadata', 'expand']);
    const name = requiredStr(params, 'name');
    const id = str(params, 'id') ?? newId('prod', 14);
    if (this.state.objects[id]) throw new StripeApiError(400, 'invalid_request_error', `Product already exists.`, 'resource_already_exists', 'id');
    const now = Math.floor(Date.now() / 1000);
    const description = str(params, 'description');
    const product = this.put({
      id,
      object: 'product',
      active: bool(params, 'active') ?? true,
      created: now,
      default_price: null,
      description: description === undefined || description === '' ? null : description,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: mergeMetadata({}, params),
      name,
      package_dimensions: null,
      shippable: null,
      tax_details: null,
      type: 'service',
      updated: now,
      url: null,
    });
    this.emit('product.created', product);
    return product;
  }

  updateProduct(id: string, params: Params): StripeObject {
    allowOnly(params, ['name', 'description', 'active', 'metadata', 'default_price', 'expand']);
    const product = this.get(id, 'product', 'product');
    const previous: Record<string, unknown> = {};
    const name = str(params, 'name');
    if (name === '') throw invalid('You cannot unset the name of a product.', 'name');
    const changes: Record<string, unknown> = {};
    if (name !== undefined) changes['name'] = name;
    const description = str(params, 'description');
    if (description !== undefined) changes['description'] = description === '' ? null : description;
    const active = bool(params, 'active');
    if (active !== undefined) changes['active'] = active;
    const defaultPrice = str(params, 'default_price');
    if (defaultPrice !== undefined) {
      if (defaultPrice !== '') {
        const price = this.get(defaultPrice, 'price', 'price', 'default_price');
        if (price['product'] !== id) throw invalid('The default price must belong to this product.', 'default_price');
      }
      changes['default_price'] = defaultPrice === '' ? null : defaultPrice;
    }
    if (params['metadata'] !== undefined) changes['metadata'] = mergeMetadata(product['metadata'] as Record<string, string>, params);
    for (const [field, value] of Object.entries(changes)) {
      if (JSON.stringify(product[field]) !== JSON.stringify(value)) {
        previous[field] = product[field];
        product[field] = value;
      }
    }
    if (Object.keys(previous).length > 0) {
      product['updated'] = Math.floor(Date.now() / 1000);
      this.emit('product.updated', product, previous);
    }
    return product;
  }

  /** The active or inactive price that holds a lookup key, if any. */
  private priceWithLookupKey(key: string): StripeObject | undefined {
    return Object.values(this.state.objects).find((o) => o.object === 'price' && o['lookup_key'] === key);
  }

  /**
   * Stripe's rule for lookup keys: one price holds a key at a time; giving it to another price is
   * refused unless `transfer_lookup_key` is true, which takes it from the price holding it.
   */
  private claimLookupKey(key: string, transfer: boolean, forPriceId: string | null): void {
    const holder = this.priceWithLookupKey(key);
    if (!holder || holder.id === forPriceId) return;
    if (!transfer) throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key', 'lookup_key_already_used');
    holder['lookup_key'] = null;
    this.emit('price.updated', holder, { lookup_key: key });
  }

  createPrice(params: Params): StripeObject {
    allowOnly(params, ['currency', 'product', 'unit_amount', 'recurring', 'lookup_key', 'transfer_lookup_key', 'active', 'nickname', 'metadata', 'tax_behavior', 'expand']);
    const currency = requiredStr(params, 'currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, 'currency');
    const productId = requiredStr(params, 'product');
    this.get(productId, 'product', 'product', 'product');
    const amount = int(params, 'unit_amount');
    if (amount === undefined) throw invalid('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
    if (amount > 99_999_999) throw invalid('This value must be less than or equal to 99999999.', 'unit_amount');
    const recurringParams = hash(params, 'recurring');
    let recurring: Record<string, unknown> | null = null;
    if (recurringParams) {
      allowOnly(recurringParams, ['interval', 'interval_count', 'usage_type']);
      const interval = requiredStr(recurringParams, 'interval', 'recurring[interval]');
      if (!['day', 'week', 'month', 'year'].includes(interval)) throw invalid(`Invalid recurring[interval]: must be one of day, week, month, or year`, 'recurring[interval]');
      const count = int(recurringParams, 'interval_count', 'recurring[interval_count]') ?? 1;
      recurring = { interval, interval_count: count, usage_type: 'licensed', meter: null, trial_period_days: null };
    }
    const lookupKey = str(params, 'lookup_key');
    if (lookupKey !== undefined && (lookupKey === '' || lookupKey.length > 200)) throw invalid('Invalid lookup_key.', 'lookup_key');
    const transfer = bool(params, 'transfer_lookup_key') ?? false;
    if (transfer && lookupKey === undefined) throw invalid('`transfer_lookup_key` requires a `lookup_key`.', 'transfer_lookup_key');
    if (lookupKey !== undefined) this.claimLookupKey(lookupKey, transfer, null);
    const price = this.put({
      id: newId('price', 24),
      object: 'price',
      active: bool(params, 'active') ?? true,
      billing_scheme: 'per_unit',
      created: Math.floor(Date.now() / 1000),
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey ?? null,
      metadata: mergeMetadata({}, params),
      nickname: str(params, 'nickname') ?? null,
      product: productId,
      recurring,
      tax_behavior: str(params, 'tax_behavior') ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    });
    this.emit('price.created', price);
    return price;
  }

  /** A price's amount, currency and interval never change; only these fields do. */
  updatePrice(id: string, params: Params): StripeObject {
    allowOnly(params, ['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata', 'expand']);
    const price = this.get(id, 'price', 'price');
    const previous: Record<string, unknown> = {};
    const lookupKey = str(params, 'lookup_key');
    const transfer = bool(params, 'transfer_lookup_key') ?? false;
    if (lookupKey !== undefined && lookupKey !== '') this.claimLookupKey(lookupKey, transfer, id);
    const changes: Record<string, unknown> = {};
    if (lookupKey !== undefined) changes['lookup_key'] = lookupKey === '' ? null : lookupKey;
    const active = bool(params, 'active');
    if (active === false && price['active'] === true && this.state.objects[price['product'] as string]?.['default_price'] === id) {
      // Stripe's refusal (stripe/stripe-python#658): clear or move the product's default_price first.
      throw new StripeApiError(400, 'invalid_request_error', 'This price cannot be archived because it is the default price of its product.');
    }
    if (active !== undefined) changes['active'] = active;
    const nickname = str(params, 'nickname');
    if (nickname !== undefined) changes['nickname'] = nickname === '' ? null : nickname;
    if (params['metadata'] !== undefined) changes['metadata'] = mergeMetadata(price['metadata'] as Record<string, string>, params);
    for (const [field, value] of Object.entries(changes)) {
      if (JSON.stringify(price[field]) !== JSON.stringify(value)) {
        previous[field] = price[field];
        price[field] = value;
      }
    }
    if (Object.keys(previous).length > 0) this.emit('price.updated', price, previous);
    return price;
  }

  // ---- refunds ----

  createRefund(params: Params): StripeObject {
    allowOnly(params, ['charge', 'payment_intent', 'amount', 'reason', 'metadata', 'expand']);
    const chargeParam = str(params, 'charge');
    const intentParam = str(params, 'payment_intent');
    if (!chargeParam && !intentParam) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', undefined, 'parameter_missing');
    if (chargeParam && intentParam) throw invalid('You cannot specify both charge and payment_intent.', 'payment_intent');
    let charge: StripeObject;
    if (chargeParam) {
      charge = this.get(chargeParam, 'charge', 'charge', 'charge');
    } else {
      const intent = this.get(intentParam!, 'payment_intent', 'payment_intent', 'payment_intent');
      if (intent['status'] !== 'succeeded') throw invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
      charge = this.get(intent['latest_charge'] as string, 'charge', 'charge');
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
    const now = this.nowFor(charge['customer'] as string | null);
    const refund = this.put({
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
    this.emit('refund.created', refund);
    this.emit('charge.refunded', charge);
    return refund;
  }

  // ---- billing portal ----

  createPortalSession(params: Params): StripeObject {
    allowOnly(params, ['customer', 'return_url', 'configuration', 'locale', 'flow_data', 'expand', 'on_behalf_of']);
    const customerId = requiredStr(params, 'customer');
    this.get(customerId, 'customer', 'customer', 'customer');
    const returnUrl = str(params, 'return_url');
    if (returnUrl) checkUrl(returnUrl, 'return_url');
    const id = newId('bps');
    return this.put({
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_simulator_default',
      created: this.nowFor(customerId),
      customer: customerId,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: str(params, 'locale') ?? null,
      on_behalf_of: null,
      return_url: returnUrl ?? null,
      url: `${this.baseUrl()}/billing_portal/${id}`,
    });
  }

  // ---- test clocks ----

  createTestClock(params: Params): StripeObject {
    allowOnly(params, ['frozen_time', 'name', 'expand']);
    const frozen = int(params, 'frozen_time');
    if (frozen === undefined) throw invalid('Missing required param: frozen_time.', 'frozen_time', 'parameter_missing');
    const now = Math.floor(Date.now() / 1000);
    return this.put({
      id: newId('clock'),
      object: 'test_helpers.test_clock',
      created: now,
      deletes_after: now + 30 * 24 * 3600,
      frozen_time: frozen,
      livemode: false,
      name: str(params, 'name') ?? null,
      status: 'ready',
      status_details: {},
    });
  }

  /**
   * Moves a clock forward and runs what the time passed makes happen, in time order: each
   * subscription on the clock whose period ended renews (paid or past due) or, when set to
   * cancel at period end, ends. Stripe answers `advancing` and finishes in the background; the
   * simulator finishes before answering, so the clock is `ready` at once.
   */
  advanceTestClock(id: string, params: Params): StripeObject {
    allowOnly(params, ['frozen_time', 'expand']);
    const clock = this.get(id, 'test_helpers.test_clock', 'test clock');
    const target = int(params, 'frozen_time');
    if (target === undefined) throw invalid('Missing required param: frozen_time.', 'frozen_time', 'parameter_missing');
    if (target <= (clock['frozen_time'] as number)) {
      throw invalid('The frozen_time must be after the current frozen time of the test clock.', 'frozen_time');
    }
    const subscriptions = Object.values(this.state.objects).filter((o) => o.object === 'subscription' && o['test_clock'] === id);
    for (;;) {
      // The next thing due on this clock: a renewal notice or a period end, earliest first.
      const due = subscriptions
        .filter((s) => s['status'] !== 'canceled')
        .flatMap((s) => {
          const end = periodEnd(s);
          const notice = end - UPCOMING_NOTICE_SECONDS;
          const owesNotice = s['status'] === 'active' && s['cancel_at_period_end'] !== true && this.state.upcomingNotified[s.id] !== end;
          const unpaid = s['status'] === 'past_due' ? this.state.objects[s['latest_invoice'] as string] : undefined;
          const retryAt = unpaid?.['status'] === 'open' ? (unpaid['next_payment_attempt'] as number | null) : null;
          return [
            ...(owesNotice && notice <= target ? [{ at: notice, run: () => this.notifyUpcoming(s) }] : []),
            ...(retryAt !== null && retryAt <= target ? [{ at: retryAt, run: () => this.retryRenewal(s, unpaid!) }] : []),
            ...(end <= target ? [{ at: end, run: () => this.renewOrEnd(s) }] : []),
          ];
        })
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      clock['frozen_time'] = Math.max(clock['frozen_time'] as number, due.at);
      due.run();
    }
    clock['frozen_time'] = target;
    clock['status'] = 'ready';
    return clock;
  }

  /**
   * `invoice.upcoming`, sent as Stripe's default "upcoming renewal events" setting does: 7 days
   * before a renewal, with a preview of the invoice (not stored, so its id cannot be retrieved).
   */
  private notifyUpcoming(subscription: StripeObject): void {
    const end = periodEnd(subscription);
    this.state.upcomingNotified[subscription.id] = end;
    const items = (subscription['items'] as { data: Record<string, unknown>[] }).data;
    const price = items[0]!['price'] as StripeObject;
    const { interval, interval_count: count } = price['recurring'] as { interval: string; interval_count: number };
    const lineItems = items.map((item) => ({
      amount_total: ((item['price'] as StripeObject)['unit_amount'] as number) * (item['quantity'] as number),
      price: item['price'],
      quantity: item['quantity'],
      description: this.state.objects[(item['price'] as StripeObject)['product'] as string]?.['name'] ?? null,
    }));
    const preview = this.buildInvoice(subscription['customer'] as string, subscription, lineItems, end - UPCOMING_NOTICE_SECONDS, { start: end, end: addInterval(end, interval, count) }, { start: items[0]!['current_period_start'] as number, end }, 'upcoming');
    // A preview: no number, not finalized, never stored (its id cannot be retrieved).
    this.emit('invoice.upcoming', {
      ...preview,
      id: newId('upcoming_in'),
      effective_at: null,
      hosted_invoice_url: null,
      next_payment_attempt: end,
      number: null,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    });
  }

  /**
   * Charges a past-due renewal invoice again on the customer's current card, on the days of
   * RENEWAL_RETRY_DAYS after the failure. Success makes the subscription active again; when the
   * last retry fails the subscription is canceled, Stripe's default when retries run out.
   */
  private retryRenewal(subscription: StripeObject, invoice: StripeObject): void {
    const at = invoice['next_payment_attempt'] as number;
    const customerId = subscription['customer'] as string;
    const error = this.payInvoice(invoice, this.state.cards[customerId] ?? '4000000000000341', at);
    if (!error) {
      invoice['next_payment_attempt'] = null;
      subscription['status'] = 'active';
      this.emit('invoice.paid', invoice);
      this.emit('invoice.payment_succeeded', invoice);
      this.emit('customer.subscription.updated', subscription, { status: 'past_due' });
      return;
    }
    // attempt_count counts the first try too: retry n is attempt n + 1.
    const nextDay = RENEWAL_RETRY_DAYS[(invoice['attempt_count'] as number) - 1];
    invoice['next_payment_attempt'] = nextDay === undefined ? null : (invoice['created'] as number) + nextDay * DAY;
    this.emit('invoice.payment_failed', invoice);
    if (nextDay === undefined) this.endSubscription(subscription, at, 'payment_failed');
  }

  /** What a subscription's period end does: end it, or invoice and charge the next period. */
  private renewOrEnd(subscription: StripeObject): void {
    const end = periodEnd(subscription);
    if (subscription['cancel_at_period_end'] === true) {
      this.endSubscription(subscription, end, 'cancellation_requested');
      return;
    }
    if (subscription['status'] === 'past_due') {
      // Retries outlasted the period (short intervals): end it, as when retries run out.
      this.endSubscription(subscription, end, 'payment_failed');
      return;
    }
    const customerId = subscription['customer'] as string;
    const items = (subscription['items'] as { data: Record<string, unknown>[] }).data;
    const price = items[0]!['price'] as StripeObject;
    const { interval, interval_count: count } = price['recurring'] as { interval: string; interval_count: number };
    const nextEnd = addInterval(end, interval, count);
    const periodStart = items[0]!['current_period_start'] as number;
    // The period lives on the items (current API versions), so the items are what changed.
    const previous = { items: { ...(structuredClone(subscription['items']) as Record<string, unknown>) }, latest_invoice: subscription['latest_invoice'], status: subscription['status'] };
    for (const item of items) {
      item['current_period_start'] = end;
      item['current_period_end'] = nextEnd;
    }
    const lineItems = items.map((item) => ({
      amount_total: ((item['price'] as StripeObject)['unit_amount'] as number) * (item['quantity'] as number),
      price: item['price'],
      quantity: item['quantity'],
      description: this.state.objects[(item['price'] as StripeObject)['product'] as string]?.['name'] ?? null,
    }));
    const invoice = this.createInvoice(customerId, subscription, lineItems, end, { start: end, end: nextEnd }, { start: periodStart, end }, 'subscription_cycle');
    subscription['latest_invoice'] = invoice.id;
    const card = this.state.cards[customerId] ?? '4000000000000341';
    const error = this.payInvoice(invoice, card, end);
    if (error) {
      invoice['next_payment_attempt'] = end + RENEWAL_RETRY_DAYS[0]! * DAY;
      subscription['status'] = 'past_due';
      this.emit('invoice.payment_failed', invoice);
    } else {
      this.emit('invoice.paid', invoice);
      this.emit('invoice.payment_succeeded', invoice);
    }
    this.emit('customer.subscription.updated', subscription, previous);
  }
}

/** Days after a failed renewal on which the renewal invoice is charged again. */
export const RENEWAL_RETRY_DAYS: readonly number[] = [3, 5, 7];
const DAY = 24 * 3600;

/** A subscription's current period end (on its items, as in current API versions). */
export function periodEnd(subscription: StripeObject): number {
  const items = (subscription['items'] as { data: Record<string, unknown>[] }).data;
  return items[0]!['current_period_end'] as number;
}

function markInvoicePaid(invoice: StripeObject, intent: StripeObject, now: number): void {
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

/** Stripe refuses redirect URLs that are not absolute http(s) URLs. */
function checkUrl(value: string, param: string): void {
  let url: URL;
  try {
    url = new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'x'));
  } catch {
    throw invalid('Not a valid URL', param, 'url_invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('Not a valid URL', param, 'url_invalid');
}


/** A price as the legacy `plan` object Stripe still sends on subscription items. */
function planOf(price: StripeObject): Record<string, unknown> {
  const recurring = price['recurring'] as { interval: string; interval_count: number; usage_type: string; meter: string | null; trial_period_days: number | null };
  return {
    id: price.id,
    object: 'plan',
    active: price['active'],
    amount: price['unit_amount'],
    amount_decimal: price['unit_amount_decimal'],
    billing_scheme: 'per_unit',
    created: price['created'],
    currency: price['currency'],
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price['metadata'],
    meter: recurring.meter,
    nickname: price['nickname'],
    product: price['product'],
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: recurring.trial_period_days,
    usage_type: recurring.usage_type,
  };
}

/** The id of the subscription item that bills a line's price. */
function subscriptionItemOf(subscription: StripeObject, line: Record<string, unknown>): string {
  const items = (subscription['items'] as { data: Record<string, unknown>[] }).data;
  const priceId = (line['price'] as StripeObject).id;
  return (items.find((item) => (item['price'] as StripeObject).id === priceId) ?? items[0]!)['id'] as string;
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
