import { beforeAll, describe, expect, test } from 'vitest';
import { insertProducts } from '../../catalog/repositories/products.ts';
import { insertPaymentIfNew } from '../repositories/payments.ts';
import { insertSubscription } from '../repositories/subscriptions.ts';
import { connect, runAndRead, setUpSyncTest, startSync, userOf, type SyncTest } from '../../../../test/support/sync.ts';
import type { TestClient } from '../../../../test/support/test-app.ts';

// product §10.6, decision 0021: taking the list by a sync, or by reading most of it in the
// preview, is use of it, as a download is: the renewal can no longer be refunded.

let s: SyncTest;
setUpSyncTest({ env: { QBO_BATCH_SIZE: '10' } }, (setup) => (s = setup));

const DAY_MS = 86_400_000;
let editionSize = 0;

beforeAll(async () => {
  // The March edition grows to 50 products, so that 10% of it is 5.
  const db = s.t.database.db;
  const have = Number((await db.selectFrom('products').select((eb) => eb.fn.countAll<string>().as('n')).where('collection_id', '=', s.fixture.paidEditions.mar).executeTakeFirstOrThrow()).n);
  await insertProducts(
    db,
    Array.from({ length: 50 - have }, (_, i) => ({
      collection_id: s.fixture.paidEditions.mar,
      sku: `EXTRA-${String(i + 1).padStart(3, '0')}`,
      name: `Extra item ${i + 1}`,
      description: '',
      unit: 'EA',
      group_name: 'Extras',
      cost_cents: 500 + i,
      manufacturer_part_number: null,
      upc: null,
    })),
  );
  editionSize = 50;
});

/** A user whose yearly subscription renewed automatically two days ago: the refund rule allows a refund. */
async function renewedUser(label: string): Promise<{ client: TestClient; userId: number }> {
  const user = await userOf(s, 'free', label);
  const db = s.t.database.db;
  const now = s.t.clock.now();
  const renewedAt = new Date(now.getTime() - 2 * DAY_MS);
  const began = new Date(renewedAt.getTime() - 365 * DAY_MS);
  const subscription = await insertSubscription(db, {
    user_id: user.userId,
    plan_id: s.fixture.planId,
    status: 'active',
    period_start: began,
    current_period_start: renewedAt,
    period_end: new Date(renewedAt.getTime() + 365 * DAY_MS),
    auto_renew: true,
    source: 'stripe_subscription',
    stripe_subscription_id: `sub_${label}`,
    created_at: began,
    updated_at: now,
  });
  for (const [kind, start, end] of [['first', began, renewedAt], ['renewal', renewedAt, subscription.period_end]] as const) {
    await insertPaymentIfNew(db, {
      user_id: user.userId,
      subscription_id: subscription.id,
      kind,
      stripe_invoice_id: `in_${label}_${kind}`,
      stripe_payment_intent_id: `pi_${label}_${kind}`,
      amount_cents: 42_000,
      currency: 'usd',
      period_start: start,
      period_end: end,
      paid_at: start,
      receipt_url: null,
      created_at: start,
    });
  }
  return user;
}

const overviewOf = async (client: TestClient) => {
  const response = await client.get('/api/subscription/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().subscription as { refund_eligible: boolean; downloads_used: number };
};
const preview = async (client: TestClient, query: string) => {
  const response = await client.get(`/api/preview-products/?collection_id=${s.fixture.paidEditions.mar}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { total: number; products: unknown[] };
};
const refusal = async (client: TestClient) => {
  const response = await client.post('/api/request-refund/');
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json().code).toBe('REFUND_NOT_ALLOWED');
  return response.json().error as string;
};

describe('the refund rule counts other ways of taking the list', () => {
  test('a sync of the paid edition that wrote items: no refund, and no download used', async () => {
    const { client } = await renewedUser('refund-synced');
    expect(await overviewOf(client)).toMatchObject({ refund_eligible: true, downloads_used: 0 });
    await connect(client, 'quickbook');
    const run = await runAndRead(s, client, await startSync(client, 'quickbook', s.fixture.paidEditions.mar));
    expect(run).toMatchObject({ status: 'succeeded', created: editionSize });
    expect(await overviewOf(client)).toMatchObject({ refund_eligible: false, downloads_used: 0 });
    expect(await refusal(client)).toBe('A price list was synced to QuickBooks or Jobber since the renewal, so it cannot be refunded.');
  });

  test('a sync of a free edition is not use of the paid list', async () => {
    const { client } = await renewedUser('refund-synced-free');
    // Another company than the first test's, so that the items are new there.
    await connect(client, 'quickbook', 1);
    const run = await runAndRead(s, client, await startSync(client, 'quickbook', s.fixture.freeEdition));
    expect(run.status).toBe('succeeded');
    expect(run.created).toBeGreaterThan(0);
    expect((await overviewOf(client)).refund_eligible).toBe(true);
  });

  test('paging the preview past 10% of the edition: no refund, and no download used', async () => {
    const { client } = await renewedUser('refund-paged');
    expect((await preview(client, 'offset=0&limit=4')).products).toHaveLength(4);
    // The same page again shows nothing new.
    await preview(client, 'offset=0&limit=4');
    await preview(client, 'offset=2&limit=2');
    expect((await overviewOf(client)).refund_eligible).toBe(true);
    // A fifth distinct product: 5 of 50 is 10%, not more.
    await preview(client, 'offset=4&limit=1');
    expect((await overviewOf(client)).refund_eligible).toBe(true);
    // A sixth, found by searching: more than 10%.
    expect((await preview(client, 'search=Extra%20item%2040')).products).toHaveLength(1);
    expect(await overviewOf(client)).toMatchObject({ refund_eligible: false, downloads_used: 0 });
    expect(await refusal(client)).toBe('More than 10% of a price list was viewed in the preview since the renewal, so it cannot be refunded.');
  });

  test('one page of the preview leaves the refund available', async () => {
    const { client, userId } = await renewedUser('refund-one-page');
    expect((await preview(client, 'offset=0&limit=5')).products).toHaveLength(5);
    expect(await overviewOf(client)).toMatchObject({ refund_eligible: true, downloads_used: 0 });
    const [view] = await s.t.database.db.selectFrom('preview_views').selectAll().where('user_id', '=', userId).execute();
    expect(view).toMatchObject({ collection_id: s.fixture.paidEditions.mar, distinct_shown: 5 });
  });

  test('what the preview showed before the renewal does not count after it', async () => {
    const { client, userId } = await renewedUser('refund-previous-period');
    await preview(client, 'offset=0&limit=40');
    expect((await overviewOf(client)).refund_eligible).toBe(false);
    // As if those pages had been seen in the year before the renewal.
    const db = s.t.database.db;
    const [row] = await db.selectFrom('subscriptions').select(['id', 'current_period_start']).where('user_id', '=', userId).execute();
    await db.updateTable('preview_views').set({ period_start: new Date(row!.current_period_start.getTime() - 365 * DAY_MS) }).where('user_id', '=', userId).execute();
    expect((await overviewOf(client)).refund_eligible).toBe(true);
  });
});
