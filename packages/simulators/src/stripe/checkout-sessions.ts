// Checkout Sessions: creating one (with Stripe's parameter rules), its expiry, and paying it on
// the hosted page, which creates the customer, subscription, invoice or payment it stands for.
import { cardError, normaliseCard, type CardError } from './cards.ts';
import { createCustomer } from './customers.ts';
import { newId, nulls, type StripeEngine } from './engine.ts';
import { createInvoice } from './invoices.ts';
import { allowOnly, bool, checkUrl, hash, int, invalid, list, mergeMetadata, requiredStr, str, type Params } from './params.ts';
import { chargeCard, markInvoicePaid, payInvoice } from './payments.ts';
import type { StripeObject } from './store.ts';
import { createSubscription, periodEnd } from './subscriptions.ts';

type Mode = 'payment' | 'subscription';
type LineItem = ReturnType<typeof lineItemOf>;
type Payer = ReturnType<typeof checkoutCustomer>;

/** Creates an open session from Stripe's parameters; answers Stripe's 400 for any it refuses. */
export function createCheckoutSession(engine: StripeEngine, params: Params): StripeObject {
  allowOnly(params, [
    'mode', 'line_items', 'success_url', 'cancel_url', 'customer', 'customer_email', 'customer_creation',
    'client_reference_id', 'metadata', 'subscription_data', 'payment_intent_data', 'invoice_creation',
    'expires_at', 'ui_mode', 'locale', 'allow_promotion_codes', 'billing_address_collection',
    'payment_method_types', 'automatic_tax', 'expand', 'submit_type',
  ]);
  const mode = requiredStr(params, 'mode');
  if (mode === 'setup') throw invalid('The simulator supports `payment` and `subscription` mode only.', 'mode');
  if (mode !== 'payment' && mode !== 'subscription') throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
  const payer = checkoutCustomer(engine, params, mode);
  const { lineItems, currency } = checkoutLineItems(engine, params, mode);
  const { subscriptionData, paymentIntentData, invoiceCreation } = checkoutExtras(params, mode);
  const now = engine.nowFor(payer.customerId);
  const expiresAt = int(params, 'expires_at') ?? now + 24 * 3600;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
    throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
  }
  const id = newId(`cs_test`, 58);
  const amount = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const session = engine.put(sessionObject(engine, id, params, mode, payer, { amount, currency, now, expiresAt, invoiceCreation }));
  engine.state.lineItems[id] = lineItems;
  // Kept for the payment that completes the session; not part of Stripe's session object.
  engine.state.sessionData[id] = {
    subscription_metadata: subscriptionData ? mergeMetadata({}, subscriptionData) : {},
    payment_intent_metadata: paymentIntentData ? mergeMetadata({}, paymentIntentData) : {},
  };
  return session;
}

/** The page's URLs and who pays, checked in Stripe's order. */
function checkoutCustomer(engine: StripeEngine, params: Params, mode: Mode) {
  const uiMode = str(params, 'ui_mode');
  if (uiMode !== undefined && uiMode !== 'hosted' && uiMode !== 'hosted_page') throw invalid('The simulator only offers the hosted page.', 'ui_mode');
  const successUrl = requiredStr(params, 'success_url');
  checkUrl(successUrl, 'success_url');
  const cancelUrl = str(params, 'cancel_url');
  if (cancelUrl) checkUrl(cancelUrl, 'cancel_url');

  const customerId = str(params, 'customer');
  if (customerId) engine.get(customerId, 'customer', 'customer', 'customer');
  const customerEmail = str(params, 'customer_email');
  if (customerId && customerEmail) throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  const customerCreation = str(params, 'customer_creation');
  if (customerCreation !== undefined) {
    if (mode !== 'payment') throw invalid('`customer_creation` can only be used in `payment` and `setup` mode.', 'customer_creation');
    if (customerCreation !== 'always' && customerCreation !== 'if_required') throw invalid('Invalid customer_creation', 'customer_creation');
  }
  const clientReference = str(params, 'client_reference_id');
  if (clientReference !== undefined && clientReference.length > 200) throw invalid('client_reference_id must be at most 200 characters.', 'client_reference_id');
  return { successUrl, cancelUrl, customerId, customerEmail, customerCreation, clientReference };
}

/** The lines of `line_items[]`: active prices of one currency that fit the mode. */
function checkoutLineItems(engine: StripeEngine, params: Params, mode: Mode): { lineItems: LineItem[]; currency: string } {
  const lineParams = list(params, 'line_items');
  if (!lineParams || lineParams.length === 0) throw invalid('line_items is required in `payment` and `subscription` mode.', 'line_items', 'parameter_missing');
  let currency: string | undefined;
  let hasRecurring = false;
  const lineItems = lineParams.map((entry, index) => {
    const label = `line_items[${index}]`;
    if (typeof entry !== 'object' || Array.isArray(entry)) throw invalid('Invalid hash', label);
    allowOnly(entry, ['price', 'quantity', 'adjustable_quantity']);
    const priceId = requiredStr(entry, 'price', `${label}[price]`);
    const price = engine.get(priceId, 'price', 'price', `${label}[price]`);
    if (price['active'] !== true) throw invalid(`The price specified is inactive. This field only accepts active prices.`, `${label}[price]`);
    const quantity = int(entry, 'quantity', `${label}[quantity]`) ?? 1;
    if (quantity < 1) throw invalid('Quantity must be at least 1.', `${label}[quantity]`);
    if (price['type'] === 'recurring') hasRecurring = true;
    if (currency && price['currency'] !== currency) throw invalid('All prices must use the same currency.', `${label}[price]`);
    currency = price['currency'] as string;
    return lineItemOf(engine, price, quantity);
  });
  if (mode === 'payment' && hasRecurring) {
    throw invalid('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', 'line_items');
  }
  if (mode === 'subscription' && !hasRecurring) {
    throw invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
  }
  return { lineItems, currency: currency! };
}

/** One line of a session, as `expand[]=line_items` answers it. */
function lineItemOf(engine: StripeEngine, price: StripeObject, quantity: number) {
  const amount = (price['unit_amount'] as number) * quantity;
  const product = engine.state.objects[price['product'] as string];
  return {
    id: newId('li'),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price['currency'] as string,
    description: (product?.['name'] as string | undefined) ?? null,
    metadata: {},
    price: { ...price },
    quantity,
  };
}

/** What the session passes on to the subscription, payment or invoice its payment creates. */
function checkoutExtras(params: Params, mode: Mode): { subscriptionData: Params | undefined; paymentIntentData: Params | undefined; invoiceCreation: Params | undefined } {
  const subscriptionData = hash(params, 'subscription_data');
  if (subscriptionData && mode !== 'subscription') throw invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
  if (subscriptionData) allowOnly(subscriptionData, ['metadata', 'description']);
  const paymentIntentData = hash(params, 'payment_intent_data');
  if (paymentIntentData && mode !== 'payment') throw invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
  if (paymentIntentData) allowOnly(paymentIntentData, ['metadata', 'description', 'receipt_email']);
  const invoiceCreation = hash(params, 'invoice_creation');
  if (invoiceCreation && mode !== 'payment') throw invalid('`invoice_creation` can only be used in `payment` mode.', 'invoice_creation');
  return { subscriptionData, paymentIntentData, invoiceCreation };
}

/** A new open session, its fields in Stripe's order. */
function sessionObject(
  engine: StripeEngine,
  id: string,
  params: Params,
  mode: Mode,
  payer: Payer,
  extra: { amount: number; currency: string; now: number; expiresAt: number; invoiceCreation: Params | undefined },
): StripeObject {
  return {
    id,
    object: 'checkout.session',
    ...nulls('adaptive_pricing', 'after_expiration', 'allow_promotion_codes', 'allowed_payment_method_types', 'billing_address_collection', 'client_secret', 'collected_information', 'consent', 'consent_collection',
      'currency_conversion', 'customer_account', 'discounts', 'integration_identifier', 'managed_payments', 'origin_context', 'payment_link', 'payment_method_configuration_details', 'payment_method_options',
      'permissions', 'recovered_from', 'saved_payment_method_options', 'setup_intent', 'shipping_address_collection', 'shipping_cost', 'submit_type', 'wallet_options'),
    amount_subtotal: extra.amount,
    amount_total: extra.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    cancel_url: payer.cancelUrl ?? null,
    client_reference_id: payer.clientReference ?? null,
    created: extra.now,
    currency: extra.currency,
    customer: payer.customerId ?? null,
    customer_creation: mode === 'payment' ? (payer.customerCreation ?? 'if_required') : null,
    customer_details: null,
    customer_email: payer.customerEmail ?? null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    expires_at: extra.expiresAt,
    invoice: null,
    invoice_creation: mode === 'payment' ? { enabled: bool(extra.invoiceCreation ?? {}, 'enabled', 'invoice_creation[enabled]') ?? false, invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: {}, rendering_options: null } } : null,
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
    success_url: payer.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${engine.baseUrl()}/checkout/${id}`,
  };
}

/** Marks an open session whose time is up as expired. */
export function expireIfDue(engine: StripeEngine, session: StripeObject): void {
  if (session['status'] === 'open' && engine.nowFor(session['customer'] as string | null) > (session['expires_at'] as number)) {
    session['status'] = 'expired';
    session['url'] = null;
    engine.emit('checkout.session.expired', session);
  }
}

/** Expires an open session (`checkout.sessions.expire`); any other status is refused. */
export function expireCheckoutSession(engine: StripeEngine, id: string): StripeObject {
  const session = engine.get(id, 'checkout.session', 'checkout.session');
  if (session['status'] !== 'open') throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session['status'])}".`, undefined, 'checkout_session_not_open');
  session['status'] = 'expired';
  session['url'] = null;
  engine.emit('checkout.session.expired', session);
  return session;
}

/**
 * Pays an open session with a card number, as the hosted page does. A refused card leaves the
 * session open and answers the card's error; success completes it.
 */
export function payCheckoutSession(engine: StripeEngine, id: string, card: string, email?: string): CardError | undefined {
  const session = engine.get(id, 'checkout.session', 'checkout.session');
  expireIfDue(engine, session);
  if (session['status'] !== 'open') {
    throw invalid(`This Checkout Session is no longer active (status: ${String(session['status'])}).`, undefined, 'checkout_session_not_open');
  }
  const error = cardError(card);
  if (error) return error;
  const mode = session['mode'] as string;
  const lineItems = engine.state.lineItems[id] ?? [];
  const extra = engine.state.sessionData[id] ?? { subscription_metadata: {}, payment_intent_metadata: {} };

  let customerId = session['customer'] as string | null;
  const payerEmail = email || (session['customer_email'] as string | null) || null;
  if (!customerId && (mode === 'subscription' || session['customer_creation'] === 'always')) {
    customerId = createCustomer(engine, payerEmail ? { email: payerEmail } : {}).id;
  }
  if (customerId) engine.state.cards[customerId] = normaliseCard(card);
  const now = engine.nowFor(customerId);
  const customer = customerId ? engine.state.objects[customerId] : undefined;
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
    const subscription = createSubscription(engine, customerId!, lineItems, extra.subscription_metadata, now);
    const invoice = createInvoice(engine, customerId!, subscription, lineItems, now, { start: now, end: periodEnd(subscription) }, { start: now, end: now }, 'subscription_create');
    const paid = payInvoice(engine, invoice, card, now);
    if (paid) throw new Error('a test card that passed the check failed to pay');
    subscription['latest_invoice'] = invoice.id;
    engine.emit('customer.subscription.created', subscription);
    engine.emit('invoice.paid', invoice);
    engine.emit('invoice.payment_succeeded', invoice);
    session['subscription'] = subscription.id;
    session['invoice'] = invoice.id;
  } else {
    const amount = session['amount_total'] as number;
    const { intent } = chargeCard(engine, customerId, amount, session['currency'] as string, card, now, extra.payment_intent_metadata, null);
    session['payment_intent'] = intent.id;
    if ((session['invoice_creation'] as { enabled: boolean } | null)?.enabled && customerId) {
      const invoice = createInvoice(engine, customerId, null, lineItems, now, { start: now, end: now }, { start: now, end: now }, 'manual');
      markInvoicePaid(invoice, intent, now);
      session['invoice'] = invoice.id;
      engine.emit('invoice.paid', invoice);
    }
  }
  session['customer'] = customerId;
  session['status'] = 'complete';
  session['payment_status'] = 'paid';
  session['url'] = null;
  engine.emit('checkout.session.completed', session);
  return undefined;
}

/** The success URL with `{CHECKOUT_SESSION_ID}` filled in. */
export function successUrlFor(session: StripeObject): string {
  return (session['success_url'] as string).replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}