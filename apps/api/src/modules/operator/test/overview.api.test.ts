import { api } from '@tradelist/contract/api';
import { expect, test } from 'vitest';
import { insertSubscription } from '../../billing/repositories/subscriptions.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

test('the overview counts users, subscribers, yearly revenue of running paid plans, this month\'s downloads, syncs and buying path, and signups', async () => {
  const db = t.database.db;
  const now = t.clock.now(); // 2026-03-01T12:00Z: the month starts on 1 March.
  const { client: operatorClient, userId: operatorId } = await clientFor(t, fixture, 'free', 'overview-op');
  await db.updateTable('users').set({ role: 'operator' }).where('id', '=', operatorId!).execute();
  const { userId: complimentaryId } = await clientFor(t, fixture, 'subscriber', 'overview-comp');
  const { userId: yearlyId } = await clientFor(t, fixture, 'free', 'overview-yearly');
  const { userId: monthlyId } = await clientFor(t, fixture, 'free', 'overview-monthly');
  const { userId: endedId } = await clientFor(t, fixture, 'expired', 'overview-ended');
  await db.updateTable('users').set({ is_active: false }).where('id', '=', endedId!).execute();
  const monthly = await db
    .insertInto('plans')
    .values({ slug: 'monthly', name: 'Monthly plan', description: 'Monthly', price_cents: 4500, regular_price_cents: null, billing_interval: 'month', period_months: 1, download_max_per_period: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const paid = (userId: number, planId: number, source: 'stripe_subscription' | 'one_time_payment', start: string, end: string) =>
    insertSubscription(db, { user_id: userId, plan_id: planId, status: 'active', period_start: new Date(start), period_end: new Date(end), auto_renew: source === 'stripe_subscription', source, created_at: now, updated_at: now });
  await paid(yearlyId!, fixture.planId, 'one_time_payment', '2026-01-10T00:00:00Z', '2027-01-10T00:00:00Z');
  await paid(monthlyId!, monthly.id, 'stripe_subscription', '2026-02-20T00:00:00Z', '2026-03-20T00:00:00Z');
  // Ended before now: not counted.
  await paid(endedId!, fixture.planId, 'stripe_subscription', '2025-01-10T00:00:00Z', '2026-01-10T00:00:00Z');

  const download = (created: string, status: 'completed' | 'aborted') => ({ user_id: complimentaryId!, collection_id: fixture.paidEditions.mar, subscription_id: null, period_start: null, format: 'csv', layout: 'price-list', status, reserved_until: null, finished_at: new Date(created), created_at: new Date(created) });
  await db.insertInto('download_log').values([download('2026-03-01T08:00:00Z', 'completed'), download('2026-03-01T09:00:00Z', 'completed'), download('2026-03-01T09:30:00Z', 'aborted'), download('2026-02-27T09:00:00Z', 'completed')]).execute();
  const sync = (queued: string) => ({ user_id: complimentaryId!, provider: 'jobber' as const, collection_id: fixture.paidEditions.mar, account_id: 'acct', status: 'succeeded' as const, errors: '[]', queued_at: new Date(queued) });
  await db.insertInto('sync_runs').values([sync('2026-03-01T10:00:00Z'), sync('2026-02-10T10:00:00Z')]).execute();
  const event = (name: 'subscriptions_page_opened' | 'checkout_started' | 'payment_succeeded', userId: number, created = '2026-03-01T10:00:00Z') => ({ event: name, user_id: userId, created_at: new Date(created) });
  await db
    .insertInto('funnel_events')
    .values([
      event('subscriptions_page_opened', yearlyId!),
      event('subscriptions_page_opened', yearlyId!),
      event('subscriptions_page_opened', monthlyId!),
      event('subscriptions_page_opened', complimentaryId!),
      event('subscriptions_page_opened', endedId!, '2026-02-28T23:59:59Z'),
      event('checkout_started', yearlyId!),
      event('checkout_started', monthlyId!),
      event('payment_succeeded', yearlyId!),
    ])
    .execute();
  await db.insertInto('newsletter_subscribers').values([{ email: 'n1@example.com', subscribed_at: now, unsubscribed_at: null, client_address: null }, { email: 'n2@example.com', subscribed_at: now, unsubscribed_at: now, client_address: null }]).execute();
  await db.insertInto('marketing_signups').values([{ email: 'm1@example.com', signed_up_at: now, client_address: null }]).execute();
  await db.insertInto('setup_call_requests').values([{ name: 'Sam', email: 's@example.com', phone: null, preferred_time: 'Mornings', requested_at: now, client_address: null }]).execute();

  const response = await operatorClient.get(api.operator.overview.path);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({
    month_start: '2026-03-01',
    users: { total: 5, activated: 5, disabled: 1 },
    subscribers: { total: 3, paid: 2, complimentary: 1 },
    // The annual plan's $420.00 plus twelve months of the monthly plan's $45.00.
    revenue_per_year_cents: 42_000 + 12 * 4500,
    downloads_this_month: 2,
    syncs_this_month: 1,
    funnel: { subscriptions_page_opened: 3, checkout_started: 2, paid: 1 },
    signups: { newsletter: 1, draw: 1, setup_calls: 1 },
  });
});
