import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { priceFor } from '@tradelist/pricing/markups';
import { createCatalogFixture, clientFor, fixtureProducts, type CatalogFixture, type Principal } from '../../../../test/support/catalog.ts';
import { type TestApp } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
});

const countRows = async () => ({
  downloads: Number((await t.database.db.selectFrom('download_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});

describe('GET /api/categories/ and /api/all-collections/', () => {
  test('public lists in product §3 shapes', async () => {
    const categories = await t.client().get('/api/categories/');
    expect(categories.statusCode).toBe(200);
    expect(categories.json()).toEqual([
      { id: fixture.paidCategoryId, name: 'Electrical', tagline: 'Electrical list', is_free: false, is_announced: false },
      { id: fixture.freeCategoryId, name: 'Wire & Conduit Demo', tagline: null, is_free: true, is_announced: false },
      expect.objectContaining({ name: 'Plumbing', is_announced: true }),
    ]);
    const collections = (await t.client().get('/api/all-collections/')).json();
    expect(collections.map((c: { id: number }) => c.id)).toEqual([fixture.paidEditions.mar, fixture.freeEdition]);
    expect(collections[0]).toEqual({
      id: fixture.paidEditions.mar,
      collection_id: 'ELECTRICAL-2026-03',
      name: 'Electrical Price List — March 2026',
      rundate: '2026-03-01',
      image: null,
      is_free: false,
      category_id: fixture.paidCategoryId,
      category_name: 'Electrical',
      item_count: fixtureProducts.length,
    });
  });
});

describe('GET /api/latest-collection/{categoryId}/', () => {
  test('a category: the current edition, and the bought ones for a subscriber', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'latest');
    const response = await client.get(`/api/latest-collection/${fixture.paidCategoryId}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.latest_collection.map((c: { id: number }) => c.id)).toEqual([fixture.paidEditions.mar]);
    // February was current when the subscription began on 15 February; January was not.
    expect(body.bought_collections.map((c: { id: number }) => c.id)).toEqual([fixture.paidEditions.feb]);
  });

  test('ALL lists paid categories, FREE the free ones; a free user has nothing bought', async () => {
    const { client } = await clientFor(t, fixture, 'free', 'special');
    const all = (await client.get('/api/latest-collection/ALL/')).json();
    expect(all.latest_collection.map((c: { id: number }) => c.id)).toEqual([fixture.paidEditions.mar]);
    expect(all.bought_collections).toEqual([]);
    const free = (await client.get('/api/latest-collection/FREE/')).json();
    expect(free.latest_collection.map((c: { id: number }) => c.id)).toEqual([fixture.freeEdition]);
  });

  test('unknown category 404, not an id 400, no session 401', async () => {
    const { client } = await clientFor(t, fixture, 'free', 'unknown');
    expect((await client.get('/api/latest-collection/99999/')).statusCode).toBe(404);
    const notAnId = await client.get('/api/latest-collection/abc/');
    expect(notAnId.statusCode).toBe(400);
    expect(Object.keys(notAnId.json().fields)).toEqual(['categoryId']);
    expect((await t.client().get('/api/latest-collection/ALL/')).statusCode).toBe(401);
  });
});

describe('the entitlement matrix', () => {
  const expected: Record<Principal, { free: number; paid: number; bought: number }> = {
    anonymous: { free: 401, paid: 401, bought: 401 },
    free: { free: 200, paid: 403, bought: 403 },
    subscriber: { free: 200, paid: 200, bought: 200 },
    cancelled: { free: 200, paid: 200, bought: 200 },
    expired: { free: 200, paid: 403, bought: 403 },
  };
  for (const principal of Object.keys(expected) as Principal[]) {
    test(`${principal}: free ${expected[principal].free}, paid ${expected[principal].paid}, bought ${expected[principal].bought}`, async () => {
      const { client } = await clientFor(t, fixture, principal, 'matrix');
      // The bought edition of the subscriber and the cancelled one is February; the expired
      // subscriber's period covered January.
      const bought = principal === 'expired' ? fixture.paidEditions.jan : fixture.paidEditions.feb;
      const before = await countRows();
      const free = await client.post('/api/download-products/', { collection_id: fixture.freeEdition, catelog_id: 'none' });
      const paid = await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId });
      const boughtResponse = await client.post('/api/download-bought-products/', { collection_id: bought });
      expect([free.statusCode, paid.statusCode, boughtResponse.statusCode]).toEqual([
        expected[principal].free,
        expected[principal].paid,
        expected[principal].bought,
      ]);
      const served = [free, paid, boughtResponse].filter((r) => r.statusCode === 200).length;
      const after = await countRows();
      // Every served file is logged, a refused one is not.
      expect(after.downloads - before.downloads).toBe(served);
      for (const response of [free, paid, boughtResponse]) {
        if (response.statusCode === 200) expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        else expect(response.headers['content-type']).toContain('application/json');
      }
      if (paid.statusCode === 403) expect(paid.json()).toMatchObject({ code: 'NOT_SUBSCRIBED', error: 'Not Subscribed' });
      if (paid.statusCode === 401) expect(paid.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });
  }

  test('an edition that is neither current nor bought is refused even to a subscriber', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'older');
    const response = await client.post('/api/download-bought-products/', { collection_id: fixture.paidEditions.jan });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NOT_SUBSCRIBED');
  });

  test('an unknown collection or a category that does not match: 404 "No collection found"', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'missing');
    const unknown = await client.post('/api/download-products/', { collection_id: 999999, catelog_id: 'none' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', error: 'No collection found' });
    const mismatch = await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.freeCategoryId });
    expect(mismatch.statusCode).toBe(404);
    const malformed = await client.post('/api/download-products/', { collection_id: 'abc' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('files', () => {
  test('the CSV carries the user markups, the product §8 file name, and neutralised formulas', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'file');
    const saved = await client.post('/api/user_factor/', {
      markup1_10: 10,
      markup11_20: 20,
      markup21_50: 30,
      markup51_150: 40,
      markup151_500: 50,
      markup501: 60,
      tax: 8.25,
      inventory_option: 'Non-inventory',
      income_type: 'Sales',
    });
    expect(saved.statusCode).toBe(200);
    const response = await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment;');
    expect(response.headers['content-disposition']).toContain(".csv");
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''Electrical%20Price%20List");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(response.body.slice(1), { relax_column_count: false });
    expect(rows[0]).toEqual(['SKU', 'Name', 'Description', 'Category', 'Unit', 'Cost', 'Markup %', 'Price', 'Tax %', 'Price with tax', 'Manufacturer part number', 'UPC']);
    const markups = { markup1_10: 1000, markup11_20: 2000, markup21_50: 3000, markup51_150: 4000, markup151_500: 5000, markup501: 6000, tax: 825 };
    const bySku = new Map(rows.slice(1).map((row) => [row[0], row]));
    for (const product of fixtureProducts) {
      const expectedSku = /^[=+\-@\t\r]/.test(product.sku) ? `'${product.sku}` : product.sku;
      const row = bySku.get(expectedSku);
      expect(row, product.sku).toBeDefined();
      const price = priceFor(product.cost_cents, markups);
      expect(row![7]).toBe((price.priceCents / 100).toFixed(2));
      expect(row![9]).toBe((price.priceWithTaxCents / 100).toFixed(2));
    }
    const injected = bySku.get('INJ-1')!;
    expect(injected[1]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(injected[2]).toBe("'+1+1");
    expect(injected[3]).toBe("'@SUM(A1)");
    expect(bySku.get("'-5")![1]).toBe("'\tTab start");
  });

  test('xlsx and the QuickBooks layout', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'xlsx');
    const xlsx = await client.post('/api/download-products/', { collection_id: fixture.freeEdition, catelog_id: 'none', format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const quickbooks = await client.post('/api/download-products/', { collection_id: fixture.freeEdition, catelog_id: 'none', layout: 'quickbooks' });
    const rows: string[][] = parse(quickbooks.body.slice(1));
    expect(rows[0]).toEqual(['Name', 'SKU', 'Type', 'Sales Description', 'Sales Price/Rate', 'Income Account', 'Purchase Description', 'Purchase Cost']);
    for (const row of rows.slice(1)) {
      expect(row[0]!.length).toBeLessThanOrEqual(100);
      expect(row[0]).not.toMatch(/[:"]/);
    }
    expect(rows.some((row) => row[0]!.startsWith('1/2 in EMT'))).toBe(true);
    const logged = await t.database.db.selectFrom('download_log').select(['format', 'layout']).orderBy('id', 'desc').limit(2).execute();
    expect(logged).toEqual([
      { format: 'csv', layout: 'quickbooks' },
      { format: 'xlsx', layout: 'price-list' },
    ]);
  });
});

describe('user factor', () => {
  test('empty by default; saved values come back; partial saves clear what is left out', async () => {
    const { client } = await clientFor(t, fixture, 'free', 'factor');
    expect((await client.get('/api/user-factor/')).json()).toEqual({
      markup1_10: null, markup11_20: null, markup21_50: null, markup51_150: null, markup151_500: null, markup501: null, tax: null, inventory_option: '', income_type: '',
    });
    const saved = await client.post('/api/user_factor/', { markup1_10: 12.5, tax: 7, inventory_option: ' Inventory ' });
    expect(saved.json()).toMatchObject({ markup1_10: 12.5, markup11_20: null, tax: 7, inventory_option: 'Inventory', income_type: '' });
    expect((await client.get('/api/user-factor/')).json()).toEqual(saved.json());
  });

  test('validation: negatives, text, too many decimals, texts over 25 characters; nothing changed', async () => {
    const { client } = await clientFor(t, fixture, 'free', 'invalid');
    await client.post('/api/user_factor/', { markup1_10: 5 });
    const refused = await client.post('/api/user_factor/', {
      markup1_10: -1,
      markup11_20: 'ten',
      markup21_50: 1.234,
      inventory_option: 'x'.repeat(26),
      income_type: 'y'.repeat(26),
      is_verified: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(refused.json().fields).sort()).toEqual(['income_type', 'inventory_option', 'markup11_20', 'markup1_10', 'markup21_50']);
    expect(refused.json().fields.inventory_option).toEqual(['Ensure this field has no more than 25 characters.']);
    expect((await client.get('/api/user-factor/')).json().markup1_10).toBe(5);
  });

  test('no session: 401; another user named in X-User-Email: 403', async () => {
    expect((await t.client().get('/api/user-factor/')).statusCode).toBe(401);
    const { client } = await clientFor(t, fixture, 'free', 'header');
    expect((await client.get('/api/user-factor/', { headers: { 'x-user-email': 'someone-else@example.com' } })).statusCode).toBe(403);
  });
});

describe('preview products', () => {
  test('a subscriber previews the paid list, a free user the free demo', async () => {
    const subscriber = (await clientFor(t, fixture, 'subscriber', 'preview')).client;
    const free = (await clientFor(t, fixture, 'free', 'preview')).client;
    expect((await subscriber.get('/api/preview-products/')).json().collection.id).toBe(fixture.paidEditions.mar);
    const body = (await free.get('/api/preview-products/')).json();
    expect(body.collection.id).toBe(fixture.freeEdition);
    expect(body.products[0]).toEqual({ sku: 'EMT-050', name: '1/2" EMT Set-Screw Connector', group: 'Conduit Fittings', unit: 'EA', cost_cents: 1000, previous_cost_cents: null });
  });
});
