import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { demoAccounts, seedSampleData } from '../src/db/seed.ts';
import { setUpApiTest } from './support/api-test.ts';
import { uniqueAddress } from './support/accounts.ts';
import type { TestApp, TestClient } from './support/test-app.ts';

let t: TestApp;
let subscriber: TestClient;
/** The current sample electrical edition, and two of its items: one with a part number and a UPC, one with neither. */
let edition: { id: number; category_id: number };
let identified: { sku: string; manufacturer_part_number: string; upc: string };
let bare: { sku: string };

setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  // As `npm start` on 15 November 2026: the sample's November edition is current.
  t.clock.advance((new Date('2026-11-15T09:00:00Z').getTime() - t.clock.now().getTime()) / 1000);
  await seedSampleData(t.database.db, t.clock.now());
  const account = demoAccounts.find((demo) => demo.subscription === 'annual')!;
  subscriber = t.client({ remoteAddress: uniqueAddress() });
  expect((await subscriber.post('/api/login_page/', { email: account.email, password: account.password })).statusCode).toBe(200);
  const current = (await subscriber.get('/api/latest-collection/ALL/')).json().latest_collection as Array<{ id: number; category_id: number; category_name: string }>;
  edition = current.find((collection) => collection.category_name === 'Electrical')!;
  const products = t.database.db.selectFrom('products').where('collection_id', '=', edition.id).orderBy('id');
  const withBoth = await products.select(['sku', 'manufacturer_part_number', 'upc']).where('upc', 'is not', null).where('manufacturer_part_number', 'is not', null).executeTakeFirstOrThrow();
  identified = { sku: withBoth.sku, manufacturer_part_number: withBoth.manufacturer_part_number!, upc: withBoth.upc! };
  bare = await products.select('sku').where('upc', 'is', null).where('manufacturer_part_number', 'is', null).executeTakeFirstOrThrow();
});

const download = (format: 'csv' | 'xlsx', layout = 'price-list') =>
  subscriber.post('/api/download-products/', { collection_id: edition.id, catelog_id: edition.category_id, format, layout });

describe('the sample catalog’s part numbers and UPCs reach the price list (issue 19)', () => {
  test('CSV: the Manufacturer part number and UPC columns hold the item’s, leading zeros kept; empty for an item without', async () => {
    const response = await download('csv');
    expect(response.statusCode).toBe(200);
    const records = parse(response.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0]!).slice(-2)).toEqual(['Manufacturer part number', 'UPC']);
    const row = records.find((record) => record.SKU === identified.sku)!;
    expect({ mpn: row['Manufacturer part number'], upc: row.UPC }).toEqual({ mpn: identified.manufacturer_part_number, upc: identified.upc });
    expect(row.UPC).toMatch(/^\d{12}$/);
    const empty = records.find((record) => record.SKU === bare.sku)!;
    expect({ mpn: empty['Manufacturer part number'], upc: empty.UPC }).toEqual({ mpn: '', upc: '' });
    // Every sample item with a UPC has it in the file.
    const upcs = await t.database.db.selectFrom('products').select(['sku', 'upc']).where('collection_id', '=', edition.id).where('upc', 'is not', null).execute();
    const bySku = new Map(records.map((record) => [record.SKU, record]));
    for (const product of upcs) expect(bySku.get(product.sku)?.UPC, product.sku).toBe(product.upc);
  });

  test('.xlsx: the same cells as text, under a header row that carries an autofilter over the whole list', async () => {
    const response = await download('xlsx');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload.buffer.slice(response.rawPayload.byteOffset, response.rawPayload.byteOffset + response.rawPayload.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(-2)).toEqual(['Manufacturer part number', 'UPC']);
    const items = await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll<string>().as('n')).where('collection_id', '=', edition.id).executeTakeFirstOrThrow();
    expect(sheet.autoFilter).toBe(`A1:L${Number(items.n) + 1}`);
    let found = 0;
    sheet.eachRow((row) => {
      if (row.getCell(1).value !== identified.sku) return;
      found += 1;
      expect(row.getCell(11).value).toBe(identified.manufacturer_part_number);
      expect(row.getCell(12).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(12).value).toBe(identified.upc);
    });
    expect(found).toBe(1);
  });

  test('the QuickBooks layout, whose import has no such fields, keeps its own columns', async () => {
    const response = await download('csv', 'quickbooks');
    const [header] = parse(response.body, { bom: true, to: 1 }) as string[][];
    expect(header).toEqual(['Name', 'SKU', 'Type', 'Sales Description', 'Sales Price/Rate', 'Income Account', 'Purchase Description', 'Purchase Cost']);
    expect(response.body).not.toContain(identified.upc);
  });
});
