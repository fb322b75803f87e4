import type { JobberItemSummary } from '@tradelist/simulators/jobber';
import { describe, expect, test } from 'vitest';
import { connectionTokens } from '../services/provider-tokens.ts';
import { connect, freeEditionOf, runAndRead, setUpSyncTest, simItems, simStats, startSync, userOf, type SyncTest } from '../../../../test/support/sync.ts';

let s: SyncTest;
setUpSyncTest({}, (setup) => (s = setup));

const account = (n = 0) => s.jobber.accounts[n]!.id;
const itemsOf = async (id: string) => (await simItems<JobberItemSummary>(s.jobber.url))[id] ?? [];

describe('Jobber: connect', () => {
  test('connect, auth, status and disconnect (appDisconnect at Jobber, tokens deleted)', async () => {
    const { client, userId } = await userOf(s, 'free', 'jobber-connect');
    const started = await client.post('/api/jobber/connect/');
    const url = new URL(started.json().url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: s.jobber.clientId, response_type: 'code', redirect_uri: 'http://localhost:3000/dashboard/jobber/callback' });
    const auth = await connect(client, 'jobber');
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ company_id: null, access_token: expect.any(String) });
    expect(Object.keys(auth.body).sort()).toEqual(['access_token', 'company_id', 'expires_at']);
    const status = await client.get('/api/jobber/status/');
    // The account comes from Jobber's account { id name } query, and its name is shown.
    expect(status.json()).toMatchObject({ connected: true, company_id: null, company_name: 'Bright Spark Electric' });
    const row = await s.t.database.db.selectFrom('provider_connections').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: account(), account_name: 'Bright Spark Electric' });

    const requests = (await simStats(s.jobber.url)).requests;
    const answer = await client.post('/api/jobber/disconnect/');
    expect(answer.json()).toEqual({ message: 'Disconnected from Jobber successfully.' });
    expect((await simStats(s.jobber.url)).requests).toBe(requests + 1);
    expect((await client.get('/api/jobber/status/')).json()).toEqual({ connected: false, connected_at: null, company_id: null, company_name: null, automatic_sync: false });
    expect(await s.t.database.db.selectFrom('provider_connections').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    // Disconnecting again is harmless.
    expect((await client.post('/api/jobber/disconnect/')).json()).toEqual({ message: 'Disconnected from Jobber successfully.' });
  });

  test.each(['documented', 'expires_in', 'jwt'] as const)('a token answer worded %s connects, and its refresh keeps the connection', async (shape) => {
    s.jobber.setTokenAnswer(shape);
    try {
      const { client, userId } = await userOf(s, 'free', `jobber-tokens-${shape}`);
      const auth = await connect(client, 'jobber', 1);
      expect(auth.status).toBe(200);
      const row = await s.t.database.db.selectFrom('provider_connections').select(['access_expires_at', 'account_id', 'account_name']).where('user_id', '=', userId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ account_id: account(1), account_name: 'Northside Plumbing & Heating' });
      // An hour, read from expires_in or the JWT's exp, counted from the API's clock.
      expect(Math.abs(row.access_expires_at!.getTime() - s.t.clock.now().getTime() - 3600_000)).toBeLessThan(60_000);
      const current = await connectionTokens(s.t.ctx, userId, 'jobber').current();
      expect(await connectionTokens(s.t.ctx, userId, 'jobber').afterUnauthorized(current)).not.toBe(current);
      const after = await s.t.database.db.selectFrom('provider_connections').select(['status', 'access_expires_at']).where('user_id', '=', userId).executeTakeFirstOrThrow();
      expect(after.status).toBe('connected');
      expect(Math.abs(after.access_expires_at!.getTime() - s.t.clock.now().getTime() - 3600_000)).toBeLessThan(60_000);
    } finally {
      s.jobber.setTokenAnswer('documented');
    }
  });

  test('twenty refreshes at once spend the rotating refresh token once, and all get the new access token', async () => {
    const { client, userId } = await userOf(s, 'free', 'jobber-race');
    await connect(client, 'jobber');
    const before = await s.t.database.db.selectFrom('provider_connections').select('version').where('user_id', '=', userId).executeTakeFirstOrThrow();
    const current = await connectionTokens(s.t.ctx, userId, 'jobber').current();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => connectionTokens(s.t.ctx, userId, 'jobber').afterUnauthorized(current)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(current);
    const after = await s.t.database.db.selectFrom('provider_connections').select(['version', 'status']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    // One refresh: had two spent the same refresh token, Jobber would have refused the second and the connection would be gone.
    expect(after).toEqual({ version: before.version + 1, status: 'connected' });
  });
});

describe('Jobber: sync', () => {
  test('first sync creates every item; a re-sync writes nothing; a changed price edits the same item; a rename keeps the link', async () => {
    const { client, userId } = await userOf(s, 'free', 'jobber-sync');
    await connect(client, 'jobber', 1);
    await client.post('/api/user_factor/', { markup1_10: 10, markup11_20: 10, tax: 5 });
    const edition = await freeEditionOf(s, 'jobfirst', 40);
    const result = await runAndRead(s, client, await startSync(client, 'jobber', edition));
    expect(result).toMatchObject({ status: 'succeeded', total: 40, created: 40, updated: 0, unchanged: 0, failed: 0 });
    const items = await itemsOf(account(1));
    expect(items).toHaveLength(40);
    expect(items[0]).toMatchObject({ name: 'jobfirst item 1', category: 'PRODUCT', unitPrice: 11, purchaseCost: 10, taxable: true, description: 'Description of jobfirst item 1' });
    const links = await s.t.database.db.selectFrom('sync_links').select(['key', 'remote_id']).where('user_id', '=', userId).where('kind', '=', 'item').execute();
    expect(links).toHaveLength(40);
    expect(links.find((l) => l.key === 'JOBFIRST-0001')?.remote_id).toBe(items[0]!.id);

    const writes = (await simStats(s.jobber.url)).writes;
    const requests = (await simStats(s.jobber.url)).requests;
    const again = await runAndRead(s, client, await startSync(client, 'jobber', edition));
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 40 });
    expect((await simStats(s.jobber.url)).writes).toBe(writes);
    expect((await simStats(s.jobber.url)).requests - requests).toBe(1);

    await client.post('/api/user_factor/', { markup1_10: 30, markup11_20: 30 });
    await s.t.database.db.updateTable('products').set({ name: 'jobfirst item one, renamed' }).where('sku', '=', 'JOBFIRST-0001').execute();
    const changed = await runAndRead(s, client, await startSync(client, 'jobber', edition));
    expect(changed).toMatchObject({ created: 0, updated: 40, unchanged: 0 });
    const after = await itemsOf(account(1));
    expect(after).toHaveLength(40);
    expect(after[0]).toMatchObject({ id: items[0]!.id, name: 'jobfirst item one, renamed', unitPrice: 13 });
  });

  test('an expired access token is refreshed with the rotating refresh token, and the new one is kept', async () => {
    const { client, userId } = await userOf(s, 'free', 'jobber-refresh');
    await connect(client, 'jobber');
    const edition = await freeEditionOf(s, 'jobrefresh', 3);
    await fetch(`${s.jobber.url}/__sim/expire-tokens`, { method: 'POST' });
    expect((await runAndRead(s, client, await startSync(client, 'jobber', edition))).status).toBe('succeeded');
    await fetch(`${s.jobber.url}/__sim/expire-tokens`, { method: 'POST' });
    // The second refresh uses the refresh token the first one stored (Jobber refuses a spent one).
    expect((await runAndRead(s, client, await startSync(client, 'jobber', edition))).status).toBe('succeeded');
    expect((await s.t.database.db.selectFrom('provider_connections').select('status').where('user_id', '=', userId).executeTakeFirstOrThrow()).status).toBe('connected');
  });

  // Last of this app's tests: it closes account 1 of the simulator for good.
  test('a 401 again after one refresh (the account closed at Jobber) fails the sync at once with the cause: no retry', async () => {
    const { client } = await userOf(s, 'free', 'jobber-closed');
    await connect(client, 'jobber', 1);
    const edition = await freeEditionOf(s, 'jobclosed', 3);
    expect((await fetch(`${s.jobber.url}/__sim/accounts/${account(1)}/close`, { method: 'POST' })).status).toBe(204);
    const before = (await simStats(s.jobber.url)).requests;
    const syncId = await startSync(client, 'jobber', edition);
    const result = await runAndRead(s, client, syncId);
    expect(result).toMatchObject({ status: 'failed', error: 'Jobber refused access to this account. Connect Jobber again.' });
    // The refused request, and the same once more after the token was refreshed.
    expect((await simStats(s.jobber.url)).requests - before).toBe(2);
    s.t.clock.advance(3600);
    await s.t.ctx.queue.runDueJobs();
    expect((await simStats(s.jobber.url)).requests - before).toBe(2);
  });
});

describe('Jobber: throttling', () => {
  let small: SyncTest;
  // An account whose query-cost bucket holds 300 points and restores 300 a second: reading a page
  // of 500 is THROTTLED until the client learns the bucket, and writes wait for points.
  setUpSyncTest({ jobberLimits: { maximumAvailable: 300, restoreRate: 300 } }, (setup) => (small = setup));

  test('THROTTLED is retried after the wait the bucket implies; pages and batches shrink to the bucket; nothing is duplicated', async () => {
    const { client } = await userOf(small, 'free', 'jobber-throttle');
    await connect(client, 'jobber');
    const edition = await freeEditionOf(small, 'jobthrottle', 60);
    const result = await runAndRead(small, client, await startSync(client, 'jobber', edition));
    expect(result).toMatchObject({ status: 'succeeded', created: 60, failed: 0 });
    const stats = await simStats(small.jobber.url);
    expect(stats.throttled).toBeGreaterThanOrEqual(1);
    const items = (await simItems<JobberItemSummary>(small.jobber.url))[small.jobber.accounts[0]!.id]!;
    expect(items).toHaveLength(60);
    expect(new Set(items.map((i) => i.name)).size).toBe(60);
    const again = await runAndRead(small, client, await startSync(client, 'jobber', edition));
    expect(again).toMatchObject({ unchanged: 60, created: 0 });
  });
});
