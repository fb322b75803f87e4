import { commercialProfile as commercial } from '../../../../test/support/catalog.ts';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, test, vi } from 'vitest';
import { rulesFromProfile, type PricingProfile, type PricingProfileInput } from '@tradelist/contract/pricing-profiles';
import { formatPercent, parseDollars } from '@tradelist/pricing/money';
import { compileRules, type PricingEngine } from '@tradelist/pricing/rules';
import { findCollectionById } from '../repositories/catalog.ts';
import { insertProducts } from '../repositories/products.ts';
import { editionTemplateKey } from '../services/edition-file-key.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

// Files downloaded with each kind of rule, read back by csv-parse and exceljs, carry the pricing
// engine's prices for the profile asked for (product §3.7a).

const put = (client: TestClient, url: string, body: unknown) => client.request('PUT', url, { body });

let t: TestApp;
let dataDir: string;
let fixture: CatalogFixture;

/** March against February: EMT-050 $10.00 → $11.00, LC-200 $500.01 → $480.00, INJ-1 $2.50 → $2.60, THHN-12-500 gone, NEW-1 (Wires) added. */
setUpApiTest({ dataDir: 'tl-profile-files-' }, async (setup) => {
  ({ t, dataDir } = setup);
  fixture = await createCatalogFixture(t, { downloadMax: 100 });
  const db = t.database.db;
  const march = fixture.paidEditions.mar;
  for (const [sku, cost] of [['EMT-050', 1100], ['LC-200', 48000], ['INJ-1', 260]] as const) {
    await db.updateTable('products').set({ cost_cents: cost }).where('collection_id', '=', march).where('sku', '=', sku).execute();
  }
  await db.deleteFrom('products').where('collection_id', '=', march).where('sku', '=', 'THHN-12-500').execute();
  await insertProducts(db, [{ collection_id: march, sku: 'NEW-1', name: 'New item', description: '', unit: 'EA', group_name: 'Wires', cost_cents: 2000, manufacturer_part_number: null, upc: null }]);
});


/** The March products in file order, with their groups: what the engine reads. */
const marchItems = [
  { sku: 'EMT-050', group: 'Conduit Fittings', costCents: 1100 },
  { sku: 'LC-200', group: 'Breaker Boxes', costCents: 48000 },
  { sku: 'INJ-1', group: '@SUM(A1)', costCents: 260 },
  { sku: '-5', group: 'Wiring Accessories', costCents: 15000 },
  { sku: 'NEW-1', group: 'Wires', costCents: 2000 },
];

async function subscriberWithProfile(label: string, input: PricingProfileInput = commercial): Promise<{ client: TestClient; profile: PricingProfile; engine: PricingEngine }> {
  const { client } = await clientFor(t, fixture, 'subscriber', label);
  expect((await client.post('/api/user_factor/', { markup1_10: 10, markup11_20: 20, tax: 8.25, inventory_option: '', income_type: '' })).statusCode).toBe(200);
  const created = await client.post('/api/pricing-profiles/', input);
  expect(created.statusCode, created.body).toBe(201);
  const profile: PricingProfile = created.json();
  return { client, profile, engine: compileRules(rulesFromProfile(profile)) };
}

async function download(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId, ...body });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response;
}

const csvRows = (body: string): Record<string, string>[] => parse(body.slice(1), { columns: true });
/** A CSV text cell as written: a leading apostrophe guards a cell a spreadsheet would run. */
const unguarded = (cell: string) => cell.replace(/^'/, '');
const cents = (cell: string) => parseDollars(cell);
const percentCell = (bp: number | null) => (bp === null ? '' : formatPercent(bp));
const templates = () => (existsSync(path.join(dataDir, 'files')) ? readdirSync(path.join(dataDir, 'files')).filter((name) => name.endsWith('-template')) : []);

describe('a download priced by a profile', { timeout: 90_000 }, () => {
  test('CSV price list: each kind of rule, read back by csv-parse, equals the engine; the Markup % is the applied one, empty for a fixed price; the file name says the profile', async () => {
    const { client, profile, engine } = await subscriberWithProfile('csv');
    const response = await download(client, { profile_id: profile.id });
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''Electrical%20Price%20List%20%E2%80%94%20March%202026%20-%20Commercial.csv");
    const rows = csvRows(response.body);
    expect(rows.map((row) => unguarded(row['SKU']!))).toEqual(marchItems.map((item) => item.sku));
    rows.forEach((row, index) => {
      const price = engine.price(marchItems[index]!);
      expect([row['Markup %'], cents(row['Price']!), row['Tax %'], cents(row['Price with tax']!)], marchItems[index]!.sku).toEqual([percentCell(price.markupBp), price.priceCents, '7', price.priceWithTaxCents]);
    });
    // The rules, spelled out: exempt at cost; the item's 5 % (504.00 → .95); the fixed 3.33; the band's 25.5 % (188.25 → .95); the group's 15 %.
    expect(rows.map((row) => [row['Markup %'], row['Price']])).toEqual([
      ['0', '11.00'],
      ['5', '504.95'],
      ['', '3.33'],
      ['25.5', '188.95'],
      ['15', '23.95'],
    ]);
  });

  test('.xlsx price list and the QuickBooks layout (CSV and .xlsx) read back by exceljs and csv-parse equal the engine', async () => {
    const { client, profile, engine } = await subscriberWithProfile('xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(client, { profile_id: profile.id, format: 'xlsx' })).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    marchItems.forEach((item, index) => {
      const row = sheet.getRow(index + 2);
      const price = engine.price(item);
      expect(row.getCell(column('SKU')).value).toBe(item.sku);
      expect(Math.round(Number(row.getCell(column('Price')).value) * 100)).toBe(price.priceCents);
      expect(Math.round(Number(row.getCell(column('Price with tax')).value) * 100)).toBe(price.priceWithTaxCents);
      const markup = row.getCell(column('Markup %')).value;
      expect(price.markupBp === null ? markup : Math.round(Number(markup) * 100)).toBe(price.markupBp === null ? null : price.markupBp);
    });

    const quickBooksCsv = csvRows((await download(client, { profile_id: profile.id, layout: 'quickbooks' })).body);
    expect(quickBooksCsv.map((row) => cents(row['Sales Price/Rate']!))).toEqual(marchItems.map((item) => engine.price(item).priceCents));
    const quickBooksXlsx = new ExcelJS.Workbook();
    await quickBooksXlsx.xlsx.load((await download(client, { profile_id: profile.id, layout: 'quickbooks', format: 'xlsx' })).rawPayload as unknown as ArrayBuffer);
    const qbSheet = quickBooksXlsx.worksheets[0]!;
    const qbPrice = (qbSheet.getRow(1).values as unknown[]).indexOf('Sales Price/Rate');
    expect(marchItems.map((_, index) => Math.round(Number(qbSheet.getRow(index + 2).getCell(qbPrice).value) * 100))).toEqual(marchItems.map((item) => engine.price(item).priceCents));
  });

  test('the Changes layout prices both editions with the profile, item by item', async () => {
    const { client, profile, engine } = await subscriberWithProfile('changes');
    const response = await download(client, { profile_id: profile.id, layout: 'changes' });
    expect(response.headers['content-disposition']).toContain('%E2%80%94%20Changes%20-%20Commercial.csv');
    const groups = new Map([...marchItems.map((item) => [item.sku, item.group] as const), ['THHN-12-500', 'Wires']]);
    for (const row of csvRows(response.body)) {
      const sku = unguarded(row['SKU']!);
      const group = groups.get(sku)!;
      const side = (cost: string) => (cost === '' ? null : engine.price({ sku, group, costCents: cents(cost)! }));
      const [before, after] = [side(row['Old cost']!), side(row['New cost']!)];
      expect([cents(row['Old price']!) ?? null, cents(row['New price']!) ?? null, cents(row['New price with tax']!) ?? null], sku).toEqual([
        before?.priceCents ?? null,
        after?.priceCents ?? null,
        after?.priceWithTaxCents ?? null,
      ]);
    }
  });

  test('without profile_id the default profile prices the file, under the edition\'s name alone; a changed profile is never served a stale file', async () => {
    const { client, profile, engine } = await subscriberWithProfile('default');
    const plain = await download(client, {});
    expect(plain.headers['content-disposition']).toContain("filename*=UTF-8''Electrical%20Price%20List%20%E2%80%94%20March%202026.csv");
    // The user factor's 10 % (to $10.00) and 20 % (to $20.00) on the six default bands.
    expect(csvRows(plain.body).map((row) => row['Price'])).toEqual(['13.20', '480.00', '2.86', '150.00', '24.00']);

    const first = csvRows((await download(client, { profile_id: profile.id })).body);
    expect(first.map((row) => cents(row['Price']!))).toEqual(marchItems.map((item) => engine.price(item).priceCents));
    const changed = { ...commercial, ending: '99' as const, group_markups: [{ group: 'Wires', markup: 16 }] };
    const replaced = await put(client, `/api/pricing-profiles/${profile.id}/`, changed);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = csvRows((await download(client, { profile_id: profile.id })).body);
    const engineNow = compileRules(rulesFromProfile(replaced.json()));
    expect(second.map((row) => cents(row['Price']!))).toEqual(marchItems.map((item) => engineNow.price(item).priceCents));
    expect(second.map((row) => row['Price'])).not.toEqual(first.map((row) => row['Price']));
  });

  test('a file filled from the edition\'s template (the next user\'s) carries the profile\'s prices by SKU and group too', async () => {
    // Rules no other test of this file uses, so that no stored file of the same rules can answer.
    const { client, profile, engine } = await subscriberWithProfile('template', { ...commercial, min_margin: '0.51', group_markups: [{ group: 'Wires', markup: 15 }, { group: 'Breaker Boxes', markup: 2 }] });
    await download(client, {});
    const collection = await findCollectionById(t.database.db, fixture.paidEditions.mar);
    const template = editionTemplateKey({ collection: collection!, format: 'csv', layout: 'price-list' });
    await vi.waitFor(() => expect(templates()).toContain(template), { timeout: 20_000, interval: 20 });
    const before = templates();
    const filled = csvRows((await download(client, { profile_id: profile.id })).body);
    expect(templates()).toEqual(before);
    expect(filled.map((row) => [row['Markup %'], cents(row['Price']!), cents(row['Price with tax']!)])).toEqual(
      marchItems.map((item) => {
        const price = engine.price(item);
        return [percentCell(price.markupBp), price.priceCents, price.priceWithTaxCents];
      }),
    );
  });

  test("another user's profile_id is not found: 404, nothing counted", async () => {
    const { profile } = await subscriberWithProfile('owner');
    const { client: stranger, userId } = await clientFor(t, fixture, 'subscriber', 'stranger');
    const response = await stranger.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId, profile_id: profile.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', error: 'This pricing profile was not found.' });
    expect(await t.database.db.selectFrom('download_log').select('id').where('user_id', '=', userId!).execute()).toEqual([]);
    expect((await stranger.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, profile_id: 'x' })).statusCode).toBe(400);
  });
});
