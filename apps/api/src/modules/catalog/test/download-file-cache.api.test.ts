import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, test, vi } from 'vitest';
import { priceFor } from '@tradelist/pricing/markups';
import { insertProducts } from '../repositories/products.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

const markupsA = { markup1_10: 10, markup11_20: 20, markup21_50: 30, markup51_150: 40, markup151_500: 50, markup501: 60, tax: 8.25, inventory_option: 'Non-inventory', income_type: 'Sales' };
const markupsB = { ...markupsA, markup11_20: 22.5, tax: 7 };

let dataDir: string;
let t: TestApp;
let fixture: CatalogFixture;
setUpApiTest({ dataDir: 'tl-file-cache-' }, async (setup) => {
  ({ t, dataDir } = setup);
  fixture = await createCatalogFixture(t);
});

const filesDir = () => path.join(dataDir, 'files');
/** The users' stored files (the editions' templates lie beside them). */
// Without the editions' templates (decision 0043), nor those being written after a first download.
const storedFiles = () => readdirSync(filesDir()).filter((name) => !name.includes('-template')).sort();
/** Completed downloads of the user, once every reservation has been settled (settling follows the response). */
async function downloadsUsed(userId: number): Promise<number> {
  const count = (status: 'reserved' | 'completed') =>
    t.database.db
      .selectFrom('download_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  await vi.waitFor(async () => expect(await count('reserved')).toBe(0), { timeout: 10_000, interval: 50 });
  return count('completed');
}

async function download(client: TestClient, format: 'csv' | 'xlsx') {
  const response = await client.post('/api/download-products/', { collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId, format });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response;
}

describe('generated files are stored and served again', () => {
  test('a second download is served from storage with the same bytes and a Content-Length, and still counts', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'cache');
    expect((await client.post('/api/user_factor/', markupsA)).statusCode).toBe(200);
    for (const format of ['csv', 'xlsx'] as const) {
      const first = await download(client, format);
      const filesAfterFirst = storedFiles();
      const second = await download(client, format);
      expect(storedFiles()).toEqual(filesAfterFirst);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(Number(second.headers['content-length'])).toBe(second.rawPayload.length);
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(second.headers['content-disposition']).toBe(first.headers['content-disposition']);
    }
    expect(storedFiles()).toHaveLength(2);
    expect(await downloadsUsed(userId!)).toBe(4);
  });

  test('a fresh generation (storage emptied) has the same bytes as the stored file', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'fresh');
    expect((await client.post('/api/user_factor/', markupsA)).statusCode).toBe(200);
    for (const format of ['csv', 'xlsx'] as const) {
      const stored = await download(client, format);
      rmSync(filesDir(), { recursive: true, force: true });
      const fresh = await download(client, format);
      expect(fresh.rawPayload.equals(stored.rawPayload)).toBe(true);
    }
  });

  test('new markups give a new file with the new prices; going back to the old markups serves the old file', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'markups');
    expect((await client.post('/api/user_factor/', markupsA)).statusCode).toBe(200);
    const withA = await download(client, 'csv');
    const before = storedFiles();
    expect((await client.post('/api/user_factor/', markupsB)).statusCode).toBe(200);
    const withB = await download(client, 'csv');
    expect(storedFiles()).toHaveLength(before.length + 1);
    expect(withB.rawPayload.equals(withA.rawPayload)).toBe(false);
    const rows: string[][] = parse(withB.body.slice(1));
    const thhn = rows.find((row) => row[0] === 'THHN-12-500')!;
    const price = priceFor(1001, { markup1_10: 1000, markup11_20: 2250, markup21_50: 3000, markup51_150: 4000, markup151_500: 5000, markup501: 6000, tax: 700 });
    expect(thhn[7]).toBe((price.priceCents / 100).toFixed(2));
    expect(thhn[9]).toBe((price.priceWithTaxCents / 100).toFixed(2));
    // Formulas stay neutralised in the stored file.
    expect(rows.find((row) => row[0] === 'INJ-1')![1]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect((await client.post('/api/user_factor/', markupsA)).statusCode).toBe(200);
    const againA = await download(client, 'csv');
    expect(storedFiles()).toHaveLength(before.length + 1);
    expect(againA.rawPayload.equals(withA.rawPayload)).toBe(true);
  });

  test('simultaneous first downloads of one file: every response is whole and identical, one file is stored', async () => {
    const { client } = await clientFor(t, fixture, 'subscriber', 'together');
    expect((await client.post('/api/user_factor/', { ...markupsA, markup501: 61 })).statusCode).toBe(200);
    const before = storedFiles().length;
    const responses = await Promise.all(Array.from({ length: 5 }, () => download(client, 'xlsx')));
    for (const response of responses) expect(response.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    expect(storedFiles()).toHaveLength(before + 1);
    expect(storedFiles().some((name) => name.endsWith('.tmp'))).toBe(false);
  });
});

describe('an edition larger than one page of the COPY reader', () => {
  test('every product comes once, in order, across pages (10,001 items)', async () => {
    const db = t.database.db;
    const size = 10_001;
    const edition = await db
      .insertInto('collections')
      .values({ category_id: fixture.freeCategoryId, collection_id: 'DEMO-BIG', name: 'Demo big', rundate: '2026-02-15', is_free: true, item_count: size, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const products = Array.from({ length: size }, (_, i) => ({
      collection_id: edition.id,
      sku: `BIG-${String(i).padStart(5, '0')}`,
      name: i % 1000 === 7 ? `Tab\there, back\\slash, new\nline ${i}` : `Item ${i}`,
      description: '',
      unit: 'EA',
      group_name: 'Bulk',
      cost_cents: i,
      manufacturer_part_number: null,
      upc: null,
    }));
    await insertProducts(db, products, 1_000);
    const { client } = await clientFor(t, fixture, 'free', 'big');
    const response = await client.post('/api/download-products/', { collection_id: edition.id, catelog_id: fixture.freeCategoryId, format: 'csv' });
    expect(response.statusCode).toBe(200);
    const rows: string[][] = parse(response.body.slice(1));
    expect(rows.slice(1).map((row) => [row[0], row[1], row[5]])).toEqual(products.map((p) => [p.sku, p.name, (p.cost_cents / 100).toFixed(2)]));
  });
});

describe('with FILE_CACHE_MAX_MB=0', () => {
  let off: TestApp;
  let offDir: string;
  let offFixture: CatalogFixture;
  setUpApiTest({ dataDir: 'tl-file-cache-off-', env: { FILE_CACHE_MAX_MB: '0' } }, async (setup) => {
    ({ t: off, dataDir: offDir } = setup);
    offFixture = await createCatalogFixture(off);
  });

  test('files are streamed without a Content-Length, nothing is stored, and the bytes equal the stored files of the other server', async () => {
    const { client: offClient } = await clientFor(off, offFixture, 'subscriber', 'off');
    const { client } = await clientFor(t, fixture, 'subscriber', 'on');
    for (const c of [offClient, client]) expect((await c.post('/api/user_factor/', markupsA)).statusCode).toBe(200);
    for (const format of ['csv', 'xlsx'] as const) {
      const streamed = await offClient.post('/api/download-products/', { collection_id: offFixture.paidEditions.mar, catelog_id: offFixture.paidCategoryId, format });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.headers['content-length']).toBeUndefined();
      const stored = await download(client, format);
      expect(streamed.rawPayload.equals(stored.rawPayload)).toBe(true);
    }
    expect(readdirSync(offDir)).not.toContain('files');
  });
});
