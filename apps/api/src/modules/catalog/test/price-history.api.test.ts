import { itemNotInListMessage, listRequiredMessage } from '@tradelist/contract/price-history';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';

let t: TestApp;
let fixture: CatalogFixture;

/**
 * The fixture's paid editions list the same items at the same costs; here they move. February:
 * wire +9.99 %, the load center and the accessory +2 %. March: wire +9.99 % again, the load
 * center +2 %, one item gone and one new.
 */
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
  const db = t.database.db;
  const { feb, mar } = fixture.paidEditions;
  const setCost = (collectionId: number, sku: string, cents: number) =>
    sql`UPDATE products SET cost_cents = ${cents} WHERE collection_id = ${collectionId} AND sku = ${sku}`.execute(db);
  await setCost(feb, 'THHN-12-500', 1101);
  await setCost(feb, 'LC-200', 51001);
  await setCost(feb, '-5', 15300);
  await setCost(mar, 'THHN-12-500', 1211);
  await setCost(mar, 'LC-200', 52021);
  await setCost(mar, '-5', 15300);
  await sql`DELETE FROM products WHERE collection_id = ${mar} AND sku = 'INJ-1'`.execute(db);
  await sql`INSERT INTO products (collection_id, sku, name, unit, group_name, cost_cents) VALUES (${mar}, 'NEW-1', 'New breaker', 'EA', 'Breakers', 900)`.execute(db);
});

const wireHistory = (category: { id: number; name: string }) => ({
  category,
  sku: 'THHN-12-500',
  name: '12 AWG THHN Copper, 500 ft',
  group: 'Wires',
  unit: 'RL',
  editions: [
    { collection_id: fixture.paidEditions.jan, name: 'Electrical Price List — January 2026', rundate: '2026-01-01', cost_cents: 1001 },
    { collection_id: fixture.paidEditions.feb, name: 'Electrical Price List — February 2026', rundate: '2026-02-01', cost_cents: 1101 },
    { collection_id: fixture.paidEditions.mar, name: 'Electrical Price List — March 2026', rundate: '2026-03-01', cost_cents: 1211 },
  ],
});

describe('GET /api/price-history/', () => {
  test("a subscriber reads an item's cost in every edition, oldest first, by category or by current edition", async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'history');
    const category = { id: fixture.paidCategoryId, name: 'Electrical' };
    const byCategory = await client.get(`/api/price-history/?category_id=${fixture.paidCategoryId}&sku=THHN-12-500`);
    expect(byCategory.statusCode).toBe(200);
    expect(byCategory.json()).toEqual(wireHistory(category));
    const byEdition = await client.get(`/api/price-history/?collection_id=${fixture.paidEditions.mar}&sku=${encodeURIComponent(' THHN-12-500 ')}`);
    expect(byEdition.json()).toEqual(wireHistory(category));
    // An item that left the list keeps its past; a new one has one edition.
    const gone = (await client.get(`/api/price-history/?category_id=${fixture.paidCategoryId}&sku=INJ-1`)).json();
    expect(gone.editions.map((e: { rundate: string }) => e.rundate)).toEqual(['2026-01-01', '2026-02-01']);
    const added = (await client.get(`/api/price-history/?category_id=${fixture.paidCategoryId}&sku=NEW-1`)).json();
    expect(added.editions).toEqual([{ collection_id: fixture.paidEditions.mar, name: 'Electrical Price List — March 2026', rundate: '2026-03-01', cost_cents: 900 }]);
  });

  test('a visitor is refused; a free user sees only the free list', async () => {
    expect((await t.client().get(`/api/price-history/?category_id=${fixture.freeCategoryId}&sku=EMT-050`)).statusCode).toBe(401);
    const { client } = await clientFor(t, fixture, 'free', 'history');
    const demo = await client.get(`/api/price-history/?category_id=${fixture.freeCategoryId}&sku=EMT-050`);
    expect(demo.statusCode).toBe(200);
    expect(demo.json().editions).toEqual([{ collection_id: fixture.freeEdition, name: 'Wire & Conduit Demo — March 2026', rundate: '2026-03-01', cost_cents: 1000 }]);
    for (const list of [`category_id=${fixture.paidCategoryId}`, `collection_id=${fixture.paidEditions.mar}`]) {
      const refused = await client.get(`/api/price-history/?${list}&sku=THHN-12-500`);
      expect(refused.statusCode, list).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'NOT_SUBSCRIBED', error: 'Not Subscribed' });
    }
    const expired = (await clientFor(t, fixture, 'expired', 'history')).client;
    expect((await expired.get(`/api/price-history/?category_id=${fixture.paidCategoryId}&sku=THHN-12-500`)).statusCode).toBe(403);
  });

  test('bad ids and queries are 400; unknown lists and items 404', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'history-bad');
    for (const query of ['category_id=0&sku=A', 'category_id=2147483648&sku=A', 'category_id=abc&sku=A', 'collection_id=-1&sku=A', `category_id=1&sku=${'x'.repeat(101)}`, 'category_id=1']) {
      const refused = await client.get(`/api/price-history/?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
    const noList = (await client.get('/api/price-history/?sku=THHN-12-500')).json();
    expect(noList.fields).toEqual({ category_id: [listRequiredMessage] });
    const cases: Array<[string, string]> = [
      ['category_id=2147483647&sku=THHN-12-500', 'No such category.'],
      // Plumbing is announced: it has no edition.
      [`category_id=${fixture.freeCategoryId + 1}&sku=THHN-12-500`, 'No collection found'],
      // An older edition is not a current one; an edition of another category does not match it.
      [`collection_id=${fixture.paidEditions.jan}&sku=THHN-12-500`, 'No collection found'],
      [`collection_id=${fixture.freeEdition}&category_id=${fixture.paidCategoryId}&sku=EMT-050`, 'No collection found'],
      [`category_id=${fixture.paidCategoryId}&sku=NOPE-1`, itemNotInListMessage],
    ];
    for (const [query, message] of cases) {
      const missing = await client.get(`/api/price-history/?${query}`);
      expect(missing.statusCode, query).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', error: message });
    }
  });
});

const point = (month: string, change: number | null, items: number, cumulative: number) => ({ month, change_bp: change, items_compared: items, cumulative_bp: cumulative });

describe('GET /api/price-index/{categoryId}/', () => {
  test('per group and for the whole category, the median monthly change of the items in both editions, chained', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'index');
    const response = await client.get(`/api/price-index/${fixture.paidCategoryId}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.category).toEqual({ id: fixture.paidCategoryId, name: 'Electrical' });
    expect(body.editions.map((e: { month: string; collection_id: number }) => [e.month, e.collection_id])).toEqual([
      ['2026-01', fixture.paidEditions.jan],
      ['2026-02', fixture.paidEditions.feb],
      ['2026-03', fixture.paidEditions.mar],
    ]);
    // February: 0, 0, +2 %, +2 %, +9.99 % → +2 %. March (INJ-1 gone, NEW-1 new: neither counts): 0, 0, +2 %, +9.99 % → +1 %.
    expect(body.whole).toEqual([point('2026-01', null, 0, 0), point('2026-02', 200, 5, 200), point('2026-03', 100, 4, 302)]);
    const group = (name: string) => body.groups.find((g: { group: string }) => g.group === name)?.points;
    // 1.0999 × 1.0999 = 1.2098
    expect(group('Wires')).toEqual([point('2026-01', null, 0, 0), point('2026-02', 999, 1, 999), point('2026-03', 999, 1, 2098)]);
    expect(group('@SUM(A1)')).toEqual([point('2026-01', null, 0, 0), point('2026-02', 0, 1, 0), point('2026-03', null, 0, 0)]);
    expect(group('Breakers')).toBeUndefined();
    // The latest two months only.
    const recent = (await client.get(`/api/price-index/${fixture.paidCategoryId}/?months=2`)).json();
    expect(recent.whole).toEqual([point('2026-02', null, 0, 0), point('2026-03', 100, 4, 100)]);
  });

  test('a visitor is refused; a free user sees only the free list, of one month', async () => {
    expect((await t.client().get(`/api/price-index/${fixture.freeCategoryId}/`)).statusCode).toBe(401);
    const { client } = await clientFor(t, fixture, 'free', 'index');
    const demo = (await client.get(`/api/price-index/${fixture.freeCategoryId}/`)).json();
    expect(demo.whole).toEqual([point('2026-03', null, 0, 0)]);
    expect(demo.groups).toEqual([]);
    const refused = await client.get(`/api/price-index/${fixture.paidCategoryId}/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_SUBSCRIBED', error: 'Not Subscribed' });
  });

  test('ids out of range and bad months are 400; an unknown or announced category 404', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'index-bad');
    for (const path of ['0/', '2147483648/', 'abc/', `${fixture.paidCategoryId}/?months=1`, `${fixture.paidCategoryId}/?months=37`, `${fixture.paidCategoryId}/?months=x`]) {
      const refused = await client.get(`/api/price-index/${path}`);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await client.get('/api/price-index/2147483647/')).json()).toMatchObject({ code: 'NOT_FOUND', error: 'No such category.' });
    expect((await client.get(`/api/price-index/${fixture.freeCategoryId + 1}/`)).json()).toMatchObject({ code: 'NOT_FOUND', error: 'No collection found' });
  });
});
