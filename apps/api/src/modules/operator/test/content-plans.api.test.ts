import { api } from '@tradelist/contract/api';
import { describe, expect, test } from 'vitest';
import { createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { auditEntriesOf, operatorClientFor } from '../../../../test/support/operator-client.ts';
import { advance, buyer, ONE_TIME_PRICE, RECURRING_PRICE, settle, setUpPaymentsTest, subscribe, unreachableStripeEnv, YEAR_SECONDS, type PaymentsTest } from '../../../../test/support/stripe.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { freePlanPriceMessage } from '@tradelist/contract/operator-content';

const calls = api.operator;
const plan = { name: 'Crew plan', description: 'Up to 20 crews, billed yearly', price: 90_000, regular_price: 120_000, interval: 'year', download_max: 500, is_active: true } as const;

describe('plans saved through Stripe (simulator)', () => {
  let p: PaymentsTest;
  setUpPaymentsTest((setup) => {
    p = setup;
  });

  test('a new paid plan gets its Stripe product and both prices, with the amounts, interval and lookup keys, and goes on sale', async () => {
    const { client, actor } = await operatorClientFor(p.t, p.fixture, 'plans-new');
    const response = await client.post(calls.createPlan.path, plan);
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json();
    expect(saved).toMatchObject({ slug: 'crew_plan', name: 'Crew plan', price: 90_000, interval: 'year', download_max: 500, is_free: false, is_active: true, stripe_product_id: 'prod_tradelist_crew_plan' });

    const product = await p.stripe.products.retrieve(saved.stripe_product_id);
    expect(product).toMatchObject({ name: 'Crew plan', description: 'Up to 20 crews, billed yearly', active: true });
    const recurring = await p.stripe.prices.retrieve(saved.stripe_price_id_recurring);
    expect(recurring).toMatchObject({ product: product.id, unit_amount: 90_000, currency: 'usd', type: 'recurring', lookup_key: 'crew_plan_yearly', active: true });
    expect(recurring.recurring?.interval).toBe('year');
    const oneTime = await p.stripe.prices.retrieve(saved.stripe_price_id_one_time);
    expect(oneTime).toMatchObject({ product: product.id, unit_amount: 90_000, type: 'one_time', lookup_key: 'crew_plan_one_time', active: true });

    const onSale = (await client.get('/api/subscription-plans/')).json() as Array<{ slug: string; stripe_price_id_recurring: string | null }>;
    expect(onSale.find((entry) => entry.slug === 'crew_plan')).toMatchObject({ stripe_price_id_recurring: recurring.id });
    const [entry] = await auditEntriesOf(p.t, 'plan', saved.id);
    expect(entry).toMatchObject({ action: 'plan.create', operator_email: actor.email, before: null, after: { slug: 'crew_plan', price: 90_000, stripe_price_id_recurring: recurring.id } });
  });

  test('a price change makes new prices that take the lookup keys over and deactivates the old ones; a subscriber keeps the old price and still renews', async () => {
    const { client } = await operatorClientFor(p.t, p.fixture, 'plans-price');
    const subscriber = await buyer(p, 'keeps-price');
    await subscribe(p, subscriber, true);

    const annual = { name: 'Annual plan', description: '$40/month, billed annually', price: 48_000, regular_price: 60_000, interval: 'year', download_max: 5, is_active: true };
    const response = await client.request('PUT', `/api/operator/plans/${p.fixture.planId}/`, { body: annual });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({ price: 48_000, stripe_product_id: 'prod_TradelistAnnual', subscriber_count: 1 });
    expect(saved.stripe_price_id_recurring).not.toBe(RECURRING_PRICE);
    expect(saved.stripe_price_id_one_time).not.toBe(ONE_TIME_PRICE);

    const keyed = await p.stripe.prices.list({ lookup_keys: ['annual_yearly', 'annual_one_time'] });
    expect(keyed.data.map((price) => [price.lookup_key, price.id, price.unit_amount]).sort()).toEqual(
      [
        ['annual_one_time', saved.stripe_price_id_one_time, 48_000],
        ['annual_yearly', saved.stripe_price_id_recurring, 48_000],
      ].sort(),
    );
    expect(await p.stripe.prices.retrieve(RECURRING_PRICE)).toMatchObject({ active: false, lookup_key: null, unit_amount: 42_000 });
    expect(await p.stripe.prices.retrieve(ONE_TIME_PRICE)).toMatchObject({ active: false, lookup_key: null });
    // The product was made with a default price (as in Stripe's dashboard), which Stripe will not
    // archive: the default moved to the new recurring price first.
    expect(await p.stripe.products.retrieve('prod_TradelistAnnual')).toMatchObject({ description: '$40/month, billed annually', default_price: saved.stripe_price_id_recurring });

    // Saving again without a change keeps the same prices.
    const again = (await client.request('PUT', `/api/operator/plans/${p.fixture.planId}/`, { body: annual })).json();
    expect([again.stripe_price_id_recurring, again.stripe_price_id_one_time]).toEqual([saved.stripe_price_id_recurring, saved.stripe_price_id_one_time]);

    // The subscriber's subscription stays on the price they bought, and its renewal is still theirs.
    const [subscription] = (await p.stripe.subscriptions.list({ customer: subscriber.customerId })).data;
    expect(subscription!.items.data[0]!.price.id).toBe(RECURRING_PRICE);
    await advance(p, subscriber, YEAR_SECONDS + 3600);
    await settle(p);
    const rows = await p.t.database.db.selectFrom('subscriptions').select(['plan_id', 'status', 'period_end']).where('user_id', '=', subscriber.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ plan_id: p.fixture.planId, status: 'active' });
    expect(rows[0]!.period_end.getTime()).toBeGreaterThan(p.t.clock.now().getTime());

    const entries = await auditEntriesOf(p.t, 'plan', p.fixture.planId);
    expect(entries.find((e) => e.action === 'plan.update')).toMatchObject({ action: 'plan.update', before: { price: 42_000, stripe_price_id_recurring: RECURRING_PRICE }, after: { price: 48_000, stripe_price_id_recurring: saved.stripe_price_id_recurring } });

  }, 60_000);

  test('a plan made free retires its Stripe prices even when one is its product\'s default price (cleared first)', async () => {
    const { client } = await operatorClientFor(p.t, p.fixture, 'plans-retire');
    const created = (await client.post(calls.createPlan.path, { ...plan, name: 'Retiring' })).json();
    // Set in Stripe's dashboard: the recurring price is the product's default.
    await p.stripe.products.update(created.stripe_product_id, { default_price: created.stripe_price_id_recurring });
    const response = await client.request('PUT', `/api/operator/plans/${created.id}/`, { body: { ...plan, name: 'Retiring', price: 0, regular_price: null, interval: 'none' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ is_free: true, stripe_product_id: null, stripe_price_id_recurring: null });
    expect(await p.stripe.products.retrieve(created.stripe_product_id)).toMatchObject({ active: false, default_price: null });
    for (const id of [created.stripe_price_id_recurring, created.stripe_price_id_one_time]) expect(await p.stripe.prices.retrieve(id)).toMatchObject({ active: false });
  });

  test('a plan taken off sale deactivates its Stripe product; a free plan needs no Stripe; bad fields are refused', async () => {
    const { client } = await operatorClientFor(p.t, p.fixture, 'plans-off');
    const created = (await client.post(calls.createPlan.path, { ...plan, name: 'Seasonal', interval: 'month', price: 9_000, regular_price: null })).json();
    expect((await p.stripe.prices.retrieve(created.stripe_price_id_recurring)).lookup_key).toBe('seasonal_monthly');
    const off = await client.request('PUT', `/api/operator/plans/${created.id}/`, { body: { ...plan, name: 'Seasonal', interval: 'month', price: 9_000, regular_price: null, is_active: false } });
    expect(off.json()).toMatchObject({ is_active: false });
    expect((await p.stripe.products.retrieve(created.stripe_product_id)).active).toBe(false);
    const onSale = (await client.get('/api/subscription-plans/')).json() as Array<{ slug: string }>;
    expect(onSale.map((entry) => entry.slug)).not.toContain('seasonal');

    const free = await client.post(calls.createPlan.path, { ...plan, name: 'Demo list', price: 0, regular_price: null, interval: 'none' });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({ is_free: true, stripe_product_id: null, stripe_price_id_recurring: null });

    const freeWithPrice = await client.post(calls.createPlan.path, { ...plan, name: 'Odd', interval: 'none' });
    expect(freeWithPrice.statusCode).toBe(400);
    expect(freeWithPrice.json().fields).toEqual({ price: [freePlanPriceMessage] });
    expect((await client.post(calls.createPlan.path, { ...plan, name: 'Crew plan' })).statusCode).toBe(400);
    expect((await client.post(calls.createPlan.path, { ...plan, name: 'Cheap', price: 1.5 })).statusCode).toBe(400);
    expect((await client.request('PUT', '/api/operator/plans/999999/', { body: plan })).statusCode).toBe(404);
  }, 30_000);
});

describe('Stripe cannot be reached', () => {
  let t: TestApp;
  let fixture: CatalogFixture;
  setUpApiTest({ env: unreachableStripeEnv }, async (setup) => {
    ({ t } = setup);
    fixture = await createCatalogFixture(t);
  });

  test('saving a paid plan answers a clear 502 and changes nothing here, not even the audit log', async () => {
    const { client } = await operatorClientFor(t, fixture, 'plans-outage');
    const before = await t.database.db.selectFrom('plans').selectAll().orderBy('id').execute();
    const created = await client.post(calls.createPlan.path, plan);
    expect(created.statusCode).toBe(502);
    expect(created.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR', error: 'The payment service could not be reached. Please try again in a moment.' });
    const edited = await client.request('PUT', `/api/operator/plans/${fixture.planId}/`, { body: { ...plan, name: 'Annual plan', price: 50_000 } });
    expect(edited.statusCode).toBe(502);
    expect(await t.database.db.selectFrom('plans').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await t.database.db.selectFrom('operator_audit_log').selectAll().where('subject_type', '=', 'plan').execute()).toEqual([]);
  }, 60_000);
});
