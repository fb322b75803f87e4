import type { QboItemSummary } from '@tradelist/simulators/quickbooks';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { TEST_TOKEN_KEY } from '../../../../test/support/test-app.ts';
import { openToken } from '../services/token-cipher.ts';
import { companyRefusedMessage } from '../services/connections.ts';
import { connect, consent, freeEditionOf, runAndRead, setUpSyncTest, simItems, simStats, startSync, userOf, type SyncTest } from '../../../../test/support/sync.ts';

let s: SyncTest;
// Batches of 10 so that a list of a few dozen items takes several batches (and checkpoints).
setUpSyncTest({ env: { QBO_BATCH_SIZE: '10' } }, (setup) => (s = setup));

const realm = (n = 0) => s.qbo.companies[n]!.realmId;
const itemsOf = async (realmId: string) => (await simItems<QboItemSummary>(s.qbo.url))[realmId] ?? [];

describe('QuickBooks Online: connect', () => {
  test('connect, consent and auth: a connection whose tokens stay on the server, sealed; status names the company', async () => {
    const { client, userId } = await userOf(s, 'free', 'qbo-connect');
    const before = await client.get('/api/quickbooks/status/');
    expect(before.json()).toEqual({ connected: false, connected_at: null, company_id: null, company_name: null, automatic_sync: false });
    const started = await client.post('/api/quickbooks/connect/');
    const url = new URL(started.json().url);
    expect(url.origin + url.pathname).toBe(s.qbo.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: s.qbo.clientId, response_type: 'code', scope: 'com.intuit.quickbooks.accounting', redirect_uri: 'http://localhost:3000/dashboard/quickbooks/callback' });
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(43);

    const auth = await connect(client, 'quickbook');
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ company_id: realm(), access_token: expect.any(String), expires_at: expect.any(String) });
    const row = await s.t.database.db.selectFrom('provider_connections').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'connected', account_id: realm(), key_id: 'test', account_name: 'Sandbox Company US 1' });
    // The handle is not a provider token, and no provider token is stored in the clear.
    const access = openToken([{ id: 'test', key: Buffer.from(TEST_TOKEN_KEY.slice(5), 'base64') }], { keyId: 'test', value: row.access_token_enc! }, `${userId}:quickbook:access`);
    expect(auth.body['access_token']).not.toBe(access);
    expect(row.access_token_enc).not.toContain(access);
    expect(JSON.stringify(auth.body)).not.toContain(access);

    const status = await client.get('/api/quickbooks/status/');
    expect(status.json()).toMatchObject({ connected: true, company_id: realm(), company_name: 'Sandbox Company US 1' });
    expect(status.body).not.toContain(access);
  });

  test('a wrong, reused, expired or other session\'s state is refused with nothing stored', async () => {
    const { client, userId } = await userOf(s, 'free', 'qbo-state');
    const connections = () => s.t.database.db.selectFrom('provider_connections').select('id').where('user_id', '=', userId).execute();

    const wrong = await client.post('/api/quickbooks/auth/', { code: 'x', state: 'not-a-state', realmId: realm() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('OAUTH_STATE_INVALID');

    // Another session of the same user cannot complete a flow this session started.
    const started = await client.post('/api/quickbooks/connect/');
    const callback = new URL(started.json().url).searchParams;
    const other = await userOf(s, 'free', 'qbo-state-other');
    const stolen = await other.client.post('/api/quickbooks/auth/', { code: 'x', state: callback.get('state'), realmId: realm() });
    expect(stolen.json().code).toBe('OAUTH_STATE_INVALID');

    // Expired after 10 minutes.
    s.t.clock.advance(601);
    const late = await client.post('/api/quickbooks/auth/', { code: 'x', state: callback.get('state'), realmId: realm() });
    expect(late.json().code).toBe('OAUTH_STATE_INVALID');
    expect(await connections()).toEqual([]);

    // Used once: the second use of a good state is refused.
    const first = await connect(client, 'quickbook');
    expect(first.status).toBe(200);
    const again = await client.post('/api/quickbooks/auth/', { code: first.callback.get('code'), state: first.callback.get('state'), realmId: realm() });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'OAUTH_STATE_INVALID', error: 'This authorization is invalid or has expired. Please connect again.' });
    // A Jobber flow's state does not complete a QuickBooks authorization (one flow, one provider).
    const jobberStarted = await client.post('/api/jobber/connect/');
    const mixed = await client.post('/api/quickbooks/auth/', { code: 'x', state: new URL(jobberStarted.json().url).searchParams.get('state'), realmId: realm() });
    expect(mixed.json().code).toBe('OAUTH_STATE_INVALID');
  });

  test('disconnect revokes the grant at QuickBooks and deletes the tokens', async () => {
    const { client, userId } = await userOf(s, 'free', 'qbo-disconnect');
    await connect(client, 'quickbook');
    const row = await s.t.database.db.selectFrom('provider_connections').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    const key = [{ id: 'test', key: Buffer.from(TEST_TOKEN_KEY.slice(5), 'base64') }];
    const refresh = openToken(key, { keyId: 'test', value: row.refresh_token_enc! }, `${userId}:quickbook:refresh`);
    const answer = await client.post('/api/quickbooks/disconnect/');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Disconnected from QuickBooks successfully.' });
    expect(await s.t.database.db.selectFrom('provider_connections').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect((await client.get('/api/quickbooks/status/')).json().connected).toBe(false);
    // Revoked at QuickBooks: the refresh token no longer works there.
    const spent = await fetch(s.qbo.tokenUrl, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${s.qbo.clientId}:${s.qbo.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh }),
    });
    expect(((await spent.json()) as { error?: string }).error).toBe('invalid_grant');
  });
});

describe('QuickBooks Online: the company named by the callback is checked', () => {
  test('a realmId the authorization does not open (another company, or a made-up one) is refused with the cause, and nothing is stored', async () => {
    const { client, userId } = await userOf(s, 'free', 'qbo-tampered');
    for (const tampered of [realm(1), '9130350000000000']) {
      const started = await client.post('/api/quickbooks/connect/');
      // The person chose company 0 at QuickBooks; the browser sends another company's id.
      const callback = await consent(started.json().url, 0);
      expect(callback.get('realmId')).toBe(realm(0));
      const auth = await client.post('/api/quickbooks/auth/', { code: callback.get('code'), state: callback.get('state'), realmId: tampered });
      expect(auth.statusCode).toBe(502);
      expect(auth.json()).toMatchObject({ code: 'INTEGRATION_PROVIDER_ERROR', error: companyRefusedMessage });
    }
    expect(await s.t.database.db.selectFrom('provider_connections').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect((await client.get('/api/quickbooks/status/')).json().connected).toBe(false);
    const refused = await client.post('/api/sync-products/', { collection_id: s.fixture.freeEdition, software_name: 'quickbook' });
    expect(refused.json().code).toBe('NOT_CONNECTED');
    // The untampered callback connects.
    expect((await connect(client, 'quickbook')).status).toBe(200);
  });

  test('a connection QuickBooks refuses (403 for its company) fails the sync at once with the cause: one request, no retry', async () => {
    const { client, userId } = await userOf(s, 'free', 'qbo-refused');
    await connect(client, 'quickbook');
    // A connection stored before the company was checked: its token does not open this company.
    await s.t.database.db.updateTable('provider_connections').set({ account_id: realm(1) }).where('user_id', '=', userId).execute();
    const edition = await freeEditionOf(s, 'qborefused', 3);
    const before = (await simStats(s.qbo.url)).requests;
    const syncId = await startSync(client, 'quickbook', edition);
    const result = await runAndRead(s, client, syncId);
    expect(result).toMatchObject({ status: 'failed', error: 'QuickBooks Online refused access to this company. Connect QuickBooks Online again.' });
    expect((await simStats(s.qbo.url)).requests - before).toBe(1);
    // Nothing is left to retry later.
    s.t.clock.advance(3600);
    await s.t.ctx.queue.runDueJobs();
    expect((await simStats(s.qbo.url)).requests - before).toBe(1);
    expect(await itemsOf(realm(1))).toEqual([]);
  });
});

describe('QuickBooks Online: sync', () => {
  test('first sync creates every item with the marked-up price before tax; a re-sync writes nothing; a changed price updates the same item', async () => {
    const { client, userId } = await userOf(s, 'free', 'qbo-sync');
    await connect(client, 'quickbook', 1);
    const edition = await freeEditionOf(s, 'qbofirst', 25);
    await client.post('/api/user_factor/', { markup1_10: 10, markup11_20: 20, tax: 8, inventory_option: 'Service', income_type: 'Services' });
    await s.qbo.reset();
    const syncId = await startSync(client, 'quickbook', edition, realm(1));
    const first = await runAndRead(s, client, syncId);
    expect(first).toMatchObject({ status: 'succeeded', total: 25, created: 25, updated: 0, unchanged: 0, failed: 0, errors: [], error: null, provider: 'quickbook', collection_id: edition });
    const items = await itemsOf(realm(1));
    expect(items).toHaveLength(25);
    const item1 = items.find((i) => i.sku === 'QBOFIRST-0001')!;
    // Cost $10.00 is in the $1-10 band: 10 % makes $11.00; the 8 % tax is QuickBooks' to add.
    expect(item1).toMatchObject({ name: 'qbofirst item 1', type: 'Service', unitPrice: 11, purchaseCost: 10, description: 'Description of qbofirst item 1', active: true });
    const services = await s.t.database.db.selectFrom('sync_links').select(['key', 'remote_id']).where('user_id', '=', userId).where('kind', '=', 'account').execute();
    expect(services.map((l) => l.key).sort()).toEqual(['Cost of Goods Sold', 'Services']);
    expect(item1.incomeAccount).toBe(services.find((l) => l.key === 'Services')!.remote_id);

    const writes = (await simStats(s.qbo.url)).writes;
    const requests = (await simStats(s.qbo.url)).requests;
    const again = await runAndRead(s, client, await startSync(client, 'quickbook', edition));
    expect(again).toMatchObject({ status: 'succeeded', created: 0, updated: 0, unchanged: 25, failed: 0 });
    expect((await simStats(s.qbo.url)).writes).toBe(writes);
    // One page of items read, no account looked up again.
    expect((await simStats(s.qbo.url)).requests - requests).toBe(1);

    await client.post('/api/user_factor/', { markup1_10: 50 });
    const changed = await runAndRead(s, client, await startSync(client, 'quickbook', edition));
    expect(changed).toMatchObject({ status: 'succeeded', created: 0, updated: 25, unchanged: 0 });
    const after = await itemsOf(realm(1));
    expect(after).toHaveLength(25);
    const same = after.find((i) => i.sku === 'QBOFIRST-0001')!;
    expect(same).toMatchObject({ id: item1.id, unitPrice: 15, syncToken: String(Number(item1.syncToken) + 1) });
    // Syncs never count as downloads.
    expect(await s.t.database.db.selectFrom('download_log').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    const results = await client.get('/api/sync-results/');
    expect(results.json()).toEqual([expect.objectContaining({ id: expect.any(Number), collection_id: edition, provider: 'quickbook', updated: 25 })]);
  });

  test('names that collide after cleaning become unique, and stay the same on a re-sync', async () => {
    const { client } = await userOf(s, 'free', 'qbo-names');
    await connect(client, 'quickbook');
    const names = ['1/2" EMT Connector', '1/2 in EMT Connector', 'Breaker: 20A', 'Breaker - 20A', 'x'.repeat(120)];
    const edition = await freeEditionOf(s, 'qbonames', names.length, (n) => names[n - 1]!);
    await s.qbo.reset();
    const result = await runAndRead(s, client, await startSync(client, 'quickbook', edition));
    expect(result).toMatchObject({ status: 'succeeded', created: 5, failed: 0 });
    const items = await itemsOf(realm());
    expect(items.map((i) => i.name)).toEqual(['1/2 in EMT Connector', '1/2 in EMT Connector (QBONAMES-0002)', 'Breaker - 20A', 'Breaker - 20A (QBONAMES-0004)', 'x'.repeat(100)]);
    const again = await runAndRead(s, client, await startSync(client, 'quickbook', edition));
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
  });

  test('an expired access token is refreshed (before expiry, and after a 401), and the rotated refresh token is kept', async () => {
    const { client, userId } = await userOf(s, 'free', 'qbo-refresh');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'qborefresh', 3);
    const version = async () => (await s.t.database.db.selectFrom('provider_connections').select(['version', 'refresh_token_enc']).where('user_id', '=', userId).executeTakeFirstOrThrow());
    const v1 = await version();
    // QuickBooks expired the token early (our clock says it is fresh): the 401 makes us refresh.
    await fetch(`${s.qbo.url}/__sim/expire-tokens`, { method: 'POST' });
    expect((await runAndRead(s, client, await startSync(client, 'quickbook', edition))).status).toBe('succeeded');
    const v2 = await version();
    expect(v2.version).toBe(v1.version + 1);
    expect(v2.refresh_token_enc).not.toBe(v1.refresh_token_enc);
    // An hour later by our clock: refreshed before the first call.
    s.t.clock.advance(3600);
    expect((await runAndRead(s, client, await startSync(client, 'quickbook', edition))).status).toBe('succeeded');
    expect((await version()).version).toBe(v2.version + 1);
  });

  test('a revoked refresh token disconnects: the sync fails with the reason, and status says not connected', async () => {
    const { client, userId } = await userOf(s, 'free', 'qbo-revoked');
    await connect(client, 'quickbook');
    const row = await s.t.database.db.selectFrom('provider_connections').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    const key = [{ id: 'test', key: Buffer.from(TEST_TOKEN_KEY.slice(5), 'base64') }];
    const refresh = openToken(key, { keyId: 'test', value: row.refresh_token_enc! }, `${userId}:quickbook:refresh`);
    // The user revoked the app at QuickBooks.
    await fetch(s.qbo.revokeUrl, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${s.qbo.clientId}:${s.qbo.clientSecret}`).toString('base64')}`, 'content-type': 'application/json' }, body: JSON.stringify({ token: refresh }) });
    const edition = await freeEditionOf(s, 'qborevoked', 2);
    const result = await runAndRead(s, client, await startSync(client, 'quickbook', edition));
    expect(result).toMatchObject({ status: 'failed', error: 'QuickBooks Online is not connected any more. Please sign in to sync again.' });
    expect((await client.get('/api/quickbooks/status/')).json().connected).toBe(false);
    const stored = await s.t.database.db.selectFrom('provider_connections').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'disconnected', access_token_enc: null, refresh_token_enc: null });
    const refused = await client.post('/api/sync-products/', { collection_id: edition, software_name: 'quickbook' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_CONNECTED', error: 'QuickBooks Online is not connected. Please sign in to sync.' });
  });

  test('two syncs at once: one runs, the other is answered 409 with its id; another user cannot read it', async () => {
    const { client } = await userOf(s, 'free', 'qbo-twice');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'qbotwice', 2);
    const body = { collection_id: edition, software_name: 'quickbook' };
    const [a, b] = await Promise.all([client.post('/api/sync-products/', body), client.post('/api/sync-products/', body)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([202, 409]);
    const started = (a.statusCode === 202 ? a : b).json();
    const refused = (a.statusCode === 409 ? a : b).json();
    expect(refused).toMatchObject({ code: 'SYNC_RUNNING', sync_id: started.sync_id });
    const other = await userOf(s, 'free', 'qbo-twice-other');
    expect((await other.client.get(`/api/syncs/${started.sync_id}/`)).statusCode).toBe(404);
    expect((await runAndRead(s, client, started.sync_id)).status).toBe('succeeded');
    // Once it has finished, a new one may start.
    expect(await startSync(client, 'quickbook', edition)).toBeGreaterThan(started.sync_id);
    await s.t.ctx.queue.runDueJobs();
  });

  test('rights as for a download, and the connected company only', async () => {
    const { client } = await userOf(s, 'free', 'qbo-rights');
    await connect(client, 'quickbook');
    const paid = await client.post('/api/sync-products/', { collection_id: s.fixture.paidEditions.mar, catelog_id: s.fixture.paidCategoryId, software_name: 'quickbook' });
    expect(paid.statusCode).toBe(403);
    expect(paid.json()).toMatchObject({ code: 'NOT_SUBSCRIBED', error: 'Not Subscribed' });
    const wrongCategory = await client.post('/api/sync-products/', { collection_id: s.fixture.freeEdition, catelog_id: s.fixture.paidCategoryId, software_name: 'quickbook' });
    expect(wrongCategory.json()).toMatchObject({ code: 'NOT_FOUND', error: 'No collection found' });
    const otherCompany = await client.post('/api/sync-products/', { collection_id: s.fixture.freeEdition, software_name: 'quickbook', company_id: realm(1) });
    expect(otherCompany.json().code).toBe('NOT_CONNECTED');
    const jobber = await client.post('/api/sync-products/', { collection_id: s.fixture.freeEdition, software_name: 'jobber' });
    expect(jobber.json()).toMatchObject({ code: 'NOT_CONNECTED', error: 'Jobber is not connected. Please sign in to sync.' });
    const subscriber = await userOf(s, 'subscriber', 'qbo-rights-sub');
    await connect(subscriber.client, 'quickbook');
    const allowed = await startSync(subscriber.client, 'quickbook', s.fixture.paidEditions.mar);
    const result = await runAndRead(s, subscriber.client, allowed);
    // The fixture's odd names (a formula, a leading tab) are cleaned and land too.
    expect(result).toMatchObject({ status: 'succeeded', total: 5, failed: 0 });
  });

  test('a worker killed mid-sync resumes on its retry and finishes with no duplicate', async () => {
    const { client } = await userOf(s, 'free', 'qbo-crash');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'qbocrash', 45);
    await s.qbo.reset();
    const db = s.t.database.db;
    // The process dies after QuickBooks wrote the third batch and before its checkpoint commits.
    await sql`CREATE SEQUENCE crash_once`.execute(db);
    await sql`
      CREATE FUNCTION crash_mid_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.done >= 30 AND NEW.done <> OLD.done AND nextval('crash_once') = 1 THEN RAISE EXCEPTION 'simulated crash mid-sync'; END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER crash_mid_sync BEFORE UPDATE ON sync_runs FOR EACH ROW EXECUTE FUNCTION crash_mid_sync()`.execute(db);
    try {
      const syncId = await startSync(client, 'quickbook', edition);
      const interrupted = await runAndRead(s, client, syncId);
      expect(interrupted).toMatchObject({ status: 'running', created: 20 });
      expect(await itemsOf(realm())).toHaveLength(30);
      s.t.clock.advance(60);
      const resumed = await runAndRead(s, client, syncId);
      expect(resumed).toMatchObject({ status: 'succeeded', total: 45, failed: 0 });
      // The interrupted batch's items were found at QuickBooks, not written again.
      expect(resumed.created + resumed.unchanged).toBe(45);
      const items = await itemsOf(realm());
      expect(items).toHaveLength(45);
      expect(new Set(items.map((i) => i.sku)).size).toBe(45);
      expect((await simStats(s.qbo.url)).writes).toBe(45);
    } finally {
      await sql`DROP TRIGGER IF EXISTS crash_mid_sync ON sync_runs`.execute(db);
      await sql`DROP FUNCTION IF EXISTS crash_mid_sync()`.execute(db);
      await sql`DROP SEQUENCE IF EXISTS crash_once`.execute(db);
    }
  });
});

describe('QuickBooks Online: throttling', () => {
  let small: SyncTest;
  // A company that takes 2 batch requests a minute, with both clocks 600 times faster (a
  // QuickBooks minute is 0.1 s): the sync, paced for QuickBooks' real 40, meets 429s mid-way.
  setUpSyncTest({ env: { QBO_BATCH_SIZE: '10' }, qboLimits: { batchRequestsPerMinute: 2 }, timeScale: 600 }, (setup) => (small = setup));

  test('a 429 in the middle: the sync waits as told, continues, and completes with no duplicate', async () => {
    const { client } = await userOf(small, 'free', 'qbo-429');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(small, 'qbothrottle', 60);
    const result = await runAndRead(small, client, await startSync(client, 'quickbook', edition));
    const job = await small.t.database.db.selectFrom('jobs').select('last_error').where('queue', '=', 'sync-products').executeTakeFirst();
    expect(result, job?.last_error ?? '').toMatchObject({ status: 'succeeded', created: 60, failed: 0 });
    const stats = await simStats(small.qbo.url);
    expect(stats.throttled).toBeGreaterThanOrEqual(1);
    expect(stats.writes).toBe(60);
    const items = (await simItems<QboItemSummary>(small.qbo.url))[small.qbo.companies[0]!.realmId]!;
    expect(items).toHaveLength(60);
    expect(new Set(items.map((i) => i.sku)).size).toBe(60);
  });
});
