import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { NO_PREVIOUS_EDITION_NOTE } from '@tradelist/pricing/layouts';
import { insertProducts } from '../repositories/products.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

/** Markups of 10 % to 60 % by band and 8.25 % tax, as the markup screen saves them. */
const markups = { markup1_10: 10, markup11_20: 20, markup21_50: 30, markup51_150: 40, markup151_500: 50, markup501: 60, tax: 8.25, inventory_option: '', income_type: '' };
const changesHeader = ['Change', 'SKU', 'Name', 'Category', 'Unit', 'Old cost', 'New cost', 'Old price', 'New price', 'Old price with tax', 'New price with tax', 'Change $', 'Change %'];

let dataDir: string;
let t: TestApp;
let fixture: CatalogFixture;

/**
 * The fixture's March edition moves against February: EMT-050 $10.00 → $11.00 (across the $10
 * band edge), LC-200 $500.01 → $480.00, INJ-1 $2.50 → $2.60; THHN-12-500 is discontinued and
 * NEW-1 is added; "-5" keeps its cost. January and February are identical.
 */
// A data folder turns the store of generated files on: the Changes file must not be served the price list's.
setUpApiTest({ dataDir: 'tl-changes-' }, async (setup) => {
  ({ t, dataDir } = setup);
  fixture = await createCatalogFixture(t);
  const db = t.database.db;
  const march = fixture.paidEditions.mar;
  for (const [sku, cost] of [['EMT-050', 1100], ['LC-200', 48000], ['INJ-1', 260]] as const) {
    await db.updateTable('products').set({ cost_cents: cost }).where('collection_id', '=', march).where('sku', '=', sku).execute();
  }
  await db.deleteFrom('products').where('collection_id', '=', march).where('sku', '=', 'THHN-12-500').execute();
  await insertProducts(db, [{ collection_id: march, sku: 'NEW-1', name: 'New item', description: '', unit: 'EA', group_name: 'Wires', cost_cents: 2000, manufacturer_part_number: null, upc: null }]);
});

async function subscriberWithMarkups(label: string, saved: typeof markups = markups): Promise<{ client: TestClient; userId: number }> {
  const { client, userId } = await clientFor(t, fixture, 'subscriber', label);
  expect((await client.post('/api/user_factor/', saved)).statusCode).toBe(200);
  return { client, userId: userId! };
}

const skus = (body: { products: Array<{ sku: string }> }) => body.products.map((product) => product.sku);

describe('GET /api/preview-products/: what changed against the previous edition', () => {
  test('each product carries its previous cost (null when new); the previous edition is named', async () => {
    const { client } = await subscriberWithMarkups('preview');
    const body = (await client.get('/api/preview-products/')).json();
    expect(body.collection.id).toBe(fixture.paidEditions.mar);
    expect(body.previous_collection).toMatchObject({ id: fixture.paidEditions.feb, name: 'Electrical Price List — February 2026', rundate: '2026-02-01' });
    expect(body.changed).toBe(false);
    expect(body.total).toBe(5);
    expect(body.products.map((p: { sku: string; cost_cents: number; previous_cost_cents: number | null }) => [p.sku, p.previous_cost_cents, p.cost_cents])).toEqual([
      ['EMT-050', 1000, 1100],
      ['LC-200', 50001, 48000],
      ['INJ-1', 250, 260],
      ['-5', 15000, 15000],
      ['NEW-1', null, 2000],
    ]);
  });

  test('changed=true keeps new and re-priced products, in pages, with search', async () => {
    const { client } = await subscriberWithMarkups('filter');
    const changed = (await client.get('/api/preview-products/?changed=true')).json();
    expect(changed).toMatchObject({ changed: true, total: 4, offset: 0 });
    expect(skus(changed)).toEqual(['EMT-050', 'LC-200', 'INJ-1', 'NEW-1']);
    const secondPage = (await client.get('/api/preview-products/?changed=true&offset=2&limit=2')).json();
    expect(secondPage).toMatchObject({ total: 4, offset: 2, limit: 2 });
    expect(skus(secondPage)).toEqual(['INJ-1', 'NEW-1']);
    expect((await client.get('/api/preview-products/?changed=true&offset=10')).json()).toMatchObject({ total: 4, products: [] });
    const searched = (await client.get('/api/preview-products/?changed=true&search=wires')).json();
    expect(searched).toMatchObject({ total: 1, search: 'wires' });
    expect(skus(searched)).toEqual(['NEW-1']);
    // Without the filter the search finds the unchanged product too.
    expect((await client.get('/api/preview-products/?search=-5')).json().total).toBe(1);
    expect((await client.get('/api/preview-products/?changed=true&search=-5')).json().total).toBe(0);
    expect(skus((await client.get('/api/preview-products/?changed=false&limit=1')).json())).toEqual(['EMT-050']);

    const refused = await client.get('/api/preview-products/?changed=yes');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ changed: ['Use true or false.'] });
  });

  test('collection_id previews a named current edition the user may download (a catalog card\'s)', async () => {
    const { client } = await subscriberWithMarkups('named');
    const demo = (await client.get(`/api/preview-products/?collection_id=${fixture.freeEdition}&changed=true`)).json();
    expect(demo).toMatchObject({ collection: { id: fixture.freeEdition }, previous_collection: null, total: 0 });
    expect((await client.get(`/api/preview-products/?collection_id=${fixture.paidEditions.mar}`)).json().collection.id).toBe(fixture.paidEditions.mar);
    // Not current (a bought edition) or unknown: not found; a paid edition without a subscription: refused.
    for (const id of [fixture.paidEditions.feb, 999_999]) {
      const missing = await client.get(`/api/preview-products/?collection_id=${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', error: 'No collection found' });
    }
    expect((await client.get('/api/preview-products/?collection_id=abc')).statusCode).toBe(400);
    const free = (await clientFor(t, fixture, 'free', 'named-paid')).client;
    const refused = await free.get(`/api/preview-products/?collection_id=${fixture.paidEditions.mar}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_SUBSCRIBED');
  });

  test('a category with one edition: nothing to compare, so nothing has changed', async () => {
    const { client } = await clientFor(t, fixture, 'free', 'first-edition');
    const body = (await client.get('/api/preview-products/')).json();
    expect(body.collection.id).toBe(fixture.freeEdition);
    expect(body.previous_collection).toBeNull();
    expect(body.products.every((p: { previous_cost_cents: number | null }) => p.previous_cost_cents === null)).toBe(true);
    expect((await client.get('/api/preview-products/?changed=true')).json()).toMatchObject({ previous_collection: null, changed: true, total: 0, products: [] });
  });
});

describe('the Changes download layout', () => {
  test('CSV: new, re-priced and removed items with old and new cost and price (markups and tax), the change in $ and %', async () => {
    const { client, userId } = await subscriberWithMarkups('csv');
    const response = await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId, layout: 'changes' });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''Electrical%20Price%20List%20%E2%80%94%20March%202026%20%E2%80%94%20Changes.csv");
    const rows: string[][] = parse(response.body.slice(1));
    expect(rows).toEqual([
      changesHeader,
      // $10.00 at 10 % = $11.00; $11.00 is in the next band, at 20 % = $13.20 (+$2.20, +20 %).
      ['Up', 'EMT-050', '1/2" EMT Set-Screw Connector', 'Conduit Fittings', 'EA', '10.00', '11.00', '11.00', '13.20', '11.91', '14.29', '2.20', '20'],
      // $500.01 at 60 % = $800.02; $480.00 at 50 % = $720.00 (-$80.02, -10.0022 % → -10 %).
      ['Down', 'LC-200', '200A Main Breaker Load Center', 'Breaker Boxes', 'EA', '500.01', '480.00', '800.02', '720.00', '866.02', '779.40', '-80.02', '-10'],
      // Text cells are neutralised like every other file.
      ['Up', 'INJ-1', `'=HYPERLINK("http://evil.example","click")`, "'@SUM(A1)", 'EA', '2.50', '2.60', '2.75', '2.86', '2.98', '3.10', '0.11', '4'],
      ['New', 'NEW-1', 'New item', 'Wires', 'EA', '', '20.00', '', '24.00', '', '25.98', '', ''],
      ['Removed', 'THHN-12-500', '12 AWG THHN Copper, 500 ft', 'Wires', 'RL', '10.01', '', '12.01', '', '13.00', '', '', ''],
    ]);
    // A Changes download is a download: logged with its layout and counted against the plan's maximum.
    const logged = await t.database.db.selectFrom('download_log').select(['layout', 'format', 'subscription_id']).where('user_id', '=', userId).execute();
    expect(logged).toEqual([{ layout: 'changes', format: 'csv', subscription_id: expect.any(Number) }]);
  });

  test('.xlsx: the same rows, money and percents as numbers, on a sheet named Changes', async () => {
    const { client } = await subscriberWithMarkups('xlsx');
    const response = await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId, layout: 'changes', format: 'xlsx' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Changes');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(changesHeader);
    expect(values(2)).toEqual(['Up', 'EMT-050', '1/2" EMT Set-Screw Connector', 'Conduit Fittings', 'EA', 10, 11, 11, 13.2, 11.91, 14.29, 2.2, 20]);
    expect(values(3).slice(11)).toEqual([-80.02, -10]);
    expect(values(4)[2]).toBe('=HYPERLINK("http://evil.example","click")');
    expect(sheet.getRow(4).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(values(5).slice(0, 2)).toEqual(['New', 'NEW-1']);
    expect(values(6).slice(0, 2)).toEqual(['Removed', 'THHN-12-500']);
    expect(sheet.rowCount).toBe(6);
  });

  test('a category with only one edition: the file says there is nothing to compare', async () => {
    const { client } = await clientFor(t, fixture, 'free', 'first-file');
    for (const format of ['csv', 'xlsx'] as const) {
      const response = await client.post('/api/download-products/', { collection_id: fixture.freeEdition, catelog_id: 'none', layout: 'changes', format });
      expect(response.statusCode).toBe(200);
      if (format === 'csv') {
        expect(parse(response.body.slice(1))).toEqual([changesHeader, [NO_PREVIOUS_EDITION_NOTE, ...changesHeader.slice(1).map(() => '')]]);
      } else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
        expect(workbook.worksheets[0]!.getRow(2).getCell(1).value).toBe(NO_PREVIOUS_EDITION_NOTE);
        expect(workbook.worksheets[0]!.rowCount).toBe(2);
      }
    }
  });

  test('a bought edition compares with its own previous edition (February against January: no change)', async () => {
    const { client } = await subscriberWithMarkups('bought');
    const response = await client.post('/api/download-bought-products/', { collection_id: fixture.paidEditions.feb, layout: 'changes' });
    expect(response.statusCode).toBe(200);
    expect(parse(response.body.slice(1))).toEqual([changesHeader]);
  });

  test('same entitlement as other downloads: refused to a user without a subscription, and nothing logged', async () => {
    const { client, userId } = await clientFor(t, fixture, 'free', 'refused');
    const response = await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId, layout: 'changes' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'NOT_SUBSCRIBED', error: 'Not Subscribed' });
    expect(await t.database.db.selectFrom('download_log').select('id').where('user_id', '=', userId!).execute()).toEqual([]);
  });

  test('the store of generated files keeps the Changes file apart from the price list under the same markups', async () => {
    // Markups no other test uses, so that neither file is stored yet.
    const { client } = await subscriberWithMarkups('cache', { ...markups, tax: 7 });
    const request = (layout: 'price-list' | 'changes') =>
      client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId, layout });
    // The users' files: not the price list's template, written after its first download (decision 0043).
    const stored = () => readdirSync(path.join(dataDir, 'files')).filter((name) => !name.endsWith('.tmp') && !name.endsWith('-template'));
    const priceList = await request('price-list');
    const before = stored().length;
    const changes = await request('changes');
    expect(stored()).toHaveLength(before + 1);
    expect(parse(priceList.body.slice(1))[0]).toContain('Markup %');
    expect(parse(changes.body.slice(1))[0]).toEqual(changesHeader);
    expect((await request('changes')).rawPayload.equals(changes.rawPayload)).toBe(true);
  });
});
