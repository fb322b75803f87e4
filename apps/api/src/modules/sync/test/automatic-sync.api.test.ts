import { api } from '@tradelist/contract/api';
import type { EditionUploadResponse } from '@tradelist/contract/operator-editions';
import type { QboItemSummary } from '@tradelist/simulators/quickbooks';
import { describe, expect, test } from 'vitest';
import { TEST_TOKEN_KEY } from '../../../../test/support/test-app.ts';
import type { TestClient } from '../../../../test/support/test-app.ts';
import { multipartFile } from '../../../../test/support/operator-client.ts';
import { connect, runAndRead, setUpSyncTest, simItems, startSync, userOf, type SyncTest } from '../../../../test/support/sync.ts';
import { QuickBooksClient } from '../../../integrations/quickbooks/client.ts';
import { startAutomaticSyncs } from '../services/automatic-syncs.ts';
import { connectionTokens } from '../services/provider-tokens.ts';
import { openToken } from '../services/token-cipher.ts';

let s: SyncTest;
setUpSyncTest({}, (setup) => (s = setup));

const db = () => s.t.database.db;
const realm = (n: number) => s.qbo.companies[n]!.realmId;

/** Publishes a supplier list of [sku, name, cost] rows in a category from the operator's console, current today; answers the edition's id. */
async function publish(operator: TestClient, categoryId: number, name: string, rows: Array<[string, string, string]>): Promise<number> {
  const csv = ['sku,name,description,unit,group,cost', ...rows.map(([sku, item, cost]) => `${sku},${item},,EA,Wires,${cost}`)].join('\n');
  const search = new URLSearchParams({ category_id: String(categoryId), name, rundate: s.t.clock.now().toISOString().slice(0, 10) });
  const uploaded = await operator.request('POST', `${api.operator.uploadEdition.path}?${search}`, multipartFile(Buffer.from(csv), { filename: 'list.csv', type: 'text/csv' }));
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const checked = uploaded.json() as EditionUploadResponse;
  if (checked.status !== 'checked') throw new Error(`rejected: ${JSON.stringify(checked.problems)}`);
  const published = await operator.post(`/api/operator/edition-uploads/${checked.upload_id}/publish/`, { sha256: checked.sha256 });
  expect(published.statusCode, published.body).toBe(201);
  return published.json().id;
}

async function operatorOf(label: string): Promise<TestClient> {
  const { client, userId } = await userOf(s, 'free', label);
  await db().updateTable('users').set({ role: 'operator' }).where('id', '=', userId).execute();
  return client;
}

/**
 * A user connected to QuickBooks (company `company`), with the automatic sync turned on or not,
 * who synced the given editions there before (by default the free list's: the switch keeps the
 * lists a connection holds current, decision 0050).
 */
async function connectedUser(principal: 'free' | 'subscriber', label: string, company: number, automatic: boolean, syncedBefore = [s.fixture.freeEdition]) {
  const user = await userOf(s, principal, label);
  expect((await connect(user.client, 'quickbook', company)).status).toBe(200);
  for (const collectionId of syncedBefore) {
    const now = s.t.clock.now();
    await db().insertInto('sync_runs').values({ user_id: user.userId, provider: 'quickbooks', collection_id: collectionId, account_id: realm(company), status: 'succeeded', total: 0, queued_at: now, finished_at: now }).execute();
  }
  if (automatic) {
    const turned = await user.client.request('PUT', '/api/quickbooks/automatic-sync/', { body: { automatic_sync: true } });
    expect(turned.statusCode, turned.body).toBe(200);
    expect(turned.json()).toMatchObject({ connected: true, automatic_sync: true });
  }
  const email = (await db().selectFrom('users').select('email').where('id', '=', user.userId).executeTakeFirstOrThrow()).email;
  return { ...user, email };
}

/** The user's syncs of the editions the tests publish (not the earlier syncs `connectedUser` records). */
const runsOf = (userId: number) =>
  db()
    .selectFrom('sync_runs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('collection_id', 'not in', [s.fixture.freeEdition, s.fixture.paidEditions.mar])
    .orderBy('id')
    .execute();
const mailsTo = (email: string, kind: string) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).where('kind', '=', kind).orderBy('id').execute();
const automaticOf = (userId: number) => db().selectFrom('automatic_syncs').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('the automatic sync switch (product §10.22)', () => {
  test('read in the status, set with PUT; refused without a live connection; a visitor is refused', async () => {
    const { client } = await userOf(s, 'free', 'auto-switch');
    const refused = await client.request('PUT', '/api/jobber/automatic-sync/', { body: { automatic_sync: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_CONNECTED', error: 'Jobber is not connected. Connect it first, then turn on automatic syncs.' });
    // Turning off what is not on is harmless.
    expect((await client.request('PUT', '/api/jobber/automatic-sync/', { body: { automatic_sync: false } })).json()).toMatchObject({ connected: false, automatic_sync: false });
    const bad = await client.request('PUT', '/api/jobber/automatic-sync/', { body: { automatic_sync: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ automatic_sync: ['Say true or false.'] });

    expect((await connect(client, 'jobber')).status).toBe(200);
    expect((await client.get('/api/jobber/status/')).json()).toMatchObject({ connected: true, automatic_sync: false });
    expect((await client.request('PUT', '/api/jobber/automatic-sync/', { body: { automatic_sync: true } })).json()).toMatchObject({ connected: true, automatic_sync: true });
    expect((await client.get('/api/jobber/status/')).json()).toMatchObject({ connected: true, automatic_sync: true });
    // QuickBooks is another connection: still off (and not connected).
    expect((await client.get('/api/quickbooks/status/')).json()).toMatchObject({ connected: false, automatic_sync: false });
    // Connecting again keeps the choice; disconnecting forgets it with the connection.
    expect((await connect(client, 'jobber')).status).toBe(200);
    expect((await client.get('/api/jobber/status/')).json().automatic_sync).toBe(true);
    await client.post('/api/jobber/disconnect/');
    expect((await client.get('/api/jobber/status/')).json()).toMatchObject({ connected: false, automatic_sync: false });

    const visitor = s.t.client();
    expect((await visitor.request('PUT', '/api/quickbooks/automatic-sync/', { body: { automatic_sync: true } })).statusCode).toBe(401);
  });
});

describe('hands-free months: a new edition is synced to opted-in connections (decision 0050)', () => {
  test('publishing syncs each opted-in connection once, emails one summary, and a re-run or retry syncs nothing more', async () => {
    const operator = await operatorOf('auto-operator');
    const optedIn = await connectedUser('free', 'auto-in', 0, true);
    const notOptedIn = await connectedUser('free', 'auto-out', 1, false);
    // Last month's list is in QuickBooks already.
    const march = await publish(operator, s.fixture.freeCategoryId, 'Demo — March', [['AUTO-1', 'Auto one', '10.00'], ['AUTO-2', 'Auto two', '20.00'], ['AUTO-3', 'Auto three', '30.00']]);
    await s.t.ctx.queue.runDueJobs();
    const first = (await runsOf(optedIn.userId)).find((run) => run.collection_id === march)!;
    expect(first).toMatchObject({ status: 'succeeded', created: 3 });

    // Someone edits AUTO-3's price in QuickBooks (through QuickBooks' API, as its screens do).
    const before = (await simItems<QboItemSummary>(s.qbo.url))[realm(0)] ?? [];
    const edited = before.find((item) => item.sku === 'AUTO-3')!;
    const decreased = before.find((item) => item.sku === 'AUTO-2')!;
    const quickbooks = new QuickBooksClient(s.t.ctx.config.quickbooks, realm(0), connectionTokens(s.t.ctx, optedIn.userId, 'quickbooks'), s.t.ctx.config.providerTimeScale);
    await quickbooks.writeItem({ Id: edited.id, SyncToken: edited.syncToken, sparse: true, UnitPrice: 99.99 });

    const april = await publish(operator, s.fixture.freeCategoryId, 'Demo — April', [['AUTO-1', 'Auto one', '11.00'], ['AUTO-2', 'Auto two', '18.00'], ['AUTO-3', 'Auto three', '30.00'], ['AUTO-4', 'Auto four', '4.00']]);
    await s.t.ctx.queue.runDueJobs();

    const runs = (await runsOf(optedIn.userId)).filter((run) => run.collection_id === april);
    expect(runs).toHaveLength(1);
    // AUTO-1 up: written; AUTO-4 new: created; AUTO-2 down and AUTO-3 edited in QuickBooks: left as they are.
    expect(runs[0]).toMatchObject({ status: 'succeeded', account_id: realm(0), trigger: 'automatic', created: 1, updated: 1, left_alone: 2, retired: 0 });
    const items = (await simItems<QboItemSummary>(s.qbo.url))[realm(0)] ?? [];
    expect(items.find((item) => item.sku === 'AUTO-4')).toBeDefined();
    expect(items.find((item) => item.sku === 'AUTO-1')!.unitPrice).toBeGreaterThan(before.find((item) => item.sku === 'AUTO-1')!.unitPrice!);
    expect(items.find((item) => item.sku === 'AUTO-2')!.unitPrice).toBe(decreased.unitPrice);
    expect(items.find((item) => item.sku === 'AUTO-3')!.unitPrice).toBe(99.99);
    expect(await runsOf(notOptedIn.userId)).toEqual([]);
    expect(await automaticOf(notOptedIn.userId)).toEqual([]);

    const mails = await mailsTo(optedIn.email, 'automatic-sync-done');
    // One per edition: March's and April's.
    expect(mails.map((mail) => mail.subject)).toEqual(['Demo — March is in QuickBooks Online', 'Demo — April is in QuickBooks Online']);
    const text = mails[1]!.text_body;
    expect(text).toContain('We synced Demo — April of the Wire & Conduit Demo list to QuickBooks Online for you.');
    expect(text).toContain('1 item created, 1 item updated, 0 items already current.');
    expect(text).toContain('Held back: 2 items, left as they are in QuickBooks Online. We never lower a price and never overwrite an item you edited in QuickBooks Online on our own');
    // Each named, largest change first: SKU, name, our price, theirs, and why.
    expect(text).toContain('- AUTO-3 Auto three: ours $30.00, QuickBooks Online $99.99 (edited in QuickBooks Online)\n- AUTO-2 Auto two: ours $18.00, QuickBooks Online $20.00 (would go down)\n\nSee the record');
    expect(text).not.toContain(' more\n');
    expect(mails[1]!.html_body).toContain('<td style="padding:4px 8px;border-bottom:1px solid #e5e5e5;text-align:left">AUTO-2</td><td style="padding:4px 8px;border-bottom:1px solid #e5e5e5;text-align:left">Auto two</td>');
    expect(mails[1]!.html_body).toMatch(/<td[^>]*>\$18\.00<\/td><td[^>]*>\$20\.00<\/td><td[^>]*>would go down<\/td>/);
    expect(text).toContain(`See the record of this sync: http://localhost:3000/dashboard/sync-history/quickbooks#sync-${runs[0]!.id}`);
    expect(text).toContain(`Preview what was held back: http://localhost:3000/dashboard/catalog?category=${s.fixture.freeCategoryId}`);
    expect(await mailsTo(notOptedIn.email, 'automatic-sync-done')).toEqual([]);

    // The look for April's automatic syncs runs again (a retry, a second worker): nothing is queued, written or sent.
    expect(await startAutomaticSyncs(s.t.ctx, april)).toBe(0);
    await s.t.ctx.queue.runDueJobs();
    expect((await runsOf(optedIn.userId)).filter((run) => run.collection_id === april)).toHaveLength(1);
    expect(await mailsTo(optedIn.email, 'automatic-sync-done')).toHaveLength(2);
    // March is no longer current: looking at it again syncs nothing.
    expect(await startAutomaticSyncs(s.t.ctx, march)).toBe(0);
  });

  test('the summary names the 20 largest changes held back, then says how many more', async () => {
    const operator = await operatorOf('auto-many-operator');
    const user = await connectedUser('free', 'auto-many', 1, true);
    const rows = (cost: (n: number) => number) => Array.from({ length: 23 }, (_, i): [string, string, string] => [`MANY-${String(i + 1).padStart(2, '0')}`, `Many ${i + 1}`, (cost(i + 1) / 100).toFixed(2)]);
    // Every price goes down next month, item n by n dollars.
    await publish(operator, s.fixture.freeCategoryId, 'Demo — many', rows((n) => 10_000 + n * 100));
    await s.t.ctx.queue.runDueJobs();
    await publish(operator, s.fixture.freeCategoryId, 'Demo — many down', rows(() => 10_000));
    await s.t.ctx.queue.runDueJobs();
    const [, mail] = await mailsTo(user.email, 'automatic-sync-done');
    const text = mail!.text_body!;
    expect(text).toContain('Held back: 23 items, left as they are in QuickBooks Online.');
    const lines = text.split('\n').filter((line) => line.startsWith('- MANY-'));
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe('- MANY-23 Many 23: ours $100.00, QuickBooks Online $123.00 (would go down)');
    expect(lines.map((line) => line.slice(2, 9))).toEqual(Array.from({ length: 20 }, (_, i) => `MANY-${String(23 - i).padStart(2, '0')}`));
    expect(text).toContain('- MANY-04 Many 4: ours $100.00, QuickBooks Online $104.00 (would go down)\nand 3 more\n\nSee the record');
    expect(mail!.html_body!.match(/<tr>/g)).toHaveLength(21);
    expect(mail!.html_body).toContain('<p style="margin:0 0 16px">and 3 more</p>');
  });

  test('a user without rights to the edition is not synced, and not emailed; a subscriber is', async () => {
    const operator = await operatorOf('auto-paid-operator');
    // Both synced Electrical before (the free user when they subscribed).
    const free = await connectedUser('free', 'auto-norights', 0, true, [s.fixture.paidEditions.mar]);
    const subscriber = await connectedUser('subscriber', 'auto-rights', 1, true, [s.fixture.paidEditions.mar]);
    // A subscriber who never synced Electrical, only the free list: the switch brings no new list in.
    const otherList = await connectedUser('subscriber', 'auto-otherlist', 0, true);
    const edition = await publish(operator, s.fixture.paidCategoryId, 'Electrical — April', [['AUTOP-1', 'Paid one', '10.00']]);
    await s.t.ctx.queue.runDueJobs();
    expect(await runsOf(otherList.userId)).toEqual([]);
    expect(await automaticOf(otherList.userId)).toEqual([]);
    expect((await runsOf(free.userId)).filter((run) => run.collection_id === edition)).toEqual([]);
    expect(await automaticOf(free.userId)).toMatchObject([{ collection_id: edition, state: 'skipped' }]);
    expect(await mailsTo(free.email, 'automatic-sync-done')).toEqual([]);
    expect(await mailsTo(free.email, 'automatic-sync-failed')).toEqual([]);
    expect((await runsOf(subscriber.userId)).filter((run) => run.collection_id === edition)).toMatchObject([{ status: 'succeeded', created: 1 }]);
    expect(await mailsTo(subscriber.email, 'automatic-sync-done')).toHaveLength(1);
  });
});

describe('hands-free months: a failing automatic sync emails once and does not loop', () => {
  test('a connection that expired: one email with the reason and the reconnect link, no sync, nothing retried', async () => {
    const operator = await operatorOf('auto-expired-operator');
    const user = await connectedUser('free', 'auto-expired', 0, true);
    // The refresh token ran out (QuickBooks' refresh tokens live 100 days).
    await db().updateTable('provider_connections').set({ refresh_expires_at: new Date(s.t.clock.now().getTime() - 1000) }).where('user_id', '=', user.userId).execute();
    const edition = await publish(operator, s.fixture.freeCategoryId, 'Demo — expired', [['AUTOX-1', 'Expired one', '10.00']]);
    for (let round = 0; round < 3; round++) {
      await s.t.ctx.queue.runDueJobs();
      s.t.clock.advance(3600);
    }
    expect(await runsOf(user.userId)).toEqual([]);
    expect(await automaticOf(user.userId)).toMatchObject([{ collection_id: edition, state: 'failed', reason: 'QuickBooks Online is not connected any more. Please sign in to sync again.' }]);
    const mails = await mailsTo(user.email, 'automatic-sync-failed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('We could not sync Demo — expired to QuickBooks Online');
    expect(mails[0]!.text_body).toContain('We could not sync Demo — expired of the Wire & Conduit Demo list to QuickBooks Online: QuickBooks Online is not connected any more. Please sign in to sync again.');
    expect(mails[0]!.text_body).toContain('To fix it, connect QuickBooks Online again in your settings');
    expect(mails[0]!.text_body).toContain('Connect QuickBooks Online again: http://localhost:3000/dashboard/settings?tab=connections');
    const pending = await db().selectFrom('jobs').select('id').where('queue', 'in', ['automatic-sync', 'sync-products']).where('state', 'in', ['queued', 'active']).execute();
    expect(pending).toEqual([]);
  });

  test('a connection busy with another sync: retried for about an hour and a half, then one email saying so and to sync once it finished', async () => {
    const operator = await operatorOf('auto-busy-operator');
    const user = await connectedUser('free', 'auto-busy', 1, true);
    // A sync of this user to QuickBooks runs on another worker all along.
    const now = s.t.clock.now();
    const other = await db().insertInto('sync_runs').values({ user_id: user.userId, provider: 'quickbooks', collection_id: s.fixture.freeEdition, account_id: realm(1), status: 'running', total: 10, queued_at: now, started_at: now, lease_owner: 'another-worker', lease_until: new Date(now.getTime() + 7 * 86_400_000) }).returning('id').executeTakeFirstOrThrow();
    const edition = await publish(operator, s.fixture.freeCategoryId, 'Demo — busy', [['AUTOB-1', 'Busy one', '10.00']]);
    for (let round = 0; round < 12; round++) {
      await s.t.ctx.queue.runDueJobs();
      s.t.clock.advance(31 * 60);
    }
    const job = await db().selectFrom('jobs').select(['state', 'attempts']).where('queue', '=', 'automatic-sync').where('payload', '@>', JSON.stringify({ automaticSyncId: (await automaticOf(user.userId))[0]!.id })).executeTakeFirstOrThrow();
    // Eight tries in all, then given up: no loop.
    expect(job).toEqual({ state: 'failed', attempts: 8 });
    expect((await runsOf(user.userId)).filter((run) => run.collection_id === edition)).toEqual([]);
    const reason = 'Another sync to QuickBooks Online was still running after we had waited over an hour for it to finish.';
    expect(await automaticOf(user.userId)).toMatchObject([{ collection_id: edition, state: 'failed', reason }]);
    const mails = await mailsTo(user.email, 'automatic-sync-failed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`We could not sync Demo — busy of the Wire & Conduit Demo list to QuickBooks Online: ${reason}`);
    expect(mails[0]!.text_body).toContain('We do not run two syncs to QuickBooks Online at once, so we waited for that one, and we will not try again on our own. Once it has finished, sync this edition from your catalog');
    expect(mails[0]!.text_body).toContain(`Open your catalog: http://localhost:3000/dashboard/catalog?category=${s.fixture.freeCategoryId}`);
    expect(mails[0]!.text_body).not.toContain('could not be reached');
    expect((await db().selectFrom('sync_runs').select('status').where('id', '=', other.id).executeTakeFirstOrThrow()).status).toBe('running');
    // Twelve rounds of every due job (the earlier tests' editions' templates, the hourly clean-up): slow on a busy machine.
  }, 120_000);

  test('a grant revoked at QuickBooks: the sync fails with the reason, one email, and the next edition tries again', async () => {
    const operator = await operatorOf('auto-revoked-operator');
    const user = await connectedUser('free', 'auto-revoked', 0, true);
    const row = await db().selectFrom('provider_connections').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    const refresh = openToken([{ id: 'test', key: Buffer.from(TEST_TOKEN_KEY.slice(5), 'base64') }], { keyId: 'test', value: row.refresh_token_enc! }, `${user.userId}:quickbook:refresh`);
    await fetch(s.qbo.revokeUrl, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${s.qbo.clientId}:${s.qbo.clientSecret}`).toString('base64')}`, 'content-type': 'application/json' }, body: JSON.stringify({ token: refresh }) });
    await s.t.ctx.queue.runDueJobs();
    // Our clock says the token is fresh; QuickBooks refuses it, and the refresh is refused.
    await fetch(`${s.qbo.url}/__sim/expire-tokens`, { method: 'POST' });
    const edition = await publish(operator, s.fixture.freeCategoryId, 'Demo — revoked', [['AUTOR-1', 'Revoked one', '10.00']]);
    for (let round = 0; round < 3; round++) {
      await s.t.ctx.queue.runDueJobs();
      s.t.clock.advance(3600);
    }
    expect(await runsOf(user.userId)).toMatchObject([{ collection_id: edition, status: 'failed', error: 'QuickBooks Online is not connected any more. Please sign in to sync again.' }]);
    expect(await mailsTo(user.email, 'automatic-sync-failed')).toHaveLength(1);
    expect(await mailsTo(user.email, 'automatic-sync-done')).toEqual([]);

    // Connected again: the next edition is synced.
    expect((await connect(user.client, 'quickbook', 0)).status).toBe(200);
    const next = await publish(operator, s.fixture.freeCategoryId, 'Demo — next', [['AUTOR-1', 'Revoked one', '11.00']]);
    await s.t.ctx.queue.runDueJobs();
    expect((await runsOf(user.userId)).filter((run) => run.collection_id === next)).toMatchObject([{ status: 'succeeded' }]);
    expect(await mailsTo(user.email, 'automatic-sync-failed')).toHaveLength(1);
    expect(await mailsTo(user.email, 'automatic-sync-done')).toHaveLength(1);
    // A manual sync is untouched by all of it.
    const manual = await runAndRead(s, user.client, await startSync(user.client, 'quickbook', next));
    expect(manual.status).toBe('succeeded');
    expect(await mailsTo(user.email, 'automatic-sync-done')).toHaveLength(1);
  });
});
