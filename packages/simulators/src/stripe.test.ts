import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { samplePlans } from '../../../apps/api/src/db/sample/sample-catalog.ts';
import { closeHttpServer, listen } from './http-helpers.ts';
import {
  SIM_ANNUAL_ONE_TIME_PRICE_ID,
  SIM_ANNUAL_PRODUCT_ID,
  SIM_ANNUAL_RECURRING_PRICE_ID,
  startStripeSimulator,
  type StripeSimulator,
} from './stripe.ts';
import { checkStripeShapes, type ShapeSample } from './stripe/type-check.ts';

const SECRET = 'whsec_test_secret';
const YEAR = 365 * 24 * 3600;

/** A webhook endpoint that records what it gets; `answers` holds status codes to give first. */
interface Receiver {
  url: string;
  received: { body: string; signature: string; at: number }[];
  answers: number[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Receiver['received'] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']), at: Date.now() });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  const port = await listen(server, 0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}/api/stripe/webhook/`, received, answers, close: () => closeHttpServer(server) };
}

function client(sim: StripeSimulator, key = 'sk_test_123'): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: sim.port, protocol: 'http', maxNetworkRetries: 0 });
}

async function control(sim: StripeSimulator, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${sim.url}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('Stripe simulator', () => {
  let receiver: Receiver;
  let sim: StripeSimulator;
  let stripe: Stripe;

  /** Events the receiver got, verified with the SDK exactly as the app will verify them. */
  const events = (): Stripe.Event[] => receiver.received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, SECRET));

  /** Every successful API answer of this suite, checked against Stripe's types by the last test. */
  const answers: ShapeSample[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    sim = await startStripeSimulator({
      webhookUrl: receiver.url,
      webhookSecret: SECRET,
      webhookRetryDelaysMs: [30, 60],
      onApiResponse: ({ method, path, status, body }) => {
        if (status < 400) answers.push({ source: `${method} ${path}`, body });
      },
    });
    stripe = client(sim);
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });
  afterEach(async () => {
    await sim.settled();
  });

  async function subscriptionCheckout(customer: string, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Promise<Stripe.Checkout.Session> {
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: 'user-42',
      line_items: [{ price: SIM_ANNUAL_RECURRING_PRICE_ID, quantity: 1 }],
      success_url: 'http://app.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/payment/cancel',
      metadata: { plan: 'annual' },
      ...extra,
    });
  }

  it('creates, retrieves and updates customers in Stripe shape', async () => {
    const created = await stripe.customers.create({ email: 'a@example.com', name: 'Ann', metadata: { userId: '7' } });
    expect(created).toMatchObject({ object: 'customer', email: 'a@example.com', livemode: false, metadata: { userId: '7' } });
    expect(created.id).toMatch(/^cus_/);
    expect(typeof created.created).toBe('number');
    const updated = await stripe.customers.update(created.id, { name: 'Ann B', metadata: { userId: '', plan: 'x' } });
    expect(updated).toMatchObject({ name: 'Ann B', metadata: { plan: 'x' } });
    expect((await stripe.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({ name: 'Ann B', metadata: { plan: 'x' } });
    // The app's update after an email or name change: both fields, one customer.updated event naming the old values.
    expect(await stripe.customers.update(created.id, { email: 'ann.new@example.com', name: 'Ann Brown' })).toMatchObject({ email: 'ann.new@example.com', name: 'Ann Brown' });
    await sim.settled();
    const updates = events().filter((e) => e.type === 'customer.updated' && (e.data.object as Stripe.Customer).id === created.id);
    expect(updates.at(-1)?.data.previous_attributes).toEqual({ email: 'a@example.com', name: 'Ann B' });
  });

  it('answers a 500 that a test asks for, keeps it for the idempotency key like Stripe, and changes nothing', async () => {
    const customer = await stripe.customers.create({ email: 'fault@example.com', name: 'Before' });
    const path = `/v1/customers/${customer.id}`;
    expect((await control(sim, '/__sim/faults', { path: 'customers' })).status).toBe(400);
    expect((await control(sim, '/__sim/faults', { method: 'POST', path, times: 1 })).json).toEqual({ method: 'POST', path, times: 1 });
    const failed = await stripe.customers.update(customer.id, { name: 'After' }, { idempotencyKey: 'fault-1' }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(failed).toMatchObject({ statusCode: 500, type: 'StripeAPIError', message: 'An unknown error occurred' });
    expect((failed as Stripe.errors.StripeError).headers?.['stripe-should-retry']).toBe('false');
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ name: 'Before' });
    // The same key gets the same 500 again (docs.stripe.com/idempotency); a new key runs.
    expect(await stripe.customers.update(customer.id, { name: 'After' }, { idempotencyKey: 'fault-1' }).catch((e: unknown) => e)).toMatchObject({ statusCode: 500 });
    expect(await stripe.customers.update(customer.id, { name: 'After' }, { idempotencyKey: 'fault-2' })).toMatchObject({ name: 'After' });
  });

  it('creates products and prices; a lookup key moves to a new price only with transfer_lookup_key; amounts never change', async () => {
    const product = await stripe.products.create({ id: 'prod_sim_crew', name: 'Crew', description: 'For crews', metadata: { plan_slug: 'crew' } });
    expect(product).toMatchObject({ object: 'product', id: 'prod_sim_crew', name: 'Crew', active: true });
    const duplicate = await stripe.products.create({ id: 'prod_sim_crew', name: 'Again' }).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ statusCode: 400, code: 'resource_already_exists' });
    expect(await stripe.products.update(product.id, { name: 'Crew plan', active: false })).toMatchObject({ name: 'Crew plan', active: false, description: 'For crews' });

    const first = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 9000, recurring: { interval: 'year' }, lookup_key: 'crew_yearly' });
    expect(first).toMatchObject({ type: 'recurring', unit_amount: 9000, lookup_key: 'crew_yearly', active: true });
    expect(first.recurring?.interval).toBe('year');
    const clash = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 9500, recurring: { interval: 'year' }, lookup_key: 'crew_yearly' }).catch((e: unknown) => e);
    expect(clash).toMatchObject({ statusCode: 400, param: 'lookup_key' });
    const second = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 9500, recurring: { interval: 'year' }, lookup_key: 'crew_yearly', transfer_lookup_key: true });
    expect(await stripe.prices.retrieve(first.id)).toMatchObject({ lookup_key: null, unit_amount: 9000 });
    expect((await stripe.prices.list({ lookup_keys: ['crew_yearly'] })).data.map((price) => price.id)).toEqual([second.id]);
    expect(await stripe.prices.update(first.id, { active: false })).toMatchObject({ active: false });
    const amount = await stripe.prices.update(second.id, { unit_amount: 1 } as Stripe.PriceUpdateParams).catch((e: unknown) => e);
    expect(amount).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
    const oneTime = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 9500 });
    expect(oneTime).toMatchObject({ type: 'one_time', recurring: null });
  });

  it('answers errors in Stripe shape with Stripe status codes', async () => {
    const missing = await stripe.customers.retrieve('cus_nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });

    const unknown = await stripe.customers.create({ colour: 'red' } as Stripe.CustomerCreateParams).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour' });

    const live = await client(sim, 'sk_live_abcdefghijkl').customers.create({}).catch((e: unknown) => e);
    expect(live).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(live).toMatchObject({ statusCode: 401 });

    const raw = await fetch(`${sim.url}/v1/customers`, { method: 'POST', headers: { authorization: 'Bearer sk_test_1', 'content-type': 'application/x-www-form-urlencoded' }, body: 'test_clock=clock_missing' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'resource_missing', param: 'test_clock', message: "No such test clock: 'clock_missing'" } });
  });

  it('reads form bodies with bracketed keys and `expand[]` query lists', async () => {
    const headers = { authorization: 'Bearer sk_test_raw', 'content-type': 'application/x-www-form-urlencoded' };
    const body = [
      'mode=payment',
      `line_items[0][price]=${SIM_ANNUAL_ONE_TIME_PRICE_ID}`,
      'line_items[0][quantity]=2',
      'metadata[user_id]=17',
      'metadata[plan]=annual',
      `success_url=${encodeURIComponent('http://app.test/s?id={CHECKOUT_SESSION_ID}')}`,
    ].join('&');
    const created = await fetch(`${sim.url}/v1/checkout/sessions`, { method: 'POST', headers, body: body.replaceAll('[', '%5B').replaceAll(']', '%5D') });
    expect(created.status).toBe(200);
    expect(created.headers.get('stripe-version')).toBeTruthy();
    const session = (await created.json()) as { id: string; amount_total: number; metadata: Record<string, string> };
    expect(session).toMatchObject({ amount_total: 84_000, metadata: { user_id: '17', plan: 'annual' } });
    const read = await fetch(`${sim.url}/v1/checkout/sessions/${session.id}?expand[]=line_items`, { headers });
    expect(await read.json()).toMatchObject({ line_items: { object: 'list', data: [{ quantity: 2, price: { id: SIM_ANNUAL_ONE_TIME_PRICE_ID } }] } });
    const badExpand = await fetch(`${sim.url}/v1/checkout/sessions/${session.id}?expand[]=nothing_here`, { headers });
    expect(badExpand.status).toBe(400);

    const replay = (): Promise<Response> => fetch(`${sim.url}/v1/customers`, { method: 'POST', headers: { ...headers, 'idempotency-key': 'raw-1' }, body: 'email=r%40example.com' });
    const one = await replay();
    const two = await replay();
    expect(two.headers.get('idempotent-replayed')).toBe('true');
    expect(((await two.json()) as { id: string }).id).toBe(((await one.json()) as { id: string }).id);
  });

  it('honours idempotency keys: same body gives the same answer, a different body is refused', async () => {
    const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    const list = await stripe.customers.list({ email: 'idem@example.com' });
    expect(list.data).toHaveLength(1);
    const other = await stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('seeds the annual plan with the amounts of the app’s seeded plan', async () => {
    const annual = samplePlans.find((plan) => plan.slug === 'annual')!;
    const recurring = await stripe.prices.retrieve(SIM_ANNUAL_RECURRING_PRICE_ID);
    const once = await stripe.prices.retrieve(SIM_ANNUAL_ONE_TIME_PRICE_ID);
    expect(recurring).toMatchObject({ unit_amount: annual.priceCents, type: 'recurring', recurring: { interval: 'year', interval_count: 1 }, product: SIM_ANNUAL_PRODUCT_ID });
    expect(once).toMatchObject({ unit_amount: annual.priceCents, type: 'one_time', recurring: null });
    expect((await stripe.products.retrieve(SIM_ANNUAL_PRODUCT_ID)).name).toBe(annual.name);
    expect((await stripe.prices.list({ product: SIM_ANNUAL_PRODUCT_ID })).data.map((p) => p.id).sort()).toEqual([SIM_ANNUAL_ONE_TIME_PRICE_ID, SIM_ANNUAL_RECURRING_PRICE_ID].sort());
  });

  it('lists a customer\'s sessions by status, expires only an open one, and lets a payment in flight win over the expiry', async () => {
    const customer = await stripe.customers.create({ email: 'tabs@example.com' });
    const [first, second, third] = [await subscriptionCheckout(customer.id), await subscriptionCheckout(customer.id), await subscriptionCheckout(customer.id)];
    const open = await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' });
    expect(open.data.map((s) => s.id).sort()).toEqual([first.id, second.id, third.id].sort());
    await expect(stripe.checkout.sessions.list({ customer: customer.id, status: 'paid' as 'open' })).rejects.toMatchObject({ statusCode: 400, param: 'status' });

    const expired = await stripe.checkout.sessions.expire(first.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await expect(stripe.checkout.sessions.expire(first.id)).rejects.toMatchObject({ statusCode: 400, code: 'checkout_session_not_open' });
    expect((await control(sim, `/__sim/checkout/sessions/${first.id}/pay`, { card: '4242424242424242' })).status).toBe(400);

    // Paid on the page while the expiry is on its way: the payment completes first, the expiry is refused.
    expect((await control(sim, `/__sim/checkout/sessions/${second.id}/pay`, { card: '4242424242424242', when: 'expire' })).status).toBe(202);
    expect((await stripe.checkout.sessions.retrieve(second.id)).status).toBe('open');
    await expect(stripe.checkout.sessions.expire(second.id)).rejects.toMatchObject({ statusCode: 400, code: 'checkout_session_not_open' });
    expect(await stripe.checkout.sessions.retrieve(second.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });

    expect((await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' })).data.map((s) => s.id)).toEqual([third.id]);
    expect((await stripe.checkout.sessions.list({ customer: customer.id, status: 'expired' })).data.map((s) => s.id)).toEqual([first.id]);
    expect((await stripe.checkout.sessions.list({ customer: customer.id, status: 'complete' })).data.map((s) => s.id)).toEqual([second.id]);
  });

  it('refuses a checkout whose mode does not match its price', async () => {
    const error = await stripe.checkout.sessions
      .create({ mode: 'payment', line_items: [{ price: SIM_ANNUAL_RECURRING_PRICE_ID, quantity: 1 }], success_url: 'http://app.test/s' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    const noPrice = await stripe.checkout.sessions
      .create({ mode: 'subscription', line_items: [{ price: 'price_nope', quantity: 1 }], success_url: 'http://app.test/s' })
      .catch((e: unknown) => e);
    expect(noPrice).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' });
  });

  it('completes a subscription checkout through the control and expands what it created', async () => {
    const customer = await stripe.customers.create({ email: 'sub@example.com' });
    const session = await subscriptionCheckout(customer.id, { subscription_data: { metadata: { user_id: '42' } } });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', amount_total: 42_000, client_reference_id: 'user-42', metadata: { plan: 'annual' } });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${sim.url}/checkout/${session.id}`);

    const paid = await control(sim, `/__sim/checkout/sessions/${session.id}/pay`, { card: '4242424242424242' });
    expect(paid.status).toBe(200);
    expect(paid.json['redirect_url']).toBe(`http://app.test/payment/success?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'line_items', 'invoice'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', cancel_at_period_end: false, customer: customer.id, metadata: { user_id: '42' } });
    const item = subscription.items.data[0]!;
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(YEAR);
    expect(done.line_items!.data[0]).toMatchObject({ quantity: 1, amount_total: 42_000, price: { id: SIM_ANNUAL_RECURRING_PRICE_ID } });
    expect(done.invoice).toMatchObject({
      status: 'paid',
      amount_paid: 42_000,
      billing_reason: 'subscription_create',
      lines: { data: [{ period: { start: item.current_period_start, end: item.current_period_end } }] },
    });
    const invoicePage = await fetch((done.invoice as Stripe.Invoice).hosted_invoice_url!);
    expect(invoicePage.status).toBe(200);
    expect(await invoicePage.text()).toMatch(/\$420\.00[\s\S]*status <strong>paid/);

    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data).toHaveLength(1);
    const again = await control(sim, `/__sim/checkout/sessions/${session.id}/pay`, { card: '4242424242424242' });
    expect(again.status).toBe(400);

    await sim.settled();
    const types = events().filter((e) => (e.data.object as { customer?: unknown }).customer === customer.id).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']));
  });

  it('pays on the hosted page: a decline is shown, a retry pays and redirects', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: SIM_ANNUAL_ONE_TIME_PRICE_ID, quantity: 1 }],
      success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/cancel?x="><script>alert(1)</script>',
      customer_email: '"><img src=x onerror=alert(1)>@example.com',
      customer_creation: 'always',
    });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Annual plan');
    expect(page).toContain('$420.00');
    expect(page).toContain(`<form method="post" action="/checkout/${session.id}">`);
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');

    // Post the form the way a browser does: to its action, with its fields.
    const action = new URL(/<form method="post" action="([^"]+)">/.exec(page)![1]!, session.url!).href;
    const post = (card: string): Promise<Response> =>
      fetch(action, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card, email: 'buyer@example.com' }) });
    const declined = await post('4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    const declinedPage = await declined.text();
    expect(declinedPage).toContain('Your card was declined.');
    expect(declinedPage).toContain('href="http://app.test/cancel?x=%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const ok = await post('4242 4242 4242 4242');
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`http://app.test/ok?session_id=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: 'succeeded', amount: 42_000 });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ paid: true, amount: 42_000, payment_method_details: { card: { last4: '4242' } } });

    const refund = await stripe.refunds.create({ payment_intent: intent.id, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ object: 'refund', status: 'succeeded', amount: 42_000, charge: charge.id });
    expect(await stripe.charges.retrieve(charge.id)).toMatchObject({ refunded: true, amount_refunded: 42_000 });
    const twice = await stripe.refunds.create({ charge: charge.id }).catch((e: unknown) => e);
    expect(twice).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    await sim.settled();
    expect(events().some((e) => e.type === 'charge.refunded' && (e.data.object as Stripe.Charge).id === charge.id)).toBe(true);
  });

  it('reports insufficient funds through the control', async () => {
    const customer = await stripe.customers.create({});
    const session = await subscriptionCheckout(customer.id);
    const result = await control(sim, `/__sim/checkout/sessions/${session.id}/pay`, { card: '4000000000009995' });
    expect(result.status).toBe(402);
    expect(result.json).toMatchObject({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } });
  });

  it('puts an existing customer on a test clock before its first subscription, and lists prices by lookup key', async () => {
    const frozen = Math.floor(Date.UTC(2031, 5, 1) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozen });
    const customer = await stripe.customers.create({ email: 'later@example.com' });
    expect((await control(sim, `/__sim/customers/${customer.id}/test_clock`, { test_clock: 'clock_nope' })).status).toBe(400);
    expect((await control(sim, `/__sim/customers/${customer.id}/test_clock`, { test_clock: clock.id })).status).toBe(200);
    const session = await subscriptionCheckout(customer.id);
    await control(sim, `/__sim/checkout/sessions/${session.id}/pay`, { card: '4242424242424242' });
    const subscription = await stripe.subscriptions.retrieve((await stripe.checkout.sessions.retrieve(session.id)).subscription as string);
    expect(subscription.items.data[0]!.current_period_start).toBe(frozen);
    expect((await control(sim, `/__sim/customers/${customer.id}/test_clock`, { test_clock: clock.id })).status).toBe(400);

    const prices = await stripe.prices.list({ lookup_keys: ['annual_one_time'] });
    expect(prices.data.map((p) => p.id)).toEqual([SIM_ANNUAL_ONE_TIME_PRICE_ID]);
  });

  it('sets and clears cancel at period end, and cancels at once', async () => {
    const customer = await stripe.customers.create({});
    const session = await subscriptionCheckout(customer.id);
    await control(sim, `/__sim/checkout/sessions/${session.id}/pay`, { card: '4242424242424242' });
    const id = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const ending = await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    expect(ending).toMatchObject({ cancel_at_period_end: true, status: 'active', cancel_at: ending.items.data[0]!.current_period_end });
    expect((await stripe.subscriptions.update(id, { cancel_at_period_end: false })).cancel_at_period_end).toBe(false);
    const canceled = await stripe.subscriptions.cancel(id);
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } });
    expect(canceled.ended_at).toBeTypeOf('number');
    expect(await stripe.subscriptions.cancel(id).catch((e: unknown) => e)).toMatchObject({ statusCode: 400 });
    expect(await stripe.subscriptions.update(id, { cancel_at_period_end: true }).catch((e: unknown) => e)).toMatchObject({ statusCode: 400 });
    await sim.settled();
    const mine = events().filter((e) => e.type.startsWith('customer.subscription.') && (e.data.object as Stripe.Subscription).id === id).map((e) => e.type);
    expect(mine).toEqual(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.updated', 'customer.subscription.deleted']);
  });

  it('renews, fails to renew and ends subscriptions as a test clock advances', async () => {
    const start = Math.floor(Date.UTC(2030, 0, 15) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
    const make = async (): Promise<{ customer: string; subscription: string }> => {
      const customer = await stripe.customers.create({ test_clock: clock.id });
      const session = await subscriptionCheckout(customer.id);
      await control(sim, `/__sim/checkout/sessions/${session.id}/pay`, { card: '4242424242424242' });
      return { customer: customer.id, subscription: (await stripe.checkout.sessions.retrieve(session.id)).subscription as string };
    };
    const renewing = await make();
    const failing = await make();
    const lost = await make();
    const ending = await make();
    expect((await stripe.subscriptions.retrieve(renewing.subscription)).items.data[0]!.current_period_start).toBe(start);
    await control(sim, `/__sim/customers/${failing.customer}/card`, { card: '4000000000000341' });
    await control(sim, `/__sim/customers/${lost.customer}/card`, { card: '4000000000000341' });
    await stripe.subscriptions.update(ending.subscription, { cancel_at_period_end: true });

    const advanced = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + YEAR + 3600 });
    expect(advanced).toMatchObject({ status: 'ready', frozen_time: start + YEAR + 3600 });

    const renewed = await stripe.subscriptions.retrieve(renewing.subscription, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(Math.floor(Date.UTC(2031, 0, 15) / 1000));
    expect(renewed.items.data[0]!.current_period_end).toBe(Math.floor(Date.UTC(2032, 0, 15) / 1000));
    expect(renewed.latest_invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 42_000,
      // Stripe's invoice period is the one just ended; the new period is on the lines.
      period_start: start,
      period_end: Math.floor(Date.UTC(2031, 0, 15) / 1000),
      lines: { data: [{ period: { start: Math.floor(Date.UTC(2031, 0, 15) / 1000), end: Math.floor(Date.UTC(2032, 0, 15) / 1000) } }] },
    });
    expect((await stripe.invoices.list({ subscription: renewing.subscription })).data).toHaveLength(2);
    // The renewal's payment, as a refund of it would find it.
    const [payment] = (await stripe.invoicePayments.list({ invoice: (renewed.latest_invoice as Stripe.Invoice).id })).data;
    const renewalIntent = await stripe.paymentIntents.retrieve(payment!.payment.payment_intent as string);
    expect(renewalIntent).toMatchObject({ status: 'succeeded', amount: 42_000, created: Math.floor(Date.UTC(2031, 0, 15) / 1000) });

    const pastDue = await stripe.subscriptions.retrieve(failing.subscription, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.latest_invoice).toMatchObject({ status: 'open', attempt_count: 1 });

    expect(await stripe.subscriptions.retrieve(ending.subscription)).toMatchObject({ status: 'canceled', ended_at: Math.floor(Date.UTC(2031, 0, 15) / 1000) });

    // The failing customer fixes the card before the retry 3 days later; the other never does.
    await control(sim, `/__sim/customers/${failing.customer}/card`, { card: '4242424242424242' });
    const renewal = Math.floor(Date.UTC(2031, 0, 15) / 1000);
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: renewal + 4 * 24 * 3600 });
    const recovered = await stripe.subscriptions.retrieve(failing.subscription, { expand: ['latest_invoice'] });
    expect(recovered.status).toBe('active');
    expect(recovered.latest_invoice).toMatchObject({ status: 'paid', attempt_count: 2, status_transitions: { paid_at: renewal + 3 * 24 * 3600 } });
    expect((await stripe.subscriptions.retrieve(lost.subscription)).status).toBe('past_due');
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: renewal + 8 * 24 * 3600 });
    expect(await stripe.subscriptions.retrieve(lost.subscription, { expand: ['latest_invoice'] })).toMatchObject({
      status: 'canceled',
      ended_at: renewal + 7 * 24 * 3600,
      cancellation_details: { reason: 'payment_failed' },
      latest_invoice: { status: 'open', attempt_count: 4, next_payment_attempt: null },
    });

    const backwards = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start }).catch((e: unknown) => e);
    expect(backwards).toMatchObject({ statusCode: 400, param: 'frozen_time' });

    await sim.settled();
    const about = (id: string): string[] => events().filter((e) => {
      const object = e.data.object as { id: string; parent?: { subscription_details?: { subscription?: string } } };
      return object.id === id || object.parent?.subscription_details?.subscription === id;
    }).map((e) => e.type);
    expect(about(renewing.subscription).filter((t) => t === 'invoice.paid')).toHaveLength(2);
    // The renewal notice comes 7 days before the renewal, and not for a subscription that ends.
    expect(about(renewing.subscription).slice(-4)).toEqual(['invoice.upcoming', 'invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']);
    const notice = events().find((e) => e.type === 'invoice.upcoming' && about(renewing.subscription).length > 0 && (e.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === renewing.subscription)!;
    expect(notice.created).toBe(Math.floor(Date.UTC(2031, 0, 8) / 1000));
    expect(about(ending.subscription)).not.toContain('invoice.upcoming');
    expect(about(failing.subscription)).toContain('invoice.payment_failed');
    expect(about(failing.subscription).slice(-3)).toEqual(['invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']);
    expect(about(lost.subscription).filter((t) => t === 'invoice.payment_failed')).toHaveLength(4);
    expect(about(lost.subscription).at(-1)).toBe('customer.subscription.deleted');
    expect(about(ending.subscription)).toContain('customer.subscription.deleted');
  });

  it('opens a billing portal where renewal can be turned off and on again', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.com' });
    const session = await subscriptionCheckout(customer.id);
    await control(sim, `/__sim/checkout/sessions/${session.id}/pay`, {});
    const subscription = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app.test/dashboard/subscriptions' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id });
    expect(portal.id).toMatch(/^bps_/);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Renews on');
    expect(page).toContain('href="http://app.test/dashboard/subscriptions"');
    const act = (action: string): Promise<Response> =>
      fetch(`${sim.url}/billing_portal/${portal.id}/subscriptions/${subscription}`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ action }) });
    expect((await act('cancel')).status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subscription)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain('Ends on');
    await act('renew');
    expect((await stripe.subscriptions.retrieve(subscription)).cancel_at_period_end).toBe(false);

    // Another customer's portal cannot touch this subscription.
    const stranger = await stripe.billingPortal.sessions.create({ customer: (await stripe.customers.create({})).id });
    const foreign = await fetch(`${sim.url}/billing_portal/${stranger.id}/subscriptions/${subscription}`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ action: 'cancel' }) });
    expect(foreign.status).toBe(404);
    expect((await stripe.subscriptions.retrieve(subscription)).cancel_at_period_end).toBe(false);
  });

  it('retries a delivery answered 500, and can deliver twice and out of order', async () => {
    await sim.settled();
    receiver.answers.push(500);
    const before = receiver.received.length;
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    await sim.settled();
    const delivery = sim.deliveries().find((d) => d.type === 'customer.created' && d.eventId === receiver.received.slice(before).map((r) => JSON.parse(r.body) as { id: string; data: { object: { id: string } } }).find((e) => e.data.object.id === customer.id)?.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    // The retry waited the first configured delay (30 ms) after the 500.
    const tries = receiver.received.filter((r) => (JSON.parse(r.body) as { id: string }).id === delivery!.eventId);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(25);
    // Signed with the endpoint's secret: another secret does not verify, and the header is Stripe's.
    expect(tries[1]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(tries[1]!.body, tries[1]!.signature, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const listed = await control(sim, '/__sim/webhooks');
    expect((listed.json['deliveries'] as { id: string }[]).some((d) => d.id === delivery!.id)).toBe(true);

    const twice = await control(sim, `/__sim/webhooks/events/${delivery!.eventId}/deliver`, {});
    expect(twice.json).toMatchObject({ status: 'delivered', eventId: delivery!.eventId });
    expect(events().filter((e) => e.id === delivery!.eventId)).toHaveLength(3);

    await control(sim, '/__sim/webhooks/hold', {});
    const first = await stripe.customers.create({ name: 'first' });
    const second = await stripe.customers.create({ name: 'second' });
    const mark = receiver.received.length;
    const released = await control(sim, '/__sim/webhooks/release', { order: 'reverse' });
    expect((released.json['released'] as string[])).toHaveLength(2);
    const order = events().slice(mark).map((e) => (e.data.object as Stripe.Customer).id);
    expect(order).toEqual([second.id, first.id]);
  });

  it('gives up after the last retry and keeps the failure visible', async () => {
    await sim.settled();
    receiver.answers.push(503, 503, 503);
    const customer = await stripe.customers.create({ email: 'gone@example.com' });
    await sim.settled();
    const failed = sim.deliveries().filter((d) => d.status === 'failed');
    expect(failed.at(-1)).toMatchObject({ type: 'customer.created', attempts: 3, lastStatusCode: 503 });
    expect(customer.id).toMatch(/^cus_/);
  });

  it('refuses to archive a product\'s default price until the default moves or is cleared, as Stripe does', async () => {
    const product = await stripe.products.create({ name: 'Dashboard-made' });
    const price = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 1000 });
    await stripe.products.update(product.id, { default_price: price.id });
    const refused = await stripe.prices.update(price.id, { active: false }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', message: 'This price cannot be archived because it is the default price of its product.' });
    expect(await stripe.products.update(product.id, { default_price: '' })).toMatchObject({ default_price: null });
    expect(await stripe.prices.update(price.id, { active: false })).toMatchObject({ active: false });
  });

  it('keeps no idempotent result for a request that failed validation: a corrected retry with the same key runs', async () => {
    const key = 'validation-then-fixed';
    const bad = await stripe.customers.create({ email: 'v@example.com', colour: 'red' } as Stripe.CustomerCreateParams, { idempotencyKey: key }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
    const fixed = await stripe.customers.create({ email: 'v@example.com' }, { idempotencyKey: key });
    expect(fixed).toMatchObject({ object: 'customer', email: 'v@example.com' });
    // Once it ran, the key is bound to these parameters: a replay, and a refusal for others.
    expect((await stripe.customers.create({ email: 'v@example.com' }, { idempotencyKey: key })).id).toBe(fixed.id);
    const other = await stripe.customers.create({ email: 'w@example.com' }, { idempotencyKey: key }).catch((e: unknown) => e);
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    // An error of the endpoint itself (not of validation) is kept, as Stripe keeps it.
    const missing = await stripe.refunds.create({ charge: 'ch_missing' }, { idempotencyKey: 'refund-missing' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 400, code: 'resource_missing' });
  });

  it('gives a paid charge a receipt URL that the simulator serves, and lists refunds by payment intent', async () => {
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: SIM_ANNUAL_ONE_TIME_PRICE_ID, quantity: 1 }], success_url: 'http://app.test/ok', customer_creation: 'always', invoice_creation: { enabled: true } });
    expect((await control(sim, `/__sim/checkout/sessions/${session.id}/pay`, { card: '4242424242424242' })).status).toBe(200);
    const intent = await stripe.paymentIntents.retrieve((await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string, { expand: ['latest_charge'] });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge.receipt_url).toBe(`${sim.url}/receipts/${charge.id}`);
    const page = await fetch(charge.receipt_url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$420.00');
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data.map((r) => r.id)).toEqual([refund.id]);
    expect(await (await fetch(charge.receipt_url!)).text()).toContain('Refunded $420.00');
    expect((await stripe.invoicePayments.list({ invoice: (await stripe.checkout.sessions.retrieve(session.id)).invoice as string })).data).toHaveLength(1);
    expect((await stripe.events.list({ type: 'charge.refunded', limit: 1 })).data).toHaveLength(1);
  });

  // Last: every answer and event of the tests above, against the `stripe` package's types
  // (generated from Stripe's OpenAPI for the API version the package pins, STRIPE_API_VERSION).
  it('answered and sent only what Stripe\'s own type definitions allow', async () => {
    await sim.settled();
    const events = receiver.received.map((r, index) => ({ source: `webhook #${index}`, body: JSON.parse(r.body) as unknown }));
    expect(answers.length).toBeGreaterThan(80);
    expect(new Set(events.map((e) => (e.body as { type: string }).type)).size).toBeGreaterThan(15);
    expect(checkStripeShapes([...answers, ...events])).toEqual([]);
  }, 60_000);
});

describe('Stripe simulator persistence', () => {
  it('keeps its objects across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stripe-sim-'));
    try {
      const first = await startStripeSimulator({ dataDir });
      const stripe = client(first);
      const customer = await stripe.customers.create({ email: 'keep@example.com' });
      const session = await stripe.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: SIM_ANNUAL_RECURRING_PRICE_ID, quantity: 1 }], success_url: 'http://app.test/s' });
      await control(first, `/__sim/checkout/sessions/${session.id}/pay`, { card: '4242424242424242' });
      await first.close();

      const second = await startStripeSimulator({ dataDir });
      try {
        const again = client(second);
        expect(await again.customers.retrieve(customer.id)).toMatchObject({ email: 'keep@example.com' });
        const done = await again.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
        expect(done.status).toBe('complete');
        expect((done.subscription as Stripe.Subscription).status).toBe('active');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('carries on with a delivery still owed when it was stopped', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stripe-sim-'));
    const receiver = await startReceiver();
    try {
      receiver.answers.push(500);
      const options = { dataDir, webhookUrl: receiver.url, webhookSecret: SECRET, webhookRetryDelaysMs: [200] };
      const first = await startStripeSimulator(options);
      const customer = await client(first).customers.create({ email: 'owed@example.com' });
      await expect.poll(() => first.deliveries()[0]?.lastStatusCode).toBe(500);
      await first.close();
      expect(receiver.received).toHaveLength(1);

      const second = await startStripeSimulator(options);
      try {
        await second.settled();
        expect(second.deliveries()[0]).toMatchObject({ status: 'delivered', attempts: 2 });
        const event = client(second).webhooks.constructEvent(receiver.received[1]!.body, receiver.received[1]!.signature, SECRET);
        expect((event.data.object as Stripe.Customer).id).toBe(customer.id);
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
