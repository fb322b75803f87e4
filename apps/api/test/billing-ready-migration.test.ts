import { PGlite } from '@electric-sql/pglite';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { downloadAllowance, entitlementRepository } from '../src/modules/catalog/services/entitlements.ts';

// Migration 0003 on a database that already holds plans, a paid subscription and its downloads.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ pglite: await PGlite.create() });
});
afterAll(async () => handle?.close());

test('0003 keeps every plan, subscription and counted download of an existing database', async () => {
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const upTo2 = await migrator.migrateTo('0002-catalog');
  expect(upTo2.error).toBeUndefined();
  const start = new Date('2026-01-10T00:00:00Z');
  await sql`
    INSERT INTO users (name, email, created_at, updated_at) VALUES ('Old Payer', 'old@example.com', now(), now());
    INSERT INTO categories (name, slug) VALUES ('Electrical', 'electrical');
    INSERT INTO collections (category_id, collection_id, name, rundate) VALUES (1, 'E-1', 'E 1', '2026-01-01');
    INSERT INTO plans (slug, name, description, price_cents, billing_interval, period_days, download_max_per_period, is_free)
      VALUES ('free-demo', 'Demo', '', 0, 'none', 36500, 50, true), ('annual', 'Annual plan', '', 42000, 'year', 365, 120, false);
  `.execute(handle.db);
  await sql`
    INSERT INTO subscriptions (user_id, plan_id, status, period_start, period_end, source, downloads_used, created_at, updated_at)
      VALUES (1, 2, 'active', ${start}, ${new Date('2027-01-10T00:00:00Z')}, 'stripe', 2, ${start}, ${start})
  `.execute(handle.db);
  await sql`
    INSERT INTO download_log (user_id, collection_id, subscription_id, format, layout, created_at)
      VALUES (1, 1, 1, 'csv', 'price-list', ${start}), (1, 1, 1, 'xlsx', 'price-list', ${start}), (1, 1, NULL, 'csv', 'price-list', ${start})
  `.execute(handle.db);

  expect(await migrateToLatest(handle.db)).toContain('0003-billing-ready');

  const plans = await handle.db.selectFrom('plans').select(['slug', 'billing_interval', 'period_months']).orderBy('id').execute();
  expect(plans).toEqual([
    { slug: 'free-demo', billing_interval: 'none', period_months: null },
    { slug: 'annual', billing_interval: 'year', period_months: 12 },
  ]);
  const subscription = await handle.db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
  expect(subscription).toMatchObject({ source: 'stripe_subscription', current_period_start: start, stripe_subscription_id: null });
  expect(subscription).not.toHaveProperty('downloads_used');
  const log = await handle.db.selectFrom('download_log').select(['status', 'period_start', 'finished_at']).orderBy('id').execute();
  expect(log).toEqual([
    { status: 'completed', period_start: start, finished_at: start },
    { status: 'completed', period_start: start, finished_at: start },
    { status: 'completed', period_start: null, finished_at: start },
  ]);
  // The two paid downloads still count in the running period: as their one edition (decision 0029).
  expect(await downloadAllowance(entitlementRepository(handle.db, new Date('2026-03-01T00:00:00Z')), 1, new Date('2026-03-01T00:00:00Z'))).toMatchObject({ used: 1, allowed: 120, left: 119 });
  expect(await handle.db.selectFrom('users').select('stripe_customer_id').executeTakeFirstOrThrow()).toEqual({ stripe_customer_id: null });
});
