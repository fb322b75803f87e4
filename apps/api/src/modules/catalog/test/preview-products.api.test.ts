import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { createCatalogFixture, clientFor, fixtureProducts, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { insertProducts } from '../repositories/products.ts';

let t: TestApp;
let fixture: CatalogFixture;
/** Products the fixture's March edition gets on top of the shared ones: 250 plain ones and a few with LIKE characters. */
const specials = [
  { sku: 'PCT-1', name: '100% copper ground rod', group_name: 'Grounding' },
  { sku: 'PCT-2', name: '1000 copper ground rod', group_name: 'Grounding' },
  { sku: 'UND_1', name: 'Under_score clamp', group_name: 'Clamps' },
  { sku: 'UNDX1', name: 'Underxscore clamp', group_name: 'Clamps' },
  { sku: 'BSL-1', name: 'Back\\slash box', group_name: 'Boxes' },
];

setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t, { downloadMax: 2 });
  const db = t.database.db;
  await sql`
    INSERT INTO products (collection_id, sku, name, description, unit, group_name, cost_cents)
    SELECT ${fixture.paidEditions.mar}, 'GEN-' || lpad(n::text, 3, '0'), 'Generic item ' || n, '', 'EA', 'Generic', 100 * n
    FROM generate_series(1, 250) AS n
  `.execute(db);
  await db
    .insertInto('products')
    .values(specials.map((p) => ({ ...p, collection_id: fixture.paidEditions.mar, description: '', unit: 'EA', cost_cents: 500, manufacturer_part_number: null, upc: null })))
    .execute();
});

const paidTotal = fixtureProducts.length + 250 + specials.length;

describe('GET /api/preview-products/ in pages', () => {
  test('pages of at most 100 in a stable order, with the total; the limit is capped', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'pages');
    const first = (await client.get('/api/preview-products/')).json();
    expect(first).toMatchObject({ total: paidTotal, offset: 0, limit: 100, search: '' });
    expect(first.collection.id).toBe(fixture.paidEditions.mar);
    expect(first.products).toHaveLength(100);
    expect(first.products[0]).toEqual({ sku: 'EMT-050', name: '1/2" EMT Set-Screw Connector', group: 'Conduit Fittings', unit: 'EA', cost_cents: 1000, previous_cost_cents: 1000 });
    const seen = new Set<string>();
    for (let offset = 0; offset < paidTotal; offset += 100) {
      const page = (await client.get(`/api/preview-products/?offset=${offset}&limit=100`)).json();
      for (const product of page.products) seen.add(product.sku);
    }
    expect(seen.size).toBe(paidTotal);
    const last = (await client.get(`/api/preview-products/?offset=${paidTotal - 2}&limit=10`)).json();
    expect(last.products.map((p: { sku: string }) => p.sku)).toEqual(['UNDX1', 'BSL-1']);
    expect((await client.get(`/api/preview-products/?offset=${paidTotal + 5}`)).json()).toMatchObject({ total: paidTotal, products: [] });

    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'offset=1.5', 'limit=abc', `search=${'x'.repeat(101)}`]) {
      const refused = await client.get(`/api/preview-products/?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
  });

  test('search by name, SKU or group, case-insensitive; % _ and \\ are plain characters', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'search');
    const search = async (text: string) => {
      const body = (await client.get(`/api/preview-products/?search=${encodeURIComponent(text)}`)).json();
      return { total: body.total as number, skus: (body.products as Array<{ sku: string }>).map((p) => p.sku) };
    };
    expect(await search('thhn-12')).toEqual({ total: 1, skus: ['THHN-12-500'] });
    expect(await search('LOAD CENTER')).toEqual({ total: 1, skus: ['LC-200'] });
    expect(await search('breaker boxes')).toEqual({ total: 1, skus: ['LC-200'] });
    expect((await search('generic item 1')).total).toBe(1 + 10 + 100);
    expect(await search('100%')).toEqual({ total: 1, skus: ['PCT-1'] });
    expect(await search('%')).toEqual({ total: 1, skus: ['PCT-1'] });
    expect(await search('_')).toEqual({ total: 1, skus: ['UND_1'] });
    expect(await search('der_sc')).toEqual({ total: 1, skus: ['UND_1'] });
    expect(await search('\\')).toEqual({ total: 1, skus: ['BSL-1'] });
    expect(await search("'; DROP TABLE products; --")).toEqual({ total: 0, skus: [] });
    // Surrounding spaces are not part of the search; a page of results pages like the whole list.
    expect((await search('  lc-200 ')).skus).toEqual(['LC-200']);
    const page = (await client.get('/api/preview-products/?search=generic&offset=200&limit=100')).json();
    expect(page.total).toBe(250);
    expect(page.products).toHaveLength(50);
    expect((await client.get('/api/preview-products/?search=generic&offset=300')).json()).toMatchObject({ total: 250, products: [] });
  });

  test('a free user previews the free demo; a subscriber at the download limit is refused, but for an edition already downloaded', async () => {
    const free = (await clientFor(t, fixture, 'free', 'preview')).client;
    const demo = (await free.get('/api/preview-products/')).json();
    expect(demo.collection.id).toBe(fixture.freeEdition);
    expect(demo.total).toBe(fixtureProducts.length);

    // Two other editions reach the maximum of 2: February's (bought) and another list's.
    const db = t.database.db;
    const category = await db.insertInto('categories').values({ name: 'Other list', slug: 'other-list', position: 5 }).returning('id').executeTakeFirstOrThrow();
    const other = await db
      .insertInto('collections')
      .values({ category_id: category.id, collection_id: 'OTHER-2026-03', name: 'Other list', rundate: '2026-03-01', item_count: 1, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertProducts(db, [{ ...fixtureProducts[0]!, collection_id: other.id, manufacturer_part_number: null, upc: null }]);
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'at-limit');
    for (const body of [
      { collection_id: fixture.paidEditions.feb, catelog_id: fixture.paidCategoryId },
      { collection_id: other.id, catelog_id: category.id },
    ]) {
      expect((await client.post('/api/download-products/', body)).statusCode).toBe(200);
    }
    const refused = await client.get('/api/preview-products/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'DOWNLOAD_LIMIT_REACHED', error: 'You have used all 2 downloads of your plan for this period.' });
    // An edition counted already may be downloaded again, so it may be previewed too.
    expect((await client.get(`/api/preview-products/?collection_id=${other.id}`)).statusCode).toBe(200);
    // Previewing counts no download.
    const logged = await t.database.db.selectFrom('download_log').select('id').where('user_id', '=', userId!).execute();
    expect(logged).toHaveLength(2);

    expect((await t.client().get('/api/preview-products/')).statusCode).toBe(401);
  });

  test('rate-limited per user, like downloads', async () => {
    const { client, userId } = await clientFor(t, fixture, 'free', 'rate');
    const rule = t.config.rateLimits.previewPagesPerUser;
    await t.database.db.insertInto('rate_limits').values({ key: `preview:user:${userId}`, window_start: t.clock.now(), count: rule.limit - 1 }).execute();
    expect((await client.get('/api/preview-products/')).statusCode).toBe(200);
    const refused = await client.get('/api/preview-products/');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
