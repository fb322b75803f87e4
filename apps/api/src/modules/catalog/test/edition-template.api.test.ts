import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/support/test-app.ts';
import { importEdition } from '../services/import-edition.ts';
import { editionAnnouncements } from '../../mailings/index.ts';

// A user's first download of a price list or QuickBooks file is filled on a worker thread from
// the edition's template, stored beside the generated files (decision 0043). Publishing an edition
// queues the writing of its templates; a machine that lacks one writes the edition's first
// download there with the plain writers, on a worker thread too, then the template.

const markupsA = { markup1_10: 10, markup11_20: 20, markup21_50: 30, markup51_150: 40, markup151_500: 50, markup501: 60, tax: 8.25, inventory_option: 'Inventory, "A"', income_type: '=Sales' };
const markupsB = { ...markupsA, markup11_20: 22.5, tax: 7, inventory_option: '', income_type: '' };
const cases = [
  ['csv', 'price-list'],
  ['xlsx', 'price-list'],
  ['csv', 'quickbooks'],
  ['xlsx', 'quickbooks'],
] as const;

interface Server {
  t: TestApp;
  fixture: CatalogFixture;
  dir: string;
  logs: string[];
}

/** An app on a database of its own with the catalog fixture, its store under a data directory of its own. */
async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tl-template-'));
  const logs: string[] = [];
  const t = await createTestApp({ env: { DATA_DIR: dir, ...env }, logStream: { write: (line) => logs.push(line) }, logLevel: 'warn' });
  return { t, fixture: await createCatalogFixture(t, { downloadMax: 50 }), dir, logs };
}

const servers: Server[] = [];
let main: Server;
const mainLogs: string[] = [];
setUpApiTest({ dataDir: 'tl-template-', logStream: { write: (line) => mainLogs.push(line) }, logLevel: 'warn' }, async ({ t, dataDir }) => {
  main = { t, fixture: await createCatalogFixture(t, { downloadMax: 50 }), dir: dataDir, logs: mainLogs };
});
afterAll(async () => {
  for (const server of servers) {
    await server.t.close();
    rmSync(server.dir, { recursive: true, force: true });
  }
});

const stored = (server: Server) => (existsSync(path.join(server.dir, 'files')) ? readdirSync(path.join(server.dir, 'files')).sort() : []);
const templates = (server: Server) => stored(server).filter((name) => name.endsWith('-template'));
// Without the templates being written (`<key>-template.<suffix>.tmp`).
const userFiles = (server: Server) => stored(server).filter((name) => !name.includes('-template'));
const unfinished = (server: Server) => stored(server).filter((name) => name.endsWith('.tmp'));

/** Waits until the store holds `count` templates: one is written after the edition's first download on a machine. */
async function templatesWritten(server: Server, count: number): Promise<void> {
  await vi.waitFor(() => expect(templates(server)).toHaveLength(count), { timeout: 20_000, interval: 20 });
}

async function download(server: Server, client: TestClient, format: 'csv' | 'xlsx', layout: 'price-list' | 'quickbooks') {
  const response = await client.post('/api/download-products/', { collection_id: server.fixture.paidEditions.mar, catelog_id: server.fixture.paidCategoryId, format, layout });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.rawPayload;
}

/** The user's download log rows by status, once none is still being sent. */
async function settled(server: Server, userId: number): Promise<Record<'reserved' | 'completed' | 'aborted', number>> {
  const count = async () => {
    const rows = await server.t.database.db.selectFrom('download_log').select('status').where('user_id', '=', userId).execute();
    const counts = { reserved: 0, completed: 0, aborted: 0 };
    for (const row of rows) counts[row.status] += 1;
    return counts;
  };
  await vi.waitFor(async () => expect((await count()).reserved).toBe(0), { timeout: 20_000, interval: 50 });
  return count();
}

describe('first downloads filled from the edition template', () => {
  test('CSV and .xlsx, price list and QuickBooks: the edition\'s first download (no template yet) and the next user\'s (filled from it) have the same bytes as a generation without the store; one template per format and layout serves every user', async () => {
    const plain = await startServer({ FILE_CACHE_MAX_MB: '0' });
    servers.push(plain);
    const { client } = await clientFor(main.t, main.fixture, 'subscriber', 'fill-a');
    const { client: other } = await clientFor(main.t, main.fixture, 'subscriber', 'fill-b');
    const { client: plainClient } = await clientFor(plain.t, plain.fixture, 'subscriber', 'plain');
    expect((await client.post('/api/user_factor/', markupsA)).statusCode).toBe(200);
    expect((await other.post('/api/user_factor/', markupsB)).statusCode).toBe(200);
    for (const [format, layout] of cases) {
      const templateCount = templates(main).length;
      const first = await download(main, client, format, layout);
      expect((await plainClient.post('/api/user_factor/', markupsA)).statusCode).toBe(200);
      expect(first.equals(await download(plain, plainClient, format, layout))).toBe(true);
      await templatesWritten(main, templateCount + 1);
      const templatesBefore = templates(main);
      const filledForOther = await download(main, other, format, layout);
      expect(templates(main)).toEqual(templatesBefore);
      expect((await plainClient.post('/api/user_factor/', markupsB)).statusCode).toBe(200);
      expect(filledForOther.equals(await download(plain, plainClient, format, layout))).toBe(true);
    }
    expect(templates(main)).toHaveLength(4);
    expect(userFiles(main)).toHaveLength(8);
  });

  test('a process whose store lacks the templates (another data directory) serves the same bytes, and writes them after the first download', async () => {
    const second = await startServer();
    servers.push(second);
    const { client } = await clientFor(main.t, main.fixture, 'subscriber', 'first-machine');
    const { client: secondClient } = await clientFor(second.t, second.fixture, 'subscriber', 'second-machine');
    for (const c of [client, secondClient]) expect((await c.post('/api/user_factor/', { ...markupsA, markup501: 61 })).statusCode).toBe(200);
    for (const [format, layout] of cases) {
      const fromMain = await download(main, client, format, layout);
      expect((await download(second, secondClient, format, layout)).equals(fromMain)).toBe(true);
    }
    await templatesWritten(second, 4);
    // Removed (as a purge would), a template is written again.
    for (const name of templates(second)) rmSync(path.join(second.dir, 'files', name));
    expect((await secondClient.post('/api/user_factor/', { ...markupsA, markup501: 62 })).statusCode).toBe(200);
    await download(second, secondClient, 'csv', 'price-list');
    await templatesWritten(second, 1);
  });

  test('publishing an edition queues one job that writes its templates, every format and product layout', async () => {
    const content = new TextEncoder().encode('sku,name,description,unit,group,cost\nP-1,"Wire, 12 AWG",Copper,RL,Wires,12.50\nP-2,=Box,Steel,EA,Boxes,3.10\n');
    const imported = await importEdition(main.t.ctx, editionAnnouncements, { category: 'Electrical', fileName: 'templates.csv', content, rundate: '2026-04-01' });
    expect(imported.status).toBe('imported');
    const id = imported.status === 'imported' ? imported.edition.id : null;
    const jobs = await main.t.database.db.selectFrom('jobs').select('payload').where('queue', '=', 'edition-templates').execute();
    expect(jobs.filter((job) => (job.payload as { collectionId: number }).collectionId === id)).toHaveLength(1);
    const ofEdition = () => templates(main).filter((name) => name.startsWith(`${id}-`));
    expect(ofEdition()).toEqual([]);
    await main.t.ctx.queue.runDueJobs();
    expect(ofEdition()).toHaveLength(4);
    expect(ofEdition().filter((name) => name.endsWith('.csv-template'))).toHaveLength(2);
  });

  test('a template that fails while a file is filled from it: a clear error logged, an error answer, nothing counted or stored', async () => {
    const { client, userId } = await clientFor(main.t, main.fixture, 'subscriber', 'broken');
    expect((await client.post('/api/user_factor/', markupsA)).statusCode).toBe(200);
    await download(main, client, 'csv', 'price-list');
    const before = (await settled(main, userId!)).completed;
    const files = userFiles(main);
    for (const name of templates(main)) truncateSync(path.join(main.dir, 'files', name), 10);
    // Markups of no other test, so that no stored file of them exists.
    expect((await client.post('/api/user_factor/', { ...markupsA, markup501: 63 })).statusCode).toBe(200);
    const failed = await client.post('/api/download-products/', { collection_id: main.fixture.paidEditions.mar, catelog_id: main.fixture.paidCategoryId, format: 'csv', layout: 'price-list' });
    expect(failed.statusCode).toBe(500);
    expect(await settled(main, userId!)).toMatchObject({ completed: before, aborted: 1 });
    expect(userFiles(main)).toEqual(files);
    expect(unfinished(main)).toEqual([]);
    expect(main.logs.join('\n')).toContain('A file template ends inside a frame');
    for (const name of templates(main)) rmSync(path.join(main.dir, 'files', name));
  });
});

describe('a client that leaves while its file is first written', () => {
  let server: Server;
  let base: string;
  let bulk: { categoryId: number; editionId: number };
  beforeAll(async () => {
    server = main;
    const db = server.t.database.db;
    const category = await db.insertInto('categories').values({ name: 'Bulk', slug: 'bulk', position: 9 }).returning('id').executeTakeFirstOrThrow();
    const edition = await db
      .insertInto('collections')
      .values({ category_id: category.id, collection_id: 'BULK-2026-03', name: 'Bulk list', rundate: '2026-03-01', item_count: 60_000, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO products (collection_id, sku, name, description, unit, group_name, cost_cents)
      SELECT ${edition.id}, 'BULK-' || n, 'Bulk item number ' || n || ' with a longer name', 'A description of item ' || n, 'EA', 'Bulk', 100 + n
      FROM generate_series(1, 60000) AS n
    `.execute(db);
    bulk = { categoryId: category.id, editionId: edition.id };
    base = await server.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  test('the writing stops, nothing is stored or counted; the next download is whole and counted once', async () => {
    const { client, userId } = await clientFor(server.t, server.fixture, 'subscriber', 'leaves');
    expect((await client.post('/api/user_factor/', markupsA)).statusCode).toBe(200);
    const filesBefore = userFiles(server);
    const request = http.request(new URL('/api/download-products/', base), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
      },
    });
    request.on('error', () => undefined);
    request.end(JSON.stringify({ collection_id: bulk.editionId, catelog_id: bulk.categoryId, format: 'xlsx' }));
    // Leaves once the download is reserved: its file is being written (60,000 rows take a while).
    await vi.waitFor(
      async () => expect(await server.t.database.db.selectFrom('download_log').select('id').where('user_id', '=', userId!).executeTakeFirst()).toBeDefined(),
      { timeout: 10_000, interval: 10 },
    );
    request.destroy();
    expect(await settled(server, userId!)).toEqual({ reserved: 0, completed: 0, aborted: 1 });
    await vi.waitFor(() => expect(unfinished(server)).toEqual([]), { timeout: 20_000, interval: 50 });
    expect(userFiles(server)).toEqual(filesBefore);

    const whole = await client.post('/api/download-products/', { collection_id: bulk.editionId, catelog_id: bulk.categoryId, format: 'xlsx' });
    expect(whole.statusCode).toBe(200);
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    expect(userFiles(server)).toHaveLength(filesBefore.length + 1);
    expect(await settled(server, userId!)).toEqual({ reserved: 0, completed: 1, aborted: 1 });
    // The edition's template, written once its first whole download has been served.
    await vi.waitFor(() => expect(templates(server).filter((name) => name.startsWith(`${bulk.editionId}-`))).toHaveLength(1), { timeout: 20_000, interval: 50 });
    expect(unfinished(server)).toEqual([]);
  });
});
