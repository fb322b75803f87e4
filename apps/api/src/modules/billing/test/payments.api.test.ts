import { signWebhookPayload } from '@tradelist/simulators/stripe';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { reconcileStripeSubscriptions } from '../services/reconcile.ts';
import {
  advance,
  advancePastPeriodEnd,
  billingMails,
  buyer,
  DAY_SECONDS,
  downloadPaid,
  ONE_TIME_PRICE,
  pay,
  RECURRING_PRICE,
  settle,
  setUpPaymentsTest,
  simControl,
  startCheckout,
  subscribe,
  type Buyer,
  type PaymentsTest,
} from '../../../../test/support/stripe.ts';

let p: PaymentsTest;
setUpPaymentsTest((setup) => {
  p = setup;
});

const db = () => p.t.database.db;
const overview = async (b: Buyer) => {
  const response = await b.client.get('/api/subscription/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const rowsOf = (b: Buyer) => db().selectFrom('subscriptions').selectAll().where('user_id', '=', b.userId).execute();
const paymentsOf = (b: Buyer) => db().selectFrom('payments').selectAll().where('user_id', '=', b.userId).orderBy('id').execute();
const funnelOf = async (b: Buyer) => (await db().selectFrom('funnel_events').select('event').where('user_id', '=', b.userId).orderBy('id').execute()).map((r) => r.event);

describe('checkout', () => {
  test('the plans carry the Stripe prices they were linked to', async () => {
    const plans = (await p.t.client().get('/api/subscription-plans/')).json();
    expect(plans).toEqual([expect.objectContaining({ slug: 'annual', stripe_price_id_recurring: RECURRING_PRICE, stripe_price_id_one_time: ONE_TIME_PRICE })]);
  });

  test('tampered or mismatched prices: 400 with a field error, and nothing is created at Stripe or here', async () => {
    const b = await buyer(p, 'tamper');
    const before = (await p.stripe.checkout.sessions.list({ customer: b.customerId })).data.length;
    const cases = [
      { price_id: 'price_SomebodyElses', is_recurring: true },
      { price_id: ONE_TIME_PRICE, is_recurring: true },
      { price_id: RECURRING_PRICE, is_recurring: false },
      { price_id: 'prod_TradelistAnnual', is_recurring: true },
      { price_id: RECURRING_PRICE, is_recurring: 'yes' },
    ];
    for (const body of cases) {
      const response = await b.client.post('/api/create-checkout-session/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await b.client.post('/api/create-checkout-session/', cases[1])).json().fields).toEqual({
      price_id: ['This price is paid once and does not renew; turn auto-renew off to buy it.'],
    });
    expect((await p.stripe.checkout.sessions.list({ customer: b.customerId })).data).toHaveLength(before);
    expect(await funnelOf(b)).toEqual([]);
    const visitor = await p.t.client().post('/api/create-checkout-session/', { price_id: RECURRING_PRICE, is_recurring: true });
    expect(visitor.statusCode).toBe(401);
  });

  test('a checkout carries the user, reuses one Stripe customer, and points back at the payment-return pages', async () => {
    const b = await buyer(p, 'session-shape');
    const first = await startCheckout(b);
    const second = await startCheckout(b, false);
    const [a, c] = await Promise.all([p.stripe.checkout.sessions.retrieve(first), p.stripe.checkout.sessions.retrieve(second)]);
    expect(a).toMatchObject({ mode: 'subscription', customer: b.customerId, client_reference_id: String(b.userId), metadata: { user_id: String(b.userId) } });
    expect(a.success_url).toBe(`${p.t.config.appUrl}/dashboard/subscriptions/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(a.cancel_url).toBe(`${p.t.config.appUrl}/dashboard/subscriptions/cancel`);
    expect(c).toMatchObject({ mode: 'payment', customer: b.customerId, amount_total: 42_000 });
    expect(await funnelOf(b)).toEqual(['checkout_started', 'checkout_started']);
  });

  test('calls that reach Stripe are limited per user and hour', async () => {
    const b = await buyer(p, 'throttled');
    const limit = p.t.config.rateLimits.billingCallsPerUser.limit;
    for (let i = 0; i < limit; i++) await startCheckout(b);
    const refused = await b.client.post('/api/create-checkout-session/', { price_id: RECURRING_PRICE, is_recurring: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect((await b.client.post('/api/billing-portal-session/')).statusCode).toBe(429);
    // Reading the subscription never reaches Stripe and is not limited.
    expect((await b.client.get('/api/subscription/')).statusCode).toBe(200);
  });

  test('a user without a Stripe customer gets one, once', async () => {
    const b = await buyer(p, 'new-customer');
    await db().updateTable('users').set({ stripe_customer_id: null }).where('id', '=', b.userId).execute();
    await startCheckout(b);
    await startCheckout(b);
    const { stripe_customer_id } = await db().selectFrom('users').select('stripe_customer_id').where('id', '=', b.userId).executeTakeFirstOrThrow();
    expect(stripe_customer_id).toMatch(/^cus_/);
    const customer = await p.stripe.customers.retrieve(stripe_customer_id!);
    expect(customer).toMatchObject({ metadata: { user_id: String(b.userId) } });
  });
});

describe('paying: webhooks and the payment return', () => {
  test('a paid subscription checkout entitles the user through the webhook: one row, one payment, one receipt', async () => {
    const b = await buyer(p, 'webhook-path');
    expect((await downloadPaid(p, b)).statusCode).toBe(403);
    await subscribe(p, b);
    expect(await overview(b)).toMatchObject({
      status: true,
      subscription: { source: 'stripe_subscription', status: 'active', renews: true, downloads_used: 0, downloads_allowed: 5, can_cancel: true, can_manage_billing: true, refund_eligible: false },
    });
    const download = await downloadPaid(p, b);
    expect(download.statusCode, download.body).toBe(200);
    expect((await overview(b)).subscription.downloads_used).toBe(1);
    expect(await rowsOf(b)).toHaveLength(1);
    expect(await paymentsOf(b)).toMatchObject([{ kind: 'first', amount_cents: 42_000, currency: 'usd' }]);
    expect(await billingMails(p, b)).toEqual(['payment-receipt']);
    expect(await funnelOf(b)).toEqual(['checkout_started', 'payment_succeeded']);

    const again = await b.client.post('/api/create-checkout-session/', { price_id: ONE_TIME_PRICE, is_recurring: false });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_SUBSCRIBED', error: 'You already have an active subscription. You can manage it on the subscriptions page.' });
  });

  test('the payment return applies a paid checkout before its webhook; the late webhook then changes nothing', async () => {
    const b = await buyer(p, 'return-first');
    expect((await simControl(p.sim, '/__sim/webhooks/hold')).status).toBe(200);
    try {
      const sessionId = await startCheckout(b);
      const unpaid = await b.client.post('/api/confirm-checkout-session/', { session_id: sessionId });
      expect(unpaid.json()).toMatchObject({ paid: false, status: false, subscription: null });
      await pay(p, sessionId);
      const confirmed = await b.client.post('/api/confirm-checkout-session/', { session_id: sessionId });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ paid: true, status: true, subscription: { status: 'active' } });
      // Confirming twice (a reload of the page) changes nothing.
      expect((await b.client.post('/api/confirm-checkout-session/', { session_id: sessionId })).json()).toMatchObject({ paid: true });
      expect((await downloadPaid(p, b)).statusCode).toBe(200);

      const other = await buyer(p, 'return-other');
      const stolen = await other.client.post('/api/confirm-checkout-session/', { session_id: sessionId });
      expect(stolen.statusCode).toBe(404);
      expect((await other.client.post('/api/confirm-checkout-session/', { session_id: 'cs_test_doesnotexist' })).statusCode).toBe(404);
      expect((await overview(other)).status).toBe(false);
    } finally {
      await simControl(p.sim, '/__sim/webhooks/release', {});
    }
    await settle(p);
    expect(await rowsOf(b)).toHaveLength(1);
    expect(await paymentsOf(b)).toHaveLength(1);
    expect(await billingMails(p, b)).toEqual(['payment-receipt']);
  });

  test('a one-time purchase buys 12 months from the payment, with nothing to cancel', async () => {
    const b = await buyer(p, 'one-time');
    await subscribe(p, b, false);
    const [row] = await rowsOf(b);
    expect(row).toMatchObject({ source: 'one_time_payment', status: 'active', auto_renew: false });
    expect(row!.period_end.getTime() - row!.period_start.getTime()).toBeGreaterThanOrEqual(365 * DAY_SECONDS * 1000);
    expect(await paymentsOf(b)).toMatchObject([{ kind: 'one_time', amount_cents: 42_000 }]);
    expect(await overview(b)).toMatchObject({ status: true, subscription: { source: 'one_time_payment', renews: false, can_cancel: false } });
    const cancel = await b.client.post('/api/cancel-subscription/');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('NOTHING_TO_CANCEL');
    expect(cancel.json().error).toMatch(/^Your one-time purchase does not renew, so there is nothing to cancel\. It ends on /);
    const refund = await b.client.post('/api/request-refund/');
    expect(refund.statusCode).toBe(409);
    expect(refund.json()).toMatchObject({ code: 'REFUND_NOT_ALLOWED', error: 'Only an automatic renewal can be refunded; all other purchases are final.' });
    expect(await billingMails(p, b)).toEqual(['payment-receipt']);
  });

  test('a declined card leaves the user free', async () => {
    const b = await buyer(p, 'declined');
    const sessionId = await startCheckout(b);
    expect((await pay(p, sessionId, '4000000000000002')).status).toBe(402);
    await settle(p);
    expect((await b.client.post('/api/confirm-checkout-session/', { session_id: sessionId })).json()).toMatchObject({ paid: false, status: false });
    expect(await overview(b)).toEqual({ status: false, subscription: null });
    expect(await rowsOf(b)).toEqual([]);
  });
});

describe('receipts', () => {
  test("a one-time purchase's receipt mail links to the charge's receipt at Stripe, which opens", async () => {
    const b = await buyer(p, 'receipt-link');
    await subscribe(p, b, false);
    const [payment] = await paymentsOf(b);
    const charge = (await p.stripe.paymentIntents.retrieve(payment!.stripe_payment_intent_id!, { expand: ['latest_charge'] })).latest_charge as { receipt_url: string | null };
    expect(charge.receipt_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/receipts\/ch_/);
    expect(payment!.receipt_url).toBe(charge.receipt_url);
    const mail = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', b.email).where('kind', '=', 'payment-receipt').executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`Your invoice: ${charge.receipt_url}`);
    const page = await fetch(charge.receipt_url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$420.00');
  });
});

describe('the webhook endpoint', () => {
  const deliver = (body: string, signature: string | undefined) =>
    p.t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
      payload: body,
    });
  const eventBody = (id: string) =>
    JSON.stringify({ id, object: 'event', type: 'customer.created', created: Math.floor(Date.now() / 1000), data: { object: { id: 'cus_x', object: 'customer' } } });
  const stored = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM processed_provider_events`.execute(db())).rows[0]!.n);

  test('a missing, wrong or stale signature, or a changed body: 400, and nothing is stored', async () => {
    const before = await stored();
    const body = eventBody('evt_signature_probe');
    const cases: Array<[string, string, string | undefined]> = [
      ['missing', body, undefined],
      ['empty', body, ''],
      ['wrong secret', body, signWebhookPayload(body, 'whsec_not_ours')],
      ['stale (301 s)', body, signWebhookPayload(body, p.sim.webhookSecret, Math.floor(Date.now() / 1000) - 301)],
      ['body changed after signing', body.replace('"object":"event"', '"object": "event"'), signWebhookPayload(body, p.sim.webhookSecret)],
      ['garbage header', body, 't=abc,v1=zzz'],
    ];
    for (const [label, payload, signature] of cases) {
      const response = await deliver(payload, signature);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().code, label).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect(await stored()).toBe(before);
    const valid = await deliver(body, signWebhookPayload(body, p.sim.webhookSecret));
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toEqual({ received: true });
    expect(await stored()).toBe(before + 1);
  });

  test('a signed body that is not a Stripe event: 400 naming what is wrong, nothing recorded or queued', async () => {
    const jobs = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE queue = 'stripe-event'`.execute(db())).rows[0]!.n);
    const [storedBefore, jobsBefore] = [await stored(), await jobs()];
    const created = Math.floor(Date.now() / 1000);
    const cases: Array<[string, unknown, RegExp]> = [
      ['no id', { object: 'event', type: 'customer.created', created, data: { object: { id: 'cus_x', object: 'customer' } } }, /: id is missing\.$/],
      ['an array', [{ id: 'evt_in_array', object: 'event', type: 'customer.created', data: { object: { id: 'cus_x' } } }], /: the body must be an object\.$/],
      ['data: null', { id: 'evt_data_null', object: 'event', type: 'checkout.session.completed', created, data: null }, /: data must be an object\.$/],
      ['data.object: null', { id: 'evt_object_null', object: 'event', type: 'invoice.paid', created, data: { object: null } }, /: data\.object must be an object\.$/],
      ['a handled event without its object id', { id: 'evt_no_object_id', object: 'event', type: 'checkout.session.completed', created, data: { object: { object: 'checkout.session' } } }, /data\.object\.id is missing/],
      ['a number as id', { id: 42, object: 'event', type: 'customer.created', created, data: { object: { id: 'cus_x' } } }, /: id is missing\.$/],
      ['not an event', { id: 'cus_x', object: 'customer', type: 'customer.created', data: { object: {} } }, /: object must be "event"\.$/],
      ['a string', 'evt_just_a_string', /: the body must be an object\.$/],
    ];
    for (const [label, value, message] of cases) {
      const body = JSON.stringify(value);
      const response = await deliver(body, signWebhookPayload(body, p.sim.webhookSecret));
      expect(response.statusCode, label).toBe(400);
      expect(response.json().code, label).toBe('VALIDATION_FAILED');
      expect(response.json().error, label).toMatch(/^This is not a Stripe event: /);
      expect(response.json().error, label).toMatch(message);
    }
    expect(await stored()).toBe(storedBefore);
    expect(await jobs()).toBe(jobsBefore);
    // An upcoming invoice is a preview, without an id in older API versions: still an event.
    const upcoming = JSON.stringify({ id: 'evt_upcoming_no_id', object: 'event', type: 'invoice.upcoming', created, data: { object: { object: 'invoice', customer: 'cus_nobody', amount_due: 42_000 } } });
    expect((await deliver(upcoming, signWebhookPayload(upcoming, p.sim.webhookSecret))).statusCode).toBe(200);
    await settle(p);
    expect(await stored()).toBe(storedBefore + 1);
  });

  test('no session or XSRF token is needed, and a browser cookie grants nothing', async () => {
    const body = eventBody('evt_no_session');
    const response = await deliver(body, signWebhookPayload(body, p.sim.webhookSecret));
    expect(response.statusCode).toBe(200);
  });

  test('the same event delivered 5 times in a row and 20 at once: every answer 200, one effect', async () => {
    const b = await buyer(p, 'duplicates');
    await subscribe(p, b);
    const events = await p.stripe.events.list({ type: 'checkout.session.completed', limit: 100 });
    const event = events.data.find((e) => (e.data.object as { customer?: string }).customer === b.customerId)!;
    expect(event).toBeDefined();
    const body = JSON.stringify(event);
    const jobsBefore = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE queue = 'stripe-event'`.execute(db())).rows[0]!.n);
    for (let i = 0; i < 5; i++) expect((await deliver(body, signWebhookPayload(body, p.sim.webhookSecret))).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(body, signWebhookPayload(body, p.sim.webhookSecret))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    for (let i = 0; i < 3; i++) expect((await simControl(p.sim, `/__sim/webhooks/events/${event.id}/deliver`)).status).toBe(200);
    await settle(p);
    const jobsAfter = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE queue = 'stripe-event'`.execute(db())).rows[0]!.n);
    expect(jobsAfter).toBe(jobsBefore);
    const recorded = await db().selectFrom('processed_provider_events').selectAll().where('event_id', '=', event.id).execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.processed_at).not.toBeNull();
    expect(await rowsOf(b)).toHaveLength(1);
    expect(await paymentsOf(b)).toHaveLength(1);
    expect(await billingMails(p, b)).toEqual(['payment-receipt']);
  });

  test('events in reverse order (customer.subscription.updated before checkout.session.completed) end in Stripe’s state', async () => {
    const b = await buyer(p, 'reverse');
    await simControl(p.sim, '/__sim/webhooks/hold');
    const sessionId = await startCheckout(b);
    await pay(p, sessionId);
    await p.stripe.subscriptions.update((await p.stripe.checkout.sessions.retrieve(sessionId)).subscription as string, { cancel_at_period_end: true });
    const released = await simControl(p.sim, '/__sim/webhooks/release', { order: 'reverse' });
    expect((released.json['released'] as string[]).length).toBeGreaterThanOrEqual(4);
    // Each event's job runs as it arrives, newest first.
    await settle(p);
    const [row] = await rowsOf(b);
    expect(row).toMatchObject({ status: 'canceled', auto_renew: false, source: 'stripe_subscription' });
    expect(await overview(b)).toMatchObject({ status: true, subscription: { status: 'canceled', renews: false } });
    expect(await paymentsOf(b)).toHaveLength(1);
    expect(await billingMails(p, b)).toEqual(expect.arrayContaining(['payment-receipt', 'subscription-canceled']));
    expect((await billingMails(p, b)).length).toBe(2);
  });

  test('a crash after Stripe answered and before the commit: nothing half-done, and the retry makes one effect', async () => {
    const b = await buyer(p, 'crash');
    // The database refuses the payment row once the job has read Stripe: the transaction dies
    // where a killed process would, after Stripe's answers and before the commit.
    await sql`CREATE TABLE crash_switch (armed boolean NOT NULL)`.execute(db());
    await sql`INSERT INTO crash_switch VALUES (true)`.execute(db());
    await sql`
      CREATE FUNCTION crash_on_payment() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT armed FROM crash_switch) THEN RAISE EXCEPTION 'simulated crash before commit'; END IF;
        RETURN NEW;
      END $$`.execute(db());
    await sql`CREATE TRIGGER crash_on_payment BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION crash_on_payment()`.execute(db());
    try {
      await subscribe(p, b);
      expect(await rowsOf(b)).toEqual([]);
      expect(await paymentsOf(b)).toEqual([]);
      expect(await billingMails(p, b)).toEqual([]);
      const unprocessed = await db().selectFrom('processed_provider_events').select('event_id').where('processed_at', 'is', null).execute();
      expect(unprocessed.length).toBeGreaterThan(0);
      // Stripe redelivers: acknowledged, and still only the one pending job per event.
      for (const { event_id } of unprocessed) await simControl(p.sim, `/__sim/webhooks/events/${event_id}/deliver`);
      await p.sim.settled();
      await sql`UPDATE crash_switch SET armed = false`.execute(db());
      p.t.clock.advance(3600);
      await p.t.ctx.queue.runDueJobs();
    } finally {
      await sql`DROP TRIGGER IF EXISTS crash_on_payment ON payments`.execute(db());
      await sql`DROP FUNCTION IF EXISTS crash_on_payment()`.execute(db());
      await sql`DROP TABLE IF EXISTS crash_switch`.execute(db());
    }
    expect(await rowsOf(b)).toHaveLength(1);
    expect(await paymentsOf(b)).toHaveLength(1);
    expect(await billingMails(p, b)).toEqual(['payment-receipt']);
    expect(await db().selectFrom('processed_provider_events').select('event_id').where('processed_at', 'is', null).execute()).toEqual([]);
    expect((await overview(b)).status).toBe(true);
  });
});

describe('cancel, renewals, failed renewals', () => {
  test('cancel: Stripe ends it at the period end; access stays until then, and is refused after', async () => {
    const b = await buyer(p, 'cancel');
    await subscribe(p, b);
    const cancel = await b.client.post('/api/cancel-subscription/');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ message: 'Subscription canceled successfully.', status: true, subscription: { status: 'canceled', renews: false, can_cancel: false } });
    const stripeSubscription = await p.stripe.subscriptions.retrieve((await rowsOf(b))[0]!.stripe_subscription_id!);
    expect(stripeSubscription.cancel_at_period_end).toBe(true);
    await settle(p);
    expect((await b.client.post('/api/cancel-subscription/')).statusCode).toBe(200);
    expect((await downloadPaid(p, b)).statusCode).toBe(200);
    expect(await billingMails(p, b)).toEqual(['payment-receipt', 'subscription-canceled']);

    await advancePastPeriodEnd(p, b, 3600);
    expect((await p.stripe.subscriptions.retrieve(stripeSubscription.id)).status).toBe('canceled');
    const refused = await downloadPaid(p, b);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_SUBSCRIBED');
    expect(await overview(b)).toEqual({ status: false, subscription: null });
    expect((await b.client.post('/api/cancel-subscription/')).statusCode).toBe(404);
    expect(await paymentsOf(b)).toHaveLength(1);
  });

  test('cancel, renewal turned on again in the billing portal, then cancel again the same day: Stripe cancels again (no replay of the first cancel)', async () => {
    const b = await buyer(p, 'cancel-twice');
    await subscribe(p, b);
    const stripeId = (await rowsOf(b))[0]!.stripe_subscription_id!;
    expect((await b.client.post('/api/cancel-subscription/')).statusCode).toBe(200);
    await settle(p);
    expect((await p.stripe.subscriptions.retrieve(stripeId)).cancel_at_period_end).toBe(true);

    // The user turns renewal on again in Stripe's billing portal.
    const portal = new URL((await b.client.post('/api/billing-portal-session/')).json().url as string);
    const renew = await fetch(`${portal.href}/subscriptions/${stripeId}`, { method: 'POST', body: new URLSearchParams({ action: 'renew' }), redirect: 'manual' });
    expect(renew.status).toBe(303);
    await settle(p);
    expect(await overview(b)).toMatchObject({ subscription: { renews: true } });

    const again = await b.client.post('/api/cancel-subscription/');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ message: 'Subscription canceled successfully.', subscription: { renews: false } });
    expect((await p.stripe.subscriptions.retrieve(stripeId)).cancel_at_period_end).toBe(true);
  });

  test('cancel again after renewal was turned on in the billing portal, before its event arrived: Stripe cancels, the screen says so', async () => {
    const b = await buyer(p, 'cancel-early');
    await subscribe(p, b);
    const stripeId = (await rowsOf(b))[0]!.stripe_subscription_id!;
    expect((await b.client.post('/api/cancel-subscription/')).statusCode).toBe(200);
    await settle(p);
    await simControl(p.sim, '/__sim/webhooks/hold');
    try {
      const portal = new URL((await b.client.post('/api/billing-portal-session/')).json().url as string);
      await fetch(`${portal.href}/subscriptions/${stripeId}`, { method: 'POST', body: new URLSearchParams({ action: 'renew' }), redirect: 'manual' });
      const again = await b.client.post('/api/cancel-subscription/');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ message: 'Subscription canceled successfully.', subscription: { renews: false } });
      expect((await p.stripe.subscriptions.retrieve(stripeId)).cancel_at_period_end).toBe(true);
    } finally {
      await simControl(p.sim, '/__sim/webhooks/release', {});
    }
    await settle(p);
    expect(await overview(b)).toMatchObject({ subscription: { renews: false } });
  });

  test('a renewal starts a new period with a fresh download count, a receipt, and a reminder 7 days before', async () => {
    const b = await buyer(p, 'renewal');
    await subscribe(p, b);
    expect((await downloadPaid(p, b)).statusCode).toBe(200);
    const first = (await overview(b)).subscription;
    expect(first.downloads_used).toBe(1);
    await advancePastPeriodEnd(p, b, -6 * DAY_SECONDS);
    expect(await billingMails(p, b)).toEqual(['payment-receipt', 'renewal-reminder']);
    await advance(p, b, 7 * DAY_SECONDS);
    const renewed = (await overview(b)).subscription;
    expect(renewed).toMatchObject({ status: 'active', renews: true, downloads_used: 0, started_at: first.started_at });
    expect(new Date(renewed.current_period_start).getTime()).toBe(new Date(first.period_end).getTime());
    expect(await paymentsOf(b)).toMatchObject([{ kind: 'first' }, { kind: 'renewal', amount_cents: 42_000 }]);
    expect(await billingMails(p, b)).toEqual(['payment-receipt', 'renewal-reminder', 'payment-receipt']);
    expect((await downloadPaid(p, b)).statusCode).toBe(200);
  });

  test('a failed renewal: past_due, access kept while Stripe retries, one notice; the card fixed, the renewal goes through', async () => {
    const b = await buyer(p, 'past-due');
    await subscribe(p, b);
    await simControl(p.sim, `/__sim/customers/${b.customerId}/card`, { card: '4000000000000341' });
    await advancePastPeriodEnd(p, b, 3600);
    expect(await overview(b)).toMatchObject({ status: true, subscription: { status: 'past_due' } });
    expect((await downloadPaid(p, b)).statusCode).toBe(200);
    // The reminder's event is handled after the renewal already failed: no reminder for a renewal that is over.
    expect(await billingMails(p, b)).toEqual(['payment-receipt', 'renewal-failed']);
    await simControl(p.sim, `/__sim/customers/${b.customerId}/card`, { card: '4242424242424242' });
    await advance(p, b, 4 * DAY_SECONDS);
    expect(await overview(b)).toMatchObject({ status: true, subscription: { status: 'active', downloads_used: 0 } });
    expect(await billingMails(p, b)).toEqual(['payment-receipt', 'renewal-failed', 'payment-receipt']);
  });

  test('a renewal that keeps failing ends the subscription when Stripe gives up', async () => {
    const b = await buyer(p, 'lost');
    await subscribe(p, b);
    await simControl(p.sim, `/__sim/customers/${b.customerId}/card`, { card: '4000000000000341' });
    await advancePastPeriodEnd(p, b, 3600);
    expect((await overview(b)).subscription.status).toBe('past_due');
    await advance(p, b, 8 * DAY_SECONDS);
    expect(await overview(b)).toEqual({ status: false, subscription: null });
    expect((await downloadPaid(p, b)).statusCode).toBe(403);
    expect((await billingMails(p, b)).filter((k) => k === 'renewal-failed')).toHaveLength(1);
  });
});

describe('the refund rule', () => {
  async function renewed(label: string): Promise<Buyer> {
    const b = await buyer(p, label);
    await subscribe(p, b);
    await advancePastPeriodEnd(p, b, 60);
    expect((await paymentsOf(b)).map((x) => x.kind)).toEqual(['first', 'renewal']);
    return b;
  }

  test('at day 10 after an auto-renewal with no download: refunded through Stripe, ended now, confirmed by email', async () => {
    const b = await renewed('refund-day-10');
    const renewal = (await paymentsOf(b))[1]!;
    p.t.clock.advance((renewal.paid_at.getTime() + 10 * DAY_SECONDS * 1000 - p.t.clock.now().getTime()) / 1000);
    expect(await overview(b)).toMatchObject({ subscription: { refund_eligible: true, refund_until: new Date(renewal.paid_at.getTime() + 10 * DAY_SECONDS * 1000).toISOString() } });
    const refund = await b.client.post('/api/request-refund/');
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ status: false, subscription: null });
    const [, refunded] = await paymentsOf(b);
    expect(refunded!.refunded_at).not.toBeNull();
    const stripeRefund = await p.stripe.refunds.retrieve(refunded!.stripe_refund_id!);
    expect(stripeRefund).toMatchObject({ amount: 42_000, payment_intent: renewal.stripe_payment_intent_id, status: 'succeeded' });
    expect((await p.stripe.subscriptions.retrieve((await rowsOf(b))[0]!.stripe_subscription_id!)).status).toBe('canceled');
    expect((await downloadPaid(p, b)).statusCode).toBe(403);
    await settle(p);
    expect(await overview(b)).toEqual({ status: false, subscription: null });
    expect((await billingMails(p, b)).filter((k) => k === 'payment-refunded')).toHaveLength(1);
    expect((await b.client.post('/api/request-refund/')).statusCode).toBe(404);
  });

  test('at day 11: refused with the reason, and nothing changes', async () => {
    const b = await renewed('refund-day-11');
    const renewal = (await paymentsOf(b))[1]!;
    p.t.clock.advance((renewal.paid_at.getTime() + 11 * DAY_SECONDS * 1000 - p.t.clock.now().getTime()) / 1000);
    expect((await overview(b)).subscription.refund_eligible).toBe(false);
    const refund = await b.client.post('/api/request-refund/');
    expect(refund.statusCode).toBe(409);
    expect(refund.json().code).toBe('REFUND_NOT_ALLOWED');
    expect(refund.json().error).toMatch(/^A renewal can be refunded within 10 days; that time ended on \d{4}-\d{2}-\d{2}\.$/);
    expect((await paymentsOf(b))[1]!.refunded_at).toBeNull();
    expect((await overview(b)).status).toBe(true);
  });

  test('a download in the new period closes the window', async () => {
    const b = await renewed('refund-downloaded');
    expect((await overview(b)).subscription.refund_eligible).toBe(true);
    expect((await downloadPaid(p, b)).statusCode).toBe(200);
    expect((await overview(b)).subscription.refund_eligible).toBe(false);
    const refund = await b.client.post('/api/request-refund/');
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error).toBe('A price list was downloaded since the renewal, so it cannot be refunded.');
  });

  test('a download racing the refund request: exactly one of them wins', async () => {
    const b = await renewed('refund-race');
    const [download, refund] = await Promise.all([downloadPaid(p, b), b.client.post('/api/request-refund/')]);
    const outcome = [download.statusCode, refund.statusCode];
    // Either the download was counted first (no refund), or the refund ended access first (no download).
    expect([
      [200, 409],
      [403, 200],
    ]).toContainEqual(outcome);
    const [, renewal] = await paymentsOf(b);
    expect(renewal!.refunded_at === null).toBe(download.statusCode === 200);
  });

  test('a first payment (no auto-renewal yet) is final', async () => {
    const b = await buyer(p, 'refund-first');
    await subscribe(p, b);
    const refund = await b.client.post('/api/request-refund/');
    expect(refund.statusCode).toBe(409);
    expect(refund.json().error).toBe('Only an automatic renewal can be refunded; your first payment is final.');
  });
});

describe('billing portal and funnel', () => {
  test("'Manage billing' opens a portal session that returns to the subscriptions page", async () => {
    const b = await buyer(p, 'portal');
    await subscribe(p, b);
    const response = await b.client.post('/api/billing-portal-session/');
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json().url);
    expect(url.origin).toBe(p.sim.url);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${p.t.config.appUrl}/dashboard/subscriptions`);
  });

  test('a user who never paid has no billing account', async () => {
    const b = await buyer(p, 'no-portal');
    await db().updateTable('users').set({ stripe_customer_id: null }).where('id', '=', b.userId).execute();
    const response = await b.client.post('/api/billing-portal-session/');
    expect(response.statusCode).toBe(404);
  });

  test('the subscriptions page being opened is counted', async () => {
    const b = await buyer(p, 'funnel');
    const response = await b.client.post('/api/funnel-events/', { event: 'subscriptions_page_opened' });
    expect(response.statusCode).toBe(204);
    expect((await b.client.post('/api/funnel-events/', { event: 'payment_succeeded' })).statusCode).toBe(400);
    expect(await funnelOf(b)).toEqual(['subscriptions_page_opened']);
  });
});

describe('order and recovery', () => {
  test('any order of delivery, with duplicates, ends in the state Stripe holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.integer({ min: 0, max: 1_000_000 }), fc.nat(3), async (cancel, seed, duplicates) => {
        const b = await buyer(p, `order-${seed}`);
        await simControl(p.sim, '/__sim/webhooks/hold');
        const sessionId = await startCheckout(b);
        await pay(p, sessionId);
        const stripeId = (await p.stripe.checkout.sessions.retrieve(sessionId)).subscription as string;
        if (cancel) await p.stripe.subscriptions.update(stripeId, { cancel_at_period_end: true });
        const held = p.sim.deliveries().filter((d) => d.status === 'held').map((d) => d.eventId);
        // A permutation from the seed, then some events sent again.
        const order = [...held].sort((x, y) => ((x.charCodeAt(x.length - 1) * seed) % 97) - ((y.charCodeAt(y.length - 1) * seed) % 97));
        await simControl(p.sim, '/__sim/webhooks/release', { order });
        for (const id of order.slice(0, duplicates)) await simControl(p.sim, `/__sim/webhooks/events/${id}/deliver`);
        await settle(p);
        const atStripe = await p.stripe.subscriptions.retrieve(stripeId);
        const [row] = await rowsOf(b);
        expect(row).toMatchObject({ status: atStripe.cancel_at_period_end ? 'canceled' : 'active', period_end: new Date(atStripe.items.data[0]!.current_period_end * 1000) });
        expect(await paymentsOf(b)).toHaveLength(1);
        expect((await billingMails(p, b)).filter((k) => k === 'payment-receipt')).toHaveLength(1);
      }),
      { numRuns: 6 },
    );
  });

  test('the daily check corrects a subscription whose events were lost', async () => {
    const b = await buyer(p, 'reconcile');
    await subscribe(p, b);
    const [row] = await rowsOf(b);
    // The cancel reaches Stripe, but its event never arrives; and the local row was damaged.
    await simControl(p.sim, '/__sim/webhooks/hold');
    await p.stripe.subscriptions.update(row!.stripe_subscription_id!, { cancel_at_period_end: true });
    await db().updateTable('subscriptions').set({ period_end: new Date(row!.period_end.getTime() + 90 * DAY_SECONDS * 1000) }).where('id', '=', row!.id).execute();
    const result = await reconcileStripeSubscriptions(p.t.ctx);
    expect(result.corrected).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(b))[0]).toMatchObject({ status: 'canceled', period_end: row!.period_end });
    await simControl(p.sim, '/__sim/webhooks/release', {});
    await settle(p);
    expect((await reconcileStripeSubscriptions(p.t.ctx)).corrected).toBe(0);
  });
});
