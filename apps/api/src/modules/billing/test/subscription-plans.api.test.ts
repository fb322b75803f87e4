import { subscriptionPlansResponse } from '@tradelist/contract/billing';
import { expect, test } from 'vitest';
import { seedSampleData } from '../../../db/seed.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  await seedSampleData(t.database.db, t.clock.now());
});

test('GET /api/subscription-plans/ lists the plans on sale without a session, in display order', async () => {
  const response = await t.client().get('/api/subscription-plans/');
  expect(response.statusCode).toBe(200);
  const plans = subscriptionPlansResponse.parse(response.json());
  expect(plans).toEqual([
    {
      id: expect.any(Number),
      slug: 'free-demo',
      name: 'Wire & Conduit Demo',
      description: 'Free wire and conduit demo list',
      price: 0,
      regular_price: null,
      interval: null,
      period_months: null,
      download_max: 50,
      is_free: true,
      stripe_price_id_recurring: null,
      stripe_price_id_one_time: null,
    },
    {
      id: expect.any(Number),
      slug: 'annual',
      name: 'Annual plan',
      description: '$35/month, billed annually (normally $50/month)',
      // product §9: $35/month, normally $50/month, paid for the year.
      price: 42_000,
      regular_price: 60_000,
      interval: 'year',
      period_months: 12,
      download_max: 120,
      is_free: false,
      stripe_price_id_recurring: null,
      stripe_price_id_one_time: null,
    },
  ]);
});

test('a plan taken off sale is no longer listed; a new one appears in its place in the order', async () => {
  const db = t.database.db;
  await db
    .insertInto('plans')
    .values({
      slug: 'monthly',
      name: 'Monthly plan',
      description: 'Billed monthly',
      price_cents: 5_000,
      regular_price_cents: null,
      billing_interval: 'month',
      period_months: 1,
      download_max_per_period: 10,
      stripe_price_id_recurring: 'price_monthly_recurring',
      stripe_price_id_one_time: 'price_monthly_once',
      position: 0,
    })
    .execute();
  await db.updateTable('plans').set({ is_active: false }).where('slug', '=', 'free-demo').execute();
  const plans = (await t.client().get('/api/subscription-plans/')).json() as Array<{ slug: string; interval: string | null; stripe_price_id_one_time: string | null }>;
  expect(plans.map((plan) => plan.slug)).toEqual(['monthly', 'annual']);
  expect(plans[0]).toMatchObject({ interval: 'month', stripe_price_id_one_time: 'price_monthly_once' });
});

test('the data model refuses a plan whose interval and period disagree', async () => {
  await expect(
    t.database.db
      .insertInto('plans')
      .values({
        slug: 'odd',
        name: 'Odd',
        description: '',
        price_cents: 1,
        regular_price_cents: null,
        billing_interval: 'year',
        period_months: 6,
        download_max_per_period: 1,
        stripe_price_id_recurring: null,
        stripe_price_id_one_time: null,
      })
      .execute(),
  ).rejects.toThrow(/plans_interval_period_check/);
});

test('a provider event is recorded once, and a user has at most one Stripe customer', async () => {
  const db = t.database.db;
  const event = { provider: 'stripe', event_id: 'evt_1', type: 'checkout.session.completed', received_at: t.clock.now() };
  await db.insertInto('processed_provider_events').values(event).execute();
  await expect(db.insertInto('processed_provider_events').values(event).execute()).rejects.toThrow(/unique|duplicate/i);
  const inserted = await db.insertInto('processed_provider_events').values({ ...event, provider: 'other' }).returning('processed_at').executeTakeFirstOrThrow();
  expect(inserted.processed_at).toBeNull();

  const users = await db.selectFrom('users').select('id').orderBy('id').limit(2).execute();
  await db.updateTable('users').set({ stripe_customer_id: 'cus_1' }).where('id', '=', users[0]!.id).execute();
  await expect(db.updateTable('users').set({ stripe_customer_id: 'cus_1' }).where('id', '=', users[1]!.id).execute()).rejects.toThrow(/unique|duplicate/i);
});
