import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import {
  billingMails,
  buyer,
  pay,
  RECURRING_PRICE,
  settle,
  setUpPaymentsTest,
  simControl,
  startCheckout,
  type Buyer,
  type PaymentsTest,
} from '../../../../test/support/stripe.ts';

// Decision 0021: a user holds at most one paid subscription, whatever number of checkouts they open.

let p: PaymentsTest;
setUpPaymentsTest((setup) => {
  p = setup;
});

const db = () => p.t.database.db;
const rowsOf = (b: Buyer) => db().selectFrom('subscriptions').selectAll().where('user_id', '=', b.userId).orderBy('id').execute();
const paymentsOf = (b: Buyer) => db().selectFrom('payments').selectAll().where('user_id', '=', b.userId).orderBy('id').execute();
const statusAtStripe = async (sessionId: string) => (await p.stripe.checkout.sessions.retrieve(sessionId)).status;
const confirm = (b: Buyer, sessionId: string) => b.client.post('/api/confirm-checkout-session/', { session_id: sessionId });
const entitling = (rows: Awaited<ReturnType<typeof rowsOf>>) => rows.filter((r) => r.status !== 'expired' && r.period_end > p.t.clock.now());

/** A session made at Stripe without the app (as one left open from before): the app must still expire it. */
async function sessionMadeElsewhere(b: Buyer): Promise<string> {
  const session = await p.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: b.customerId,
    client_reference_id: String(b.userId),
    line_items: [{ price: RECURRING_PRICE, quantity: 1 }],
    success_url: `${p.t.config.appUrl}/dashboard/subscriptions/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${p.t.config.appUrl}/dashboard/subscriptions/cancel`,
  });
  return session.id;
}

/** Delivers every event Stripe sent about the buyer once more (a redelivery), then applies what arrived. */
async function redeliverAll(): Promise<void> {
  await settle(p);
  for (const delivery of p.sim.deliveries()) await simControl(p.sim, `/__sim/webhooks/events/${delivery.eventId}/deliver`);
  await settle(p);
}

describe('open checkouts', () => {
  test('a new checkout expires the one opened before it, which can then no longer be paid', async () => {
    const b = await buyer(p, 'two-tabs');
    const first = await startCheckout(b);
    expect(await statusAtStripe(first)).toBe('open');
    const second = await startCheckout(b);
    expect(await statusAtStripe(first)).toBe('expired');
    expect(await statusAtStripe(second)).toBe('open');
    expect((await pay(p, first)).status).toBe(400);
    expect((await pay(p, second)).status).toBe(200);
    await settle(p);
    expect(await rowsOf(b)).toHaveLength(1);
    expect(await billingMails(p, b)).toEqual(['payment-receipt']);
  });

  test('a paid checkout expires the other sessions left open', async () => {
    const b = await buyer(p, 'paid-expires-others');
    const paid = await startCheckout(b);
    const leftOpen = await sessionMadeElsewhere(b);
    expect((await pay(p, paid)).status).toBe(200);
    await settle(p);
    expect(await statusAtStripe(leftOpen)).toBe('expired');
    expect((await pay(p, leftOpen)).status).toBe(400);
    expect(await rowsOf(b)).toHaveLength(1);
  });

  test('a payment that lands just before the expiry: it is applied, and the new checkout is refused', async () => {
    const b = await buyer(p, 'paid-in-the-race');
    const first = await startCheckout(b);
    await simControl(p.sim, '/__sim/webhooks/hold');
    try {
      // The customer pays the first page while the second tab asks for a new checkout.
      expect((await simControl(p.sim, `/__sim/checkout/sessions/${first}/pay`, { card: '4242424242424242', when: 'expire' })).status).toBe(202);
      const second = await b.client.post('/api/create-checkout-session/', { price_id: RECURRING_PRICE, is_recurring: true });
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().code).toBe('ALREADY_SUBSCRIBED');
      expect(await statusAtStripe(first)).toBe('complete');
      expect(entitling(await rowsOf(b))).toHaveLength(1);
    } finally {
      await simControl(p.sim, '/__sim/webhooks/release', {});
    }
    await redeliverAll();
    expect(await rowsOf(b)).toHaveLength(1);
    expect(await paymentsOf(b)).toHaveLength(1);
    expect(await billingMails(p, b)).toEqual(['payment-receipt']);
  });
});

describe('two checkouts paid', () => {
  test.each([
    ['two yearly subscriptions', false],
    ['a yearly subscription, then a one-time purchase', true],
  ])('%s: one stays, the other is cancelled and refunded at once, one mail; return pages and redeliveries change nothing', async (label, secondOnce) => {
    const b = await buyer(p, `both-paid-${secondOnce ? 'once' : 'yearly'}`);
    await simControl(p.sim, '/__sim/webhooks/hold');
    let first: string;
    let second: string;
    try {
      // The first page is paid before the app hears of it (its events are late), so it is no
      // longer open when the second checkout is made, and the second one is paid too.
      first = await startCheckout(b);
      expect((await pay(p, first)).status).toBe(200);
      const response = await b.client.post('/api/create-checkout-session/', { price_id: secondOnce ? 'price_TradelistAnnualOnce' : RECURRING_PRICE, is_recurring: !secondOnce });
      expect(response.statusCode, response.body).toBe(200);
      second = new URL(response.json().url as string).pathname.split('/').pop()!;
      expect((await pay(p, second)).status).toBe(200);
      // The return page of the second arrives first, then that of the first.
      expect((await confirm(b, second)).json()).toMatchObject({ paid: true, status: true });
      expect((await confirm(b, first)).json()).toMatchObject({ paid: true, status: true });
    } finally {
      await simControl(p.sim, '/__sim/webhooks/release', {});
    }
    await redeliverAll();
    expect((await confirm(b, first)).statusCode).toBe(200);
    expect((await confirm(b, second)).statusCode).toBe(200);
    await settle(p);

    const rows = await rowsOf(b);
    expect(rows, label).toHaveLength(2);
    const kept = entitling(rows);
    expect(kept).toHaveLength(1);
    // The purchase applied first (the second checkout's return page) stays; the other ends now.
    const ended = rows.find((r) => r.id !== kept[0]!.id)!;
    expect(ended.status).toBe('expired');
    if (secondOnce) expect(kept[0]).toMatchObject({ source: 'one_time_payment' });
    else expect((await p.stripe.subscriptions.retrieve(kept[0]!.stripe_subscription_id!)).status).toBe('active');
    expect((await p.stripe.subscriptions.retrieve(ended.stripe_subscription_id!)).status).toBe('canceled');

    const payments = await paymentsOf(b);
    expect(payments).toHaveLength(2);
    const refunded = payments.filter((x) => x.refunded_at !== null);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.subscription_id).toBe(ended.id);
    const refund = await p.stripe.refunds.retrieve(refunded[0]!.stripe_refund_id!);
    expect(refund).toMatchObject({ amount: 42_000, payment_intent: refunded[0]!.stripe_payment_intent_id, status: 'succeeded' });
    const chargeOf = async (intentId: string) => (await p.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })).latest_charge as { amount_refunded: number };
    expect((await chargeOf(refunded[0]!.stripe_payment_intent_id!)).amount_refunded).toBe(42_000);
    const keptPayment = payments.find((x) => x.subscription_id === kept[0]!.id)!;
    expect((await chargeOf(keptPayment.stripe_payment_intent_id!)).amount_refunded).toBe(0);

    expect((await billingMails(p, b)).sort()).toEqual(['duplicate-purchase-refunded', 'payment-receipt']);
    const mail = await db().selectFrom('mail_outbox').selectAll().where('to_address', '=', b.email).where('kind', '=', 'duplicate-purchase-refunded').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('You were charged twice: we refunded the second payment');
    expect(mail.text_body).toContain('$420.00');
    expect((await b.client.get('/api/subscription/')).json()).toMatchObject({ status: true });
  });
});

describe('a crash while undoing the second purchase', () => {
  test('after Stripe cancelled and refunded, before the commit: the retry finds them done, and refunds once', async () => {
    const b = await buyer(p, 'both-paid-crash');
    await simControl(p.sim, '/__sim/webhooks/hold');
    // The database refuses the duplicate's mail once: the transaction dies after Stripe's answers.
    await sql`CREATE TABLE duplicate_crash_switch (armed boolean NOT NULL)`.execute(db());
    await sql`INSERT INTO duplicate_crash_switch VALUES (true)`.execute(db());
    await sql`
      CREATE FUNCTION crash_on_duplicate_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kind = 'duplicate-purchase' AND (SELECT armed FROM duplicate_crash_switch) THEN RAISE EXCEPTION 'simulated crash before commit'; END IF;
        RETURN NEW;
      END $$`.execute(db());
    await sql`CREATE TRIGGER crash_on_duplicate_notice BEFORE INSERT ON billing_notices FOR EACH ROW EXECUTE FUNCTION crash_on_duplicate_notice()`.execute(db());
    let second: string;
    try {
      const first = await startCheckout(b);
      await pay(p, first);
      second = await startCheckout(b);
      await pay(p, second);
      expect((await confirm(b, first)).statusCode).toBe(200);
      expect((await confirm(b, second)).statusCode).toBe(500);
      await sql`UPDATE duplicate_crash_switch SET armed = false`.execute(db());
    } finally {
      await sql`DROP TRIGGER IF EXISTS crash_on_duplicate_notice ON billing_notices`.execute(db());
      await sql`DROP FUNCTION IF EXISTS crash_on_duplicate_notice()`.execute(db());
      await sql`DROP TABLE IF EXISTS duplicate_crash_switch`.execute(db());
      await simControl(p.sim, '/__sim/webhooks/release', {});
    }
    await redeliverAll();
    expect((await confirm(b, second)).statusCode).toBe(200);
    const rows = await rowsOf(b);
    expect(entitling(rows)).toHaveLength(1);
    const payments = await paymentsOf(b);
    const refunded = payments.filter((x) => x.refunded_at !== null);
    expect(refunded).toHaveLength(1);
    const charge = (await p.stripe.paymentIntents.retrieve(refunded[0]!.stripe_payment_intent_id!, { expand: ['latest_charge'] })).latest_charge as { amount_refunded: number };
    expect(charge.amount_refunded).toBe(42_000);
    expect((await billingMails(p, b)).sort()).toEqual(['duplicate-purchase-refunded', 'payment-receipt']);
    expect(await db().selectFrom('processed_provider_events').select('event_id').where('processed_at', 'is', null).execute()).toEqual([]);
  });
});

describe('cancel', () => {
  test('cancel stops every subscription of the user that renews (accounts that hold two from before)', async () => {
    const b = await buyer(p, 'cancel-both');
    await simControl(p.sim, '/__sim/webhooks/hold');
    const stripeIds: string[] = [];
    try {
      const first = await startCheckout(b);
      await pay(p, first);
      const second = await startCheckout(b);
      await pay(p, second);
      // Both were mirrored as they were before one paid subscription was enforced.
      for (const sessionId of [first, second]) {
        const session = await p.stripe.checkout.sessions.retrieve(sessionId);
        const subscription = await p.stripe.subscriptions.retrieve(session.subscription as string);
        const item = subscription.items.data[0]!;
        stripeIds.push(subscription.id);
        await db()
          .insertInto('subscriptions')
          .values({
            user_id: b.userId,
            plan_id: p.fixture.planId,
            status: 'active',
            period_start: new Date(subscription.start_date * 1000),
            current_period_start: new Date(item.current_period_start * 1000),
            period_end: new Date(item.current_period_end * 1000),
            auto_renew: true,
            source: 'stripe_subscription',
            stripe_subscription_id: subscription.id,
            created_at: p.t.clock.now(),
            updated_at: p.t.clock.now(),
          })
          .execute();
      }
      const cancel = await b.client.post('/api/cancel-subscription/');
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json()).toMatchObject({ subscription: { status: 'canceled', renews: false } });
    } finally {
      await simControl(p.sim, '/__sim/webhooks/release', {});
    }
    await settle(p);
    for (const id of stripeIds) expect((await p.stripe.subscriptions.retrieve(id)).cancel_at_period_end).toBe(true);
    expect((await rowsOf(b)).map((r) => r.status)).toEqual(['canceled', 'canceled']);
  });
});

describe('the Stripe customer', () => {
  const customerOf = async (b: Buyer) =>
    (await db().selectFrom('users').select('stripe_customer_id').where('id', '=', b.userId).executeTakeFirstOrThrow()).stripe_customer_id;

  test('an account cleared after a takeover gets a customer of its own at its next checkout, not a replay of the previous holder\'s', async () => {
    const b = await buyer(p, 'customer-released');
    // The previous holder's first checkout makes their customer.
    await db().updateTable('users').set({ stripe_customer_id: null }).where('id', '=', b.userId).execute();
    await startCheckout(b);
    const previous = await customerOf(b);
    expect(previous).toMatch(/^cus_/);
    // The address's owner proves it and the account is cleared (decision 0022): the customer is forgotten.
    await db().updateTable('users').set({ email: `owner-${b.userId}@example.com`, stripe_customer_id: null }).where('id', '=', b.userId).execute();
    await startCheckout(b);
    const own = await customerOf(b);
    expect(own).toMatch(/^cus_/);
    expect(own).not.toBe(previous);
    expect((await p.stripe.customers.retrieve(own!)) as { email?: string }).toMatchObject({ email: `owner-${b.userId}@example.com` });
  });
});
