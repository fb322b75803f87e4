import http from 'node:http';
import { sql } from 'kysely';
import { describe, expect, test, vi } from 'vitest';
import { createCatalogFixture, clientFor, fixtureProducts, type CatalogFixture } from '../../../../test/support/catalog.ts';
import { insertProducts } from '../repositories/products.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';
import { runAdminCommand } from '../../operator/services/run-admin-command.ts';

let t: TestApp;
let fixture: CatalogFixture;
let base: string;
/** A paid category whose current edition is big enough (60,000 items, about 5 MB) to abort mid-file. */
let big: { categoryId: number; editionId: number };

/** Adds a paid category whose current edition has `items` products, about 85 bytes each as CSV. */
async function addBulkEdition(app: TestApp, items: number): Promise<{ categoryId: number; editionId: number }> {
  const db = app.database.db;
  const category = await db.insertInto('categories').values({ name: 'Bulk', slug: 'bulk', position: 9 }).returning('id').executeTakeFirstOrThrow();
  const edition = await db
    .insertInto('collections')
    .values({ category_id: category.id, collection_id: 'BULK-2026-03', name: 'Bulk list', rundate: '2026-03-01', item_count: items, image: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO products (collection_id, sku, name, description, unit, group_name, cost_cents)
    SELECT ${edition.id}, 'BULK-' || n, 'Bulk item number ' || n || ' with a longer name', 'A description of item ' || n, 'EA', 'Bulk', 100 + n
    FROM generate_series(1, ${items}::int) AS n
  `.execute(db);
  return { categoryId: category.id, editionId: edition.id };
}

/**
 * Adds `count` paid categories, each with one edition (current, so a subscriber may download it)
 * of the fixture's products: more editions than the maximum of 5 to count against.
 */
async function addPaidEditions(app: TestApp, count: number): Promise<Array<{ collection_id: number; catelog_id: number }>> {
  const db = app.database.db;
  const editions = [];
  for (let index = 1; index <= count; index += 1) {
    const category = await db.insertInto('categories').values({ name: `List ${index}`, slug: `list-${index}`, position: 10 + index }).returning('id').executeTakeFirstOrThrow();
    const edition = await db
      .insertInto('collections')
      .values({ category_id: category.id, collection_id: `LIST-${index}-2026-03`, name: `List ${index}`, rundate: '2026-03-01', item_count: fixtureProducts.length, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertProducts(db, fixtureProducts.map((p) => ({ ...p, collection_id: edition.id, manufacturer_part_number: null, upc: null })));
    editions.push({ collection_id: edition.id, catelog_id: category.id });
  }
  return editions;
}

/** Ten more paid editions, one per category. */
let others: Array<{ collection_id: number; catelog_id: number }>;

setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t, { downloadMax: 5 });
  big = await addBulkEdition(t, 60_000);
  others = await addPaidEditions(t, 10);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const paidDownload = () => ({ collection_id: fixture.paidEditions.mar, catelog_id: fixture.paidCategoryId });

/** The distinct editions of the user's completed downloads. */
async function completedEditions(userId: number, app: TestApp = t): Promise<number[]> {
  const rows = await app.database.db.selectFrom('download_log').select('collection_id').distinct().where('user_id', '=', userId).where('status', '=', 'completed').execute();
  return rows.map((row) => row.collection_id).sort((a, b) => a - b);
}

/** Fifty requests at once: five for each of the ten other editions, interleaved. */
const fiftyForTenEditions = () => Array.from({ length: 50 }, (_, index) => others[index % 10]!);

/** The user's download log rows by status. */
async function logOf(userId: number, app: TestApp = t): Promise<Record<'reserved' | 'completed' | 'aborted', number>> {
  const rows = await app.database.db.selectFrom('download_log').select('status').where('user_id', '=', userId).execute();
  const counts = { reserved: 0, completed: 0, aborted: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/** Waits until no download of the user is still being sent. */
async function settled(userId: number, app: TestApp = t) {
  await vi.waitFor(async () => expect((await logOf(userId, app)).reserved).toBe(0), { timeout: 10_000, interval: 50 });
  return logOf(userId, app);
}

/** The headers a browser sends with the session of a signed-in test client. */
function wireHeaders(client: TestClient): Record<string, string> {
  return {
    'content-type': 'application/json',
    cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
  };
}

/** POSTs a download over a real socket; the answer is read by the caller. */
function postOverSocket(server: string, client: TestClient, body: object): Promise<{ request: http.ClientRequest; response: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL('/api/download-products/', server), { method: 'POST', headers: wireHeaders(client) }, (response) => resolve({ request, response }));
    request.once('error', reject);
    request.end(JSON.stringify(body));
  });
}

/**
 * Reads an answer chunk by chunk, telling `onChunk` the bytes and lines received so far; hangs up
 * when it answers 'hang up'. Returns what arrived, and whether the answer ended whole.
 */
async function readAnswer(
  request: http.ClientRequest,
  response: http.IncomingMessage,
  onChunk: (received: { bytes: number; lines: number }) => 'read on' | 'hang up' | Promise<'read on' | 'hang up'> = () => 'read on',
): Promise<{ bytes: number; lines: number; whole: boolean }> {
  const received = { bytes: 0, lines: 0 };
  request.on('error', () => undefined);
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      received.bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) received.lines += 1;
      if ((await onChunk(received)) === 'hang up') {
        request.destroy();
        return { ...received, whole: false };
      }
    }
  } catch {
    return { ...received, whole: false };
  }
  return { ...received, whole: response.complete };
}

/** POSTs over a real socket, reads the first chunk of the answer, then hangs up. */
function downloadAndAbortAfterFirstChunk(client: TestClient, body: object): Promise<{ status: number; bytes: number }> {
  const url = new URL('/api/download-products/', base);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: wireHeaders(client) }, (response) => {
      response.once('data', (chunk: Buffer) => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, bytes: chunk.length });
      });
      response.once('error', () => undefined);
    });
    request.once('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    request.end(JSON.stringify(body));
  });
}

describe('downloads are counted once half of the file has been sent', () => {
  test('with a maximum of 5, 50 simultaneous requests for 10 editions give the files of exactly 5 editions, each counted once', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'race');
    const requested = fiftyForTenEditions();
    const responses = await Promise.all(requested.map((body) => client.post('/api/download-products/', body)));
    const served = new Set(requested.filter((_, index) => responses[index]!.statusCode === 200).map((body) => body.collection_id));
    expect(served.size).toBe(5);
    // Every request for a served edition got its file; every other one was refused at the maximum.
    responses.forEach((response, index) => expect(response.statusCode).toBe(served.has(requested[index]!.collection_id) ? 200 : 403));
    expect(responses.find((r) => r.statusCode === 403)!.json()).toMatchObject({ code: 'DOWNLOAD_LIMIT_REACHED' });
    // A refused request writes no log row.
    expect(await settled(userId!)).toEqual({ reserved: 0, completed: 25, aborted: 0 });
    expect(await completedEditions(userId!)).toEqual([...served].sort((a, b) => a - b));
    expect((await client.get('/api/latest-collection/ALL/')).json().downloads).toMatchObject({ used: 5, allowed: 5, left: 0 });
  });

  test('over real sockets: 50 simultaneous requests for 10 editions with a maximum of 5 give complete files of exactly 5 editions', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'wire-race');
    const requested = fiftyForTenEditions();
    const responses = await Promise.all(
      requested.map(async (body) => {
        const response = await fetch(new URL('/api/download-products/', base), {
          method: 'POST',
          headers: wireHeaders(client),
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.text(), edition: body.collection_id };
      }),
    );
    const files = responses.filter((r) => r.status === 200);
    expect(new Set(files.map((file) => file.edition)).size).toBe(5);
    expect(files).toHaveLength(25);
    for (const file of files) expect(file.body).toContain('EMT-050');
    expect(responses.filter((r) => r.status === 403).every((r) => JSON.parse(r.body).code === 'DOWNLOAD_LIMIT_REACHED')).toBe(true);
    expect(await settled(userId!)).toEqual({ reserved: 0, completed: 25, aborted: 0 });
    expect(await completedEditions(userId!)).toHaveLength(5);
  });

  test('50 simultaneous first downloads of one edition, with a maximum of 5: every file is served and the edition counts once', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'same-race');
    const responses = await Promise.all(Array.from({ length: 50 }, () => client.post('/api/download-products/', paidDownload())));
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await settled(userId!)).toEqual({ reserved: 0, completed: 50, aborted: 0 });
    expect((await client.get('/api/latest-collection/ALL/')).json().downloads).toMatchObject({ used: 1, allowed: 5, left: 4 });
  });

  test('a client that hangs up after more than half of a stored file is counted once', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'half');
    const { request, response } = await postOverSocket(base, client, { collection_id: big.editionId, catelog_id: big.categoryId });
    expect(response.statusCode).toBe(200);
    const size = Number(response.headers['content-length']);
    expect(size).toBeGreaterThan(4_000_000);
    const read = await readAnswer(request, response, ({ bytes }) => (bytes * 2 > size ? 'hang up' : 'read on'));
    expect(read.whole).toBe(false);
    expect(read.bytes).toBeLessThan(size);
    expect(await settled(userId!)).toEqual({ reserved: 0, completed: 1, aborted: 0 });
    expect((await client.get(`/api/latest-collection/${big.categoryId}/`)).json().downloads).toMatchObject({ used: 1, allowed: 5, left: 4 });
  });

  test('a client that hangs up after the first chunk is not charged; a complete download is counted once', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'abort');
    // The big list is the subscriber's current edition of its category.
    const aborted = await downloadAndAbortAfterFirstChunk(client, { collection_id: big.editionId, catelog_id: big.categoryId });
    expect(aborted.status).toBe(200);
    expect(aborted.bytes).toBeGreaterThan(0);
    expect(await settled(userId!)).toEqual({ reserved: 0, completed: 0, aborted: 1 });
    const latest = await client.get(`/api/latest-collection/${big.categoryId}/`);
    expect(latest.json().downloads).toMatchObject({ used: 0, allowed: 5, left: 5 });

    const complete = await fetch(new URL('/api/download-products/', base), {
      method: 'POST',
      headers: wireHeaders(client),
      body: JSON.stringify({ collection_id: big.editionId, catelog_id: big.categoryId }),
    });
    expect(complete.status).toBe(200);
    const text = await complete.text();
    expect(text).toContain('BULK-60000');
    expect(await settled(userId!)).toEqual({ reserved: 0, completed: 1, aborted: 1 });
    expect((await client.get(`/api/latest-collection/${big.categoryId}/`)).json().downloads).toMatchObject({ used: 1, allowed: 5, left: 4 });
  });

  test('aborting downloads cannot get around the hourly limit', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'abort-many');
    const limit = t.config.rateLimits.downloadsPerUser.limit;
    // Earlier hits of the hour are counted whatever became of the files.
    await t.database.db.insertInto('rate_limits').values({ key: `download:user:${userId}`, window_start: t.clock.now(), count: limit - 2 }).execute();
    for (let i = 0; i < 2; i += 1) {
      expect((await downloadAndAbortAfterFirstChunk(client, { collection_id: big.editionId, catelog_id: big.categoryId })).status).toBe(200);
    }
    const refused = await client.post('/api/download-products/', { collection_id: big.editionId, catelog_id: big.categoryId });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(await settled(userId!)).toEqual({ reserved: 0, completed: 0, aborted: 2 });
  });

  test('a download being sent holds its place; one left behind by a killed process lapses and is not counted', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'lapse');
    const subscription = await t.database.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId!).executeTakeFirstOrThrow();
    const now = t.clock.now();
    const reservation = (collectionId: number, minutes: number) => ({
      user_id: userId!,
      collection_id: collectionId,
      subscription_id: subscription.id,
      period_start: subscription.current_period_start,
      format: 'csv',
      layout: 'price-list',
      status: 'reserved' as const,
      reserved_until: new Date(now.getTime() + minutes * 60_000),
      created_at: now,
    });
    // Files of four editions going out now, one of a fifth whose process died ten minutes ago.
    await t.database.db
      .insertInto('download_log')
      .values([...others.slice(0, 4).map((edition) => reservation(edition.collection_id, 5)), reservation(others[4]!.collection_id, -1)])
      .execute();
    expect((await client.get('/api/latest-collection/ALL/')).json().downloads).toMatchObject({ used: 4, allowed: 5, left: 1 });
    expect((await client.post('/api/download-products/', paidDownload())).statusCode).toBe(200);
    const refused = await client.post('/api/download-products/', others[4]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('DOWNLOAD_LIMIT_REACHED');
    // An edition whose file is still going out counts already: downloading it again takes nothing.
    expect((await client.post('/api/download-products/', others[0]!)).statusCode).toBe(200);
    // Once the four lapse unfinished, their places come back, but for the first edition's: its second file was served.
    t.clock.advance(6 * 60);
    expect((await client.get('/api/latest-collection/ALL/')).json().downloads).toMatchObject({ used: 2, left: 3 });
    expect((await client.post('/api/download-products/', others[4]!)).statusCode).toBe(200);
  });
});

describe('a streamed file (no stored copy, so no size in advance) counts by its rows', () => {
  const ROWS = 120_000;
  let streamed: TestApp;
  let streamedFixture: CatalogFixture;
  let streamedBase: string;
  let bulk: { categoryId: number; editionId: number };
  // A data directory of its own: the store of files is shared by the apps of one directory.
  setUpApiTest({ dataDir: 'tl-streamed-', env: { FILE_CACHE_MAX_MB: '0' } }, async (setup) => {
    ({ t: streamed } = setup);
    streamedFixture = await createCatalogFixture(streamed, { downloadMax: 5 });
    bulk = await addBulkEdition(streamed, ROWS);
    streamedBase = await streamed.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const bulkDownload = () => ({ collection_id: bulk.editionId, catelog_id: bulk.categoryId });

  test('more than half of the rows read, then the connection destroyed: counted once', async () => {
    const { client, userId } = await clientFor(streamed, streamedFixture, 'subscriber', 'stream-half');
    const { request, response } = await postOverSocket(streamedBase, client, bulkDownload());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    const read = await readAnswer(request, response, ({ lines }) => (lines * 2 > ROWS ? 'hang up' : 'read on'));
    expect(read.whole).toBe(false);
    expect(await settled(userId!, streamed)).toEqual({ reserved: 0, completed: 1, aborted: 0 });
  });

  test('the first chunk read, then the connection destroyed: not counted; a whole download is counted once', async () => {
    const { client, userId } = await clientFor(streamed, streamedFixture, 'subscriber', 'stream-little');
    const first = await postOverSocket(streamedBase, client, bulkDownload());
    expect((await readAnswer(first.request, first.response, () => 'hang up')).whole).toBe(false);
    expect(await settled(userId!, streamed)).toEqual({ reserved: 0, completed: 0, aborted: 1 });
    const whole = await postOverSocket(streamedBase, client, bulkDownload());
    const read = await readAnswer(whole.request, whole.response);
    expect(read).toMatchObject({ whole: true, lines: ROWS + 1 });
    expect(await settled(userId!, streamed)).toEqual({ reserved: 0, completed: 1, aborted: 1 });
  });

  test('a file that fails on our side after more than half has been sent is not counted', async () => {
    const { client, userId } = await clientFor(streamed, streamedFixture, 'subscriber', 'stream-fails');
    const db = streamed.database.db;
    const { request, response } = await postOverSocket(streamedBase, client, bulkDownload());
    let failed = false;
    try {
      const read = await readAnswer(request, response, async ({ lines }): Promise<'read on'> => {
        if (!failed && lines * 2 > ROWS) {
          // The products table goes away under the generator: its next page fails.
          failed = true;
          await sql`ALTER TABLE products RENAME TO products_away`.execute(db);
        }
        return 'read on';
      });
      expect(failed).toBe(true);
      expect(read.whole).toBe(false);
      expect(read.lines).toBeLessThan(ROWS + 1);
    } finally {
      if (failed) await sql`ALTER TABLE products_away RENAME TO products`.execute(db);
    }
    expect(await settled(userId!, streamed)).toEqual({ reserved: 0, completed: 0, aborted: 1 });
  });
});

describe('each edition counts once per period, whatever its format, layout or markups (decision 0029)', () => {
  test('CSV, then Excel, then the QuickBooks and Changes layouts of one edition use 1; another edition makes 2', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'once');
    const used = async () => (await client.get('/api/latest-collection/ALL/')).json().downloads.used as number;
    const overview = async () => (await client.get('/api/subscription/')).json().subscription as { downloads_used: number; downloads_allowed: number };
    const download = async (body: object) => {
      const response = await client.post('/api/download-products/', body);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      await settled(userId!);
    };
    expect(await used()).toBe(0);
    await download({ ...paidDownload(), format: 'csv' });
    expect(await used()).toBe(1);
    await download({ ...paidDownload(), format: 'xlsx' });
    await download({ ...paidDownload(), format: 'csv', layout: 'quickbooks' });
    await download({ ...paidDownload(), format: 'xlsx', layout: 'changes' });
    // Other markups make another file of the same edition, still the same edition.
    expect((await client.post('/api/user_factor/', { markup1_10: 12, markup11_20: 11, markup21_50: 10, markup51_150: 9, markup151_500: 8, markup501: 7, tax: 6, inventory_option: '', income_type: '' })).statusCode).toBe(200);
    await download({ ...paidDownload(), format: 'csv' });
    expect(await used()).toBe(1);
    expect(await overview()).toMatchObject({ downloads_used: 1, downloads_allowed: 5 });
    // Another edition (February's, bought) is a second one.
    await download({ collection_id: fixture.paidEditions.feb, catelog_id: fixture.paidCategoryId, format: 'xlsx' });
    expect(await used()).toBe(2);
    expect(await overview()).toMatchObject({ downloads_used: 2 });
    // Every file is in the log all the same.
    expect(await logOf(userId!)).toEqual({ reserved: 0, completed: 6, aborted: 0 });
  });

  test('at the maximum, an edition downloaded this period still downloads in any format and layout; a new one is refused', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'at-max');
    for (const edition of others.slice(0, 5)) expect((await client.post('/api/download-products/', edition)).statusCode).toBe(200);
    await settled(userId!);
    expect((await client.get('/api/latest-collection/ALL/')).json().downloads).toMatchObject({ used: 5, allowed: 5, left: 0 });
    for (const request of [{ format: 'xlsx' }, { layout: 'quickbooks' }, { format: 'xlsx', layout: 'changes' }]) {
      expect((await client.post('/api/download-products/', { ...others[2]!, ...request })).statusCode).toBe(200);
    }
    const refused = await client.post('/api/download-products/', paidDownload());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'DOWNLOAD_LIMIT_REACHED', error: 'You have used all 5 downloads of your plan for this period.' });
    await settled(userId!);
    expect((await client.get('/api/latest-collection/ALL/')).json().downloads).toMatchObject({ used: 5, left: 0 });
  });

  test('an edition whose only download was cut short early is not counted, so it is a first download again', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'cut-then-max');
    expect((await downloadAndAbortAfterFirstChunk(client, { collection_id: big.editionId, catelog_id: big.categoryId })).status).toBe(200);
    for (const edition of others.slice(0, 5)) expect((await client.post('/api/download-products/', edition)).statusCode).toBe(200);
    expect(await settled(userId!)).toEqual({ reserved: 0, completed: 5, aborted: 1 });
    const refused = await client.post('/api/download-products/', { collection_id: big.editionId, catelog_id: big.categoryId });
    expect(refused.json().code).toBe('DOWNLOAD_LIMIT_REACHED');
  });
});

describe('downloads are counted per subscription period', () => {
  test('free editions do not count; a free user has no allowance', async () => {
    const subscriber = await clientFor(t, fixture, 'subscriber', 'free-edition');
    expect((await subscriber.client.post('/api/download-products/', { collection_id: fixture.freeEdition, catelog_id: 'none' })).statusCode).toBe(200);
    await settled(subscriber.userId!);
    expect((await subscriber.client.get('/api/latest-collection/FREE/')).json().downloads).toMatchObject({ used: 0, allowed: 5 });
    const free = await clientFor(t, fixture, 'free', 'no-allowance');
    expect((await free.client.get('/api/latest-collection/ALL/')).json().downloads).toBeNull();
  });

  test('an extended grant starts a fresh count', async () => {
    const { client, userId } = await clientFor(t, fixture, 'subscriber', 'extend');
    for (let i = 0; i < 5; i += 1) expect((await client.post('/api/download-products/', others[i]!)).statusCode).toBe(200);
    await settled(userId!);
    expect((await client.post('/api/download-products/', paidDownload())).json().code).toBe('DOWNLOAD_LIMIT_REACHED');
    const before = (await client.get('/api/latest-collection/ALL/')).json().downloads;
    expect(before).toMatchObject({ used: 5, allowed: 5, left: 0 });

    t.clock.advance(60);
    const user = await t.database.db.selectFrom('users').select('email').where('id', '=', userId!).executeTakeFirstOrThrow();
    const extended = await runAdminCommand(t.ctx, ['grant-subscription', user.email, '--days', '3650'], new Map());
    expect(extended.exitCode, extended.output).toBe(0);
    const after = (await client.get('/api/latest-collection/ALL/')).json().downloads;
    expect(after).toMatchObject({ used: 0, allowed: 5, left: 5, period_start: t.clock.now().toISOString() });
    expect(new Date(after.period_end).getTime()).toBeGreaterThan(new Date(before.period_end).getTime());
    expect((await client.post('/api/download-products/', paidDownload())).statusCode).toBe(200);
    // The earlier period keeps its five: the log is counted per period, not reset.
    const subscription = await t.database.db.selectFrom('subscriptions').select(['id', 'period_start']).where('user_id', '=', userId!).executeTakeFirstOrThrow();
    const byPeriod = await t.database.db
      .selectFrom('download_log')
      .select(['period_start', (eb) => eb.fn.countAll<string>().as('n')])
      .where('subscription_id', '=', subscription.id)
      .groupBy('period_start')
      .orderBy('period_start')
      .execute();
    expect(byPeriod.map((row) => Number(row.n))).toEqual([5, 1]);
    // The bought editions still reach back to the subscription's start.
    expect((await client.get(`/api/latest-collection/${fixture.paidCategoryId}/`)).json().bought_collections.map((c: { id: number }) => c.id)).toEqual([
      fixture.paidEditions.feb,
    ]);
  });
});
