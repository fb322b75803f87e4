import type { PricingProfileInput } from '@tradelist/contract/pricing-profiles';
import { hashPassword } from '../../src/security/passwords.ts';
import { insertProducts } from '../../src/modules/catalog/repositories/products.ts';
import { insertSubscription } from '../../src/modules/billing/repositories/subscriptions.ts';
import { insertUser } from '../../src/modules/accounts/repositories/users.ts';
import type { TestApp, TestClient } from './test-app.ts';

/** Products of the fixture editions; costs sit on band edges, text cells try formula injection. */
export const fixtureProducts = [
  { sku: 'EMT-050', name: '1/2" EMT Set-Screw Connector', description: 'Die-cast zinc', unit: 'EA', group_name: 'Conduit Fittings', cost_cents: 1000 },
  { sku: 'THHN-12-500', name: '12 AWG THHN Copper, 500 ft', description: 'Stranded, black', unit: 'RL', group_name: 'Wires', cost_cents: 1001 },
  { sku: 'LC-200', name: '200A Main Breaker Load Center', description: '40 spaces, indoor', unit: 'EA', group_name: 'Breaker Boxes', cost_cents: 50001 },
  { sku: 'INJ-1', name: '=HYPERLINK("http://evil.example","click")', description: '+1+1', unit: 'EA', group_name: '@SUM(A1)', cost_cents: 250 },
  { sku: '-5', name: '\tTab start', description: '\rCR start', unit: 'EA', group_name: 'Wiring Accessories', cost_cents: 15000 },
];

export interface CatalogFixture {
  freeCategoryId: number;
  paidCategoryId: number;
  /** Editions of the paid category, oldest first: January, February, March (current). */
  paidEditions: { jan: number; feb: number; mar: number };
  freeEdition: number;
  planId: number;
}

/**
 * A small catalog on the test clock's 2026-03-01: a free demo category with one edition, and a
 * paid category with editions of 1 January, 1 February and 1 March 2026.
 */
export async function createCatalogFixture(t: Pick<TestApp, 'database'>, options: { downloadMax?: number } = {}): Promise<CatalogFixture> {
  const db = t.database.db;
  const paid = await db.insertInto('categories').values({ name: 'Electrical', slug: 'electrical', tagline: 'Electrical list', position: 1 }).returning('id').executeTakeFirstOrThrow();
  const free = await db.insertInto('categories').values({ name: 'Wire & Conduit Demo', slug: 'wire-conduit-demo', is_free: true, position: 2 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('categories').values({ name: 'Plumbing', slug: 'plumbing', is_announced: true, tagline: 'Coming soon', position: 3 }).execute();
  const edition = async (categoryId: number, code: string, name: string, rundate: string, isFree: boolean) => {
    const row = await db
      .insertInto('collections')
      .values({ category_id: categoryId, collection_id: code, name, rundate, is_free: isFree, item_count: fixtureProducts.length, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertProducts(db, fixtureProducts.map((p) => ({ ...p, collection_id: row.id, manufacturer_part_number: null, upc: null })));
    return row.id;
  };
  const jan = await edition(paid.id, 'ELECTRICAL-2026-01', 'Electrical Price List — January 2026', '2026-01-01', false);
  const feb = await edition(paid.id, 'ELECTRICAL-2026-02', 'Electrical Price List — February 2026', '2026-02-01', false);
  const mar = await edition(paid.id, 'ELECTRICAL-2026-03', 'Electrical Price List — March 2026', '2026-03-01', false);
  const freeEdition = await edition(free.id, 'DEMO-2026-03', 'Wire & Conduit Demo — March 2026', '2026-03-01', true);
  const plan = await db
    .insertInto('plans')
    .values({
      slug: 'annual',
      name: 'Annual plan',
      description: '$35/month, billed annually',
      price_cents: 42000,
      regular_price_cents: 60000,
      billing_interval: 'year',
      period_months: 12,
      download_max_per_period: options.downloadMax ?? 100,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { freeCategoryId: free.id, paidCategoryId: paid.id, paidEditions: { jan, feb, mar }, freeEdition, planId: plan.id };
}

/** The password of every fixture user. */
export const FIXTURE_PASSWORD = 'fixture password 123';

export type Principal = 'anonymous' | 'free' | 'subscriber' | 'cancelled' | 'expired';

/**
 * A signed-in client for a kind of user: a free user, a subscriber (since 15 February), one who
 * cancelled but is inside the period, and one whose subscription ended on 15 January.
 */
export async function clientFor(t: TestApp, fixture: CatalogFixture, principal: Principal, label: string): Promise<{ client: TestClient; userId: number | null }> {
  const client = t.client({ remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  if (principal === 'anonymous') return { client, userId: null };
  const email = `${label}-${principal}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = FIXTURE_PASSWORD;
  const now = t.clock.now();
  const user = await insertUser(t.database.db, {
    name: `${principal} user`,
    email,
    password_hash: await hashPassword(password),
    google_subject: null,
    is_verified: true,
    password_changed_at: now,
    last_login_at: null,
    created_at: now,
    updated_at: now,
  });
  const periods: Record<Exclude<Principal, 'anonymous' | 'free'>, { start: string; end: string; status: 'active' | 'canceled' | 'expired' }> = {
    subscriber: { start: '2026-02-15T00:00:00Z', end: '2027-02-15T00:00:00Z', status: 'active' },
    cancelled: { start: '2026-02-15T00:00:00Z', end: '2026-04-15T00:00:00Z', status: 'canceled' },
    expired: { start: '2025-01-15T00:00:00Z', end: '2026-01-15T00:00:00Z', status: 'expired' },
  };
  if (principal !== 'free') {
    const period = periods[principal];
    await insertSubscription(t.database.db, {
      user_id: user.id,
      plan_id: fixture.planId,
      status: period.status,
      period_start: new Date(period.start),
      period_end: new Date(period.end),
      auto_renew: false,
      source: 'complimentary',
      created_at: now,
      updated_at: now,
      canceled_at: principal === 'cancelled' ? now : null,
    });
  }
  const login = await client.post('/api/login_page/', { email, password });
  if (login.statusCode !== 200) throw new Error(`fixture login failed: ${login.body}`);
  return { client, userId: user.id };
}

/** A pricing profile with each kind of rule once (fixture SKUs): three bands, a group markup (Wires), exempt (EMT-050), an item markup (LC-200), a fixed price (INJ-1), an ending and minimums. */
export const commercialProfile: PricingProfileInput = {
  name: 'Commercial',
  bands: [
    { from: '0.00', markup: 40 },
    { from: '5.00', markup: 25.5 },
    { from: '300.00', markup: null },
  ],
  group_markups: [{ group: 'Wires', markup: 15 }],
  item_overrides: [{ sku: 'EMT-050', exempt: true }, { sku: 'LC-200', markup: 5 }, { sku: 'INJ-1', price: '3.33' }],
  ending: '95',
  min_price: '1.00',
  min_margin: '0.50',
  tax: 7,
};
