import { bandFor, markupFields } from '@tradelist/pricing/bands';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { electricalGroupMinimums, generateElectricalItems, type ElectricalGroup, type SampleItem } from '../src/db/sample/electrical-catalog.ts';
import { electricalEditions, wireAndConduitDemoItems } from '../src/db/sample/editions.ts';
import { sampleCatalog } from '../src/db/sample/sample-catalog.ts';
import { demoAccounts, seedSampleData } from '../src/db/seed.ts';
import { listSubscriptionsOfUser } from '../src/modules/billing/repositories/subscriptions.ts';
import { entitlingSubscription } from '../src/modules/billing/index.ts';
import { findUserByEmail } from '../src/modules/accounts/repositories/users.ts';
import { createTestDatabase } from './support/test-database.ts';

const groups = Object.keys(electricalGroupMinimums) as ElectricalGroup[];

function countByGroup(items: readonly SampleItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item.group] = (counts[item.group] ?? 0) + 1;
  return counts;
}

function expectGroupMinimums(items: readonly SampleItem[]): void {
  const counts = countByGroup(items);
  for (const group of groups) expect(counts[group] ?? 0, group).toBeGreaterThanOrEqual(electricalGroupMinimums[group]);
  expect(Object.keys(counts).sort()).toEqual([...groups].sort());
}

describe('the sample electrical list', () => {
  const items = generateElectricalItems();

  test('has 1,000+ items with the counts per group of product §2 /electrical', () => {
    expect(items.length).toBeGreaterThanOrEqual(1000);
    expectGroupMinimums(items);
  });

  test('has unique SKUs and looks like a supplier list: units, one-sentence descriptions, trade names', () => {
    expect(new Set(items.map((item) => item.sku)).size).toBe(items.length);
    for (const item of items) {
      expect(['EA', 'FT', 'RL', 'BX', 'PK']).toContain(item.unit);
      expect(item.sku).toMatch(/^[A-Z0-9][A-Z0-9-]*$/);
      expect(item.description).toMatch(/^[A-Z0-9].{10,160}\.$/);
      expect(Number.isSafeInteger(item.costCents) && item.costCents > 0).toBe(true);
      if (item.upc !== null) {
        expect(item.upc).toMatch(/^\d{12}$/);
        const digits = [...item.upc].map(Number);
        const sum = digits.slice(0, 11).reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
        expect((10 - (sum % 10)) % 10, item.upc).toBe(digits[11]);
      }
    }
    const names = new Set(items.map((item) => item.name));
    expect(names.size).toBe(items.length);
    for (const expected of [
      '1/2" EMT Set-Screw Connector, Die-Cast Zinc',
      '12 AWG THHN/THWN-2 Solid Copper Wire, Black, 500 ft Spool',
      '12/2 NM-B Cable with Ground, 250 ft Coil',
      '20 A 1-Pole Plug-On Circuit Breaker',
      '200 A Main Breaker Load Center, 40 Spaces / 80 Circuits, Indoor NEMA 1',
      '4" Square Box, 2-1/8" Deep, 1/2" and 3/4" KOs',
      'Yellow Twist-On Wire Connector, 18-10 AWG, Box of 100',
      '15 A GFCI Receptacle, Tamper- and Weather-Resistant, Self-Test, White',
    ]) {
      expect(names, expected).toContain(expected);
    }
  });

  test('spreads costs across all six markup bands, with believable prices', () => {
    const bands = new Set(items.map((item) => bandFor(item.costCents)));
    expect([...bands].sort()).toEqual([...markupFields].sort());
    for (const field of markupFields) expect(items.filter((item) => bandFor(item.costCents) === field).length, field).toBeGreaterThanOrEqual(10);
    const cost = (sku: string) => items.find((item) => item.sku === sku)!.costCents;
    expect(cost('EMT-CONN-SS-ZN-050')).toBeLessThan(100);
    expect(cost('THHN-12-SOL-BK-500')).toBeGreaterThan(5000);
    expect(cost('LC-MB-200-40-IN')).toBeGreaterThan(15_000);
    expect(cost('MTR-MAIN-320-40')).toBeGreaterThan(50_000);
  });

  test('is deterministic: the same seed gives the same list, another seed other costs and the same SKUs', () => {
    expect(generateElectricalItems()).toEqual(items);
    expect(sampleCatalog()).toEqual(sampleCatalog());
    const other = generateElectricalItems({ seed: 7 });
    expect(other.map((item) => item.sku)).toEqual(items.map((item) => item.sku));
    expect(other.map((item) => item.costCents)).not.toEqual(items.map((item) => item.costCents));
  });

  test('scales to 100,000 items with unique SKUs, and down to a handful', () => {
    const started = performance.now();
    const big = generateElectricalItems({ size: 100_000 });
    expect(big).toHaveLength(100_000);
    expect(new Set(big.map((item) => item.sku)).size).toBe(100_000);
    expect(big.slice(0, items.length)).toEqual(items);
    expect(performance.now() - started).toBeLessThan(5000);
    const small = generateElectricalItems({ size: 10 });
    expect(small).toHaveLength(10);
    expect(new Set(small.map((item) => item.group)).size).toBeGreaterThanOrEqual(5);
  });
});

describe('the sample editions', () => {
  const editions = electricalEditions();

  test('are three monthly editions, each meeting the group counts, with a few items added and discontinued', () => {
    expect(editions.map((e) => [e.rundate, e.code, e.name])).toEqual([
      ['2026-09-01', 'ELECTRICAL-2026-09', 'Electrical Price List — September 2026'],
      ['2026-10-01', 'ELECTRICAL-2026-10', 'Electrical Price List — October 2026'],
      ['2026-11-01', 'ELECTRICAL-2026-11', 'Electrical Price List — November 2026'],
    ]);
    for (const edition of editions) {
      expect(edition.items.length).toBeGreaterThanOrEqual(1000);
      expectGroupMinimums(edition.items);
    }
    for (let i = 1; i < editions.length; i++) {
      const before = new Set(editions[i - 1]!.items.map((item) => item.sku));
      const after = new Set(editions[i]!.items.map((item) => item.sku));
      const added = [...after].filter((sku) => !before.has(sku));
      const removed = [...before].filter((sku) => !after.has(sku));
      expect(added.length).toBeGreaterThanOrEqual(3);
      expect(added.length).toBeLessThanOrEqual(10);
      expect(removed.length).toBeGreaterThanOrEqual(2);
      expect(removed.length).toBeLessThanOrEqual(10);
    }
  });

  test('move copper wire prices more than steel fittings and boxes', () => {
    for (let i = 1; i < editions.length; i++) {
      const before = new Map(editions[i - 1]!.items.map((item) => [item.sku, item.costCents]));
      const changes: Record<string, number[]> = {};
      for (const item of editions[i]!.items) {
        const old = before.get(item.sku);
        if (old !== undefined) (changes[item.group] ??= []).push(Math.abs(item.costCents - old) / old);
      }
      const average = (group: ElectricalGroup) => changes[group]!.reduce((sum, change) => sum + change, 0) / changes[group]!.length;
      expect(average('Wires')).toBeGreaterThan(0.03);
      expect(average('Wires')).toBeLessThan(0.08);
      expect(average('Conduit Fittings')).toBeLessThan(0.02);
      expect(average('Junction Boxes')).toBeLessThan(0.02);
      expect(average('Wires')).toBeGreaterThan(3 * average('Conduit Fittings'));
      // Some prices move, many do not.
      const moved = editions[i]!.items.filter((item) => before.has(item.sku) && before.get(item.sku) !== item.costCents).length;
      expect(moved).toBeGreaterThan(200);
      expect(moved).toBeLessThan(editions[i]!.items.length - 200);
    }
  });

  test('include the free Wire & Conduit Demo: a small wire and conduit subset of the newest edition', () => {
    const latest = editions.at(-1)!.items;
    const demo = wireAndConduitDemoItems(latest);
    expect(demo.length).toBeGreaterThanOrEqual(40);
    expect(demo.length).toBeLessThanOrEqual(80);
    expect(new Set(demo.map((item) => item.group))).toEqual(new Set(['Wires', 'Conduit Fittings']));
    for (const item of demo) expect(latest).toContainEqual(item);
    const catalog = sampleCatalog();
    expect(catalog.editions.at(-1)).toMatchObject({ code: 'WIRE-CONDUIT-DEMO-2026-11', rundate: '2026-11-01', isFree: true, categorySlug: 'wire-conduit-demo' });
  });
});

describe('seeding', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const count = async (table: 'categories' | 'plans' | 'collections' | 'products' | 'users' | 'subscriptions' | 'blog_posts') =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  test('loads categories, plans, editions and demo accounts into an empty database, and only once', async () => {
    const now = new Date('2026-11-15T09:00:00Z');
    const started = performance.now();
    const first = await seedSampleData(database.db, now);
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(10);

    expect(first.created).toEqual(demoAccounts.map((account) => account.email));
    expect(first.plans).toEqual(['free-demo', 'annual']);
    expect(first.posts).toHaveLength(5);
    expect(await count('blog_posts')).toBe(5);
    expect(first.editions).toEqual(['ELECTRICAL-2026-09', 'ELECTRICAL-2026-10', 'ELECTRICAL-2026-11', 'WIRE-CONDUIT-DEMO-2026-11']);
    expect(first.guide).toEqual(['getting-started', 'quickbooks-online-import', 'jobber-sync', 'markups-and-first-download', 'sync-quickbooks-jobber']);
    expect(await count('categories')).toBe(4);
    expect(await count('plans')).toBe(2);
    expect(await count('collections')).toBe(4);

    const categories = await database.db.selectFrom('categories').select(['name', 'slug', 'tagline', 'is_free', 'is_announced']).orderBy('position').execute();
    expect(categories).toEqual([
      { name: 'Electrical', slug: 'electrical', tagline: '1,000+ electrical items, updated monthly', is_free: false, is_announced: false },
      { name: 'Wire & Conduit Demo', slug: 'wire-conduit-demo', tagline: 'A free sample of our wire and conduit fittings', is_free: true, is_announced: false },
      { name: 'Plumbing', slug: 'plumbing', tagline: 'Coming soon', is_free: false, is_announced: true },
      { name: 'Lumber', slug: 'lumber', tagline: 'Coming soon', is_free: false, is_announced: true },
    ]);
    const collections = await database.db.selectFrom('collections').select(['collection_id', 'name', 'rundate', 'is_free', 'item_count', 'image', 'id']).orderBy('id').execute();
    for (const collection of collections) {
      const stored = Number(
        (await database.db.selectFrom('products').select((eb) => eb.fn.countAll<string>().as('n')).where('collection_id', '=', collection.id).executeTakeFirstOrThrow()).n,
      );
      expect(stored, collection.collection_id).toBe(collection.item_count);
      expect(collection.image).toBeNull();
    }
    expect(collections.map((c) => [c.collection_id, c.is_free])).toEqual([
      ['ELECTRICAL-2026-09', false],
      ['ELECTRICAL-2026-10', false],
      ['ELECTRICAL-2026-11', false],
      ['WIRE-CONDUIT-DEMO-2026-11', true],
    ]);
    expect(collections[3]!.name).toBe('Wire & Conduit Demo — November 2026');
    // Each edition's templates are queued as publishing queues them, so its first downloads are filled from them.
    const templateJobs = await database.db.selectFrom('jobs').select(['payload', 'state']).where('queue', '=', 'edition-templates').orderBy('id').execute();
    expect(templateJobs.map((job) => [typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload, job.state])).toEqual(collections.map((c) => [{ collectionId: c.id }, 'queued']));

    const plans = await database.db.selectFrom('plans').selectAll().orderBy('position').execute();
    expect(plans).toMatchObject([
      { slug: 'free-demo', name: 'Wire & Conduit Demo', price_cents: 0, is_free: true, billing_interval: 'none', period_months: null, stripe_price_id_recurring: null, is_active: true },
      { slug: 'annual', name: 'Annual plan', price_cents: 42_000, regular_price_cents: 60_000, billing_interval: 'year', period_months: 12, download_max_per_period: 120, stripe_price_id_one_time: null, is_active: true },
    ]);

    const subscriber = await findUserByEmail(database.db, 'subscriber@example.com');
    const demo = await findUserByEmail(database.db, 'demo@example.com');
    expect(subscriber).toBeDefined();
    const subscription = entitlingSubscription(await listSubscriptionsOfUser(database.db, subscriber!.id), now);
    expect(subscription).toMatchObject({ status: 'active', source: 'complimentary', plan_id: plans[1]!.id });
    expect(entitlingSubscription(await listSubscriptionsOfUser(database.db, demo!.id), now)).toBeUndefined();

    const totals = { products: await count('products'), users: await count('users'), subscriptions: await count('subscriptions') };
    const second = await seedSampleData(database.db, now);
    expect(second).toEqual({ created: [], plans: [], editions: [], guide: [], posts: [] });
    expect({ products: await count('products'), users: await count('users'), subscriptions: await count('subscriptions') }).toEqual(totals);
    expect(await count('collections')).toBe(4);
    expect(await database.db.selectFrom('jobs').select('id').where('queue', '=', 'edition-templates').execute()).toHaveLength(4);
  });
});
