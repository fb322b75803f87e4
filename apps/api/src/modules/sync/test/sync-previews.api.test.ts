import type { JobberItemSummary } from '@tradelist/simulators/jobber';
import type { QboItemSummary } from '@tradelist/simulators/quickbooks';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { JobberClient } from '../../../integrations/jobber/client.ts';
import { QuickBooksClient } from '../../../integrations/quickbooks/client.ts';
import { cleanUpSyncPreviews } from '../services/clean-up-previews.ts';
import { connectionTokens } from '../services/provider-tokens.ts';
import { connect, freeEditionOf, runAndRead, setUpSyncTest, simItems, simStats, startSync, userOf, type SyncTest } from '../../../../test/support/sync.ts';
import type { TestClient } from '../../../../test/support/test-app.ts';

let s: SyncTest;
const logLines: string[] = [];
setUpSyncTest({ env: { QBO_BATCH_SIZE: '10' }, logStream: { write: (line) => logLines.push(line) } }, (setup) => (s = setup));

/** How a sync read the target before writing, as its log line says (decision 0051). */
const targetReadOf = (syncId: number): unknown => logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry['msg'] === 'sync finished' && entry['syncId'] === syncId)?.['targetRead'];

const realm = () => s.qbo.companies[0]!.realmId;
const qboItems = async () => (await simItems<QboItemSummary>(s.qbo.url))[realm()] ?? [];
const jobberItems = async () => (await simItems<JobberItemSummary>(s.jobber.url))[s.jobber.accounts[0]!.id] ?? [];
const sku = (label: string, n: number) => `${label.toUpperCase()}-${String(n).padStart(4, '0')}`;

type Change = { sku: string; name: string; kind: string; old_price: string | null; new_price: string | null; change: string | null; change_percent: string | null };
type Preview = { id: number; status: string; error: string | null; sync_id: number | null; counts: Record<string, number>; total: number; changes: Change[] };

/** Starts a preview, runs the worker, and answers it as GET shows it (every change on one page). */
async function previewOf(client: TestClient, provider: 'quickbook' | 'jobber', edition: number, extra: Record<string, unknown> = {}): Promise<Preview> {
  const started = await client.post('/api/sync-previews/', { collection_id: edition, software_name: provider, ...extra });
  expect(started.statusCode, started.body).toBe(202);
  const running = await client.get(`/api/sync-previews/${started.json().id}/`);
  expect(running.json()).toMatchObject({ status: 'running', changes: [] });
  await s.t.ctx.queue.runDueJobs();
  return readPreview(client, started.json().id);
}

async function readPreview(client: TestClient, id: number, query = 'limit=500'): Promise<Preview> {
  const answer = await client.get(`/api/sync-previews/${id}/?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const bySku = (preview: Preview) => new Map(preview.changes.map((c) => [c.sku, c]));

/** Someone edits an item's price in QuickBooks, through QuickBooks' API. */
async function editInQuickBooks(userId: number, itemSku: string, price: number): Promise<void> {
  const item = (await qboItems()).find((i) => i.sku === itemSku)!;
  const client = new QuickBooksClient(s.t.ctx.config.quickbooks, realm(), connectionTokens(s.t.ctx, userId, 'quickbooks'), 1);
  await client.writeItem({ Id: item.id, SyncToken: item.syncToken, sparse: true, UnitPrice: price });
}

/** Removes products from an edition (they leave the list). */
async function dropFromEdition(edition: number, skus: string[]): Promise<void> {
  await s.t.database.db.deleteFrom('products').where('collection_id', '=', edition).where('sku', 'in', skus).execute();
}

describe('sync previews: QuickBooks Online', () => {
  test('a preview lists every change; the approved sync writes exactly those, leaves decreases and edited items, and makes items that left the list inactive', async () => {
    const { client, userId } = await userOf(s, 'free', 'pv-qbo');
    await connect(client, 'quickbook');
    await s.qbo.reset();
    const edition = await freeEditionOf(s, 'pvqbo', 6);
    await client.post('/api/user_factor/', { markup1_10: 10, markup11_20: 10 });
    expect((await runAndRead(s, client, await startSync(client, 'quickbook', edition))).created).toBe(6);
    // Someone edits item 3's price in QuickBooks; our markups change; item 6 leaves the list.
    await editInQuickBooks(userId, sku('pvqbo', 3), 99);
    await client.post('/api/user_factor/', { markup1_10: 5, markup11_20: 20 });
    await dropFromEdition(edition, [sku('pvqbo', 6)]);
    const before = await simStats(s.qbo.url);

    const preview = await previewOf(client, 'quickbook', edition);
    expect(preview).toMatchObject({ status: 'ready', error: null, sync_id: null, total: 6 });
    expect(preview.counts).toEqual({ new: 0, up: 3, down: 1, details: 0, unchanged: 0, left_list: 1, edited_in_target: 1 });
    const changes = bySku(preview);
    // Cost $10.00: 10 % made $11.00, 5 % makes $10.50.
    expect(changes.get(sku('pvqbo', 1))).toEqual({ sku: sku('pvqbo', 1), name: 'pvqbo item 1', kind: 'down', old_price: '11.00', new_price: '10.50', change: '-0.50', change_percent: '-4.55' });
    // Cost $10.37 is in the $10.01-20 band: 10 % made $11.41, 20 % makes $12.44.
    expect(changes.get(sku('pvqbo', 2))).toMatchObject({ kind: 'up', old_price: '11.41', new_price: '12.44', change: '1.03' });
    expect(changes.get(sku('pvqbo', 3))).toMatchObject({ kind: 'edited_in_target', old_price: '99.00', new_price: '12.89' });
    expect(changes.get(sku('pvqbo', 6))).toMatchObject({ kind: 'left_list', old_price: '13.04', new_price: null, change: null });
    // Largest change first: the edited item, then the one that left, then the rises.
    expect(preview.changes.map((c) => c.sku).slice(0, 2)).toEqual([sku('pvqbo', 3), sku('pvqbo', 6)]);
    // The preview read the company as a re-sync does (one page) and wrote nothing.
    const afterPreview = await simStats(s.qbo.url);
    expect(afterPreview.writes).toBe(before.writes);
    expect(afterPreview.requests - before.requests).toBe(1);

    const approved = await client.post(`/api/sync-previews/${preview.id}/approve/`, { only_raise: true, retire_left: true });
    expect(approved.statusCode, approved.body).toBe(202);
    expect(approved.json().message).toBe('Sync process started');
    const result = await runAndRead(s, client, approved.json().sync_id);
    expect(result).toMatchObject({ status: 'succeeded', created: 0, updated: 3, left_alone: 2, retired: 1, failed: 0, preview_id: preview.id });

    const items = new Map((await qboItems()).map((i) => [i.sku!, i]));
    // Not deleted: all six are still there, the one that left inactive.
    expect(items.size).toBe(6);
    expect(items.get(sku('pvqbo', 6))).toMatchObject({ active: false, unitPrice: 13.04 });
    const written = new Set([sku('pvqbo', 2), sku('pvqbo', 4), sku('pvqbo', 5)]);
    for (const change of preview.changes) {
      if (change.kind === 'left_list') continue;
      // Every approved change is what was written; every other item keeps its price.
      expect(items.get(change.sku)!.unitPrice, change.sku).toBe(Number(written.has(change.sku) ? change.new_price : change.old_price));
    }
    expect((await simStats(s.qbo.url)).writes - afterPreview.writes).toBe(4);

    // The record: who approved, the counts approved, what was left alone and retired.
    const history = await client.get('/api/sync-history/?software_name=quickbook');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ provider: 'quickbook', account_name: 'Sandbox Company US 1', total: 2 });
    expect(history.json().syncs[0]).toMatchObject({
      trigger: 'preview',
      edition_name: 'pvqbo list',
      approval: { preview_id: preview.id, approved_by: expect.stringContaining('pv-qbo'), only_raise: true, retire_left: true, approved: { up: 3, down: 0, edited_in_target: 0, left_list: 1 } },
      updated: 3,
      left_alone: 2,
      retired: 1,
      failures: [],
    });
    expect(history.json().syncs[1]).toMatchObject({ trigger: 'direct', approval: null, created: 6 });
    const csv = await client.get('/api/sync-history/csv/?software_name=quickbook');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="tradelist-syncs-quickbook-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
    expect((await client.get('/api/sync-results/last/')).json()).toMatchObject({ quickbook: { id: approved.json().sync_id, retired: 1 }, jobber: null });

    // Next time: the edited item is offered again, and ticking it overwrites it.
    const again = await previewOf(client, 'quickbook', edition);
    expect(again.counts).toMatchObject({ down: 1, edited_in_target: 1, left_list: 0, unchanged: 3 });
    const overwrite = await client.post(`/api/sync-previews/${again.id}/approve/`, { only_raise: true, allow_decrease: [sku('pvqbo', 1)], overwrite_edited: [sku('pvqbo', 3)] });
    expect(await runAndRead(s, client, overwrite.json().sync_id)).toMatchObject({ status: 'succeeded', updated: 2, left_alone: 0 });
    const final = new Map((await qboItems()).map((i) => [i.sku!, i]));
    expect(final.get(sku('pvqbo', 3))!.unitPrice).toBe(12.89);
    expect(final.get(sku('pvqbo', 1))!.unitPrice).toBe(10.5);
  });

  test('items another list wrote into the same company never show as leaving this list', async () => {
    const { client } = await userOf(s, 'free', 'pv-two-lists');
    await connect(client, 'quickbook');
    await s.qbo.reset();
    const first = await freeEditionOf(s, 'pvlista', 3);
    const second = await freeEditionOf(s, 'pvlistb', 2);
    expect((await runAndRead(s, client, await startSync(client, 'quickbook', first))).created).toBe(3);
    const other = await previewOf(client, 'quickbook', second);
    expect(other.counts).toMatchObject({ new: 2, left_list: 0 });
    expect(other.changes.map((c) => c.kind)).not.toContain('left_list');
    // The first list's own item that leaves it is still offered.
    await dropFromEdition(first, [sku('pvlista', 1)]);
    expect((await previewOf(client, 'quickbook', first)).counts).toMatchObject({ left_list: 1 });
  });

  test('paged, searchable and filtered by kind; another user\'s preview is not found', async () => {
    const { client } = await userOf(s, 'free', 'pv-page');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'pvpage', 12);
    const preview = await previewOf(client, 'quickbook', edition);
    expect(preview.counts.new).toBe(12);
    const page = await readPreview(client, preview.id, 'offset=2&limit=3');
    expect(page).toMatchObject({ total: 12, offset: 2, limit: 3 });
    expect(page.changes.map((c) => c.sku)).toEqual(preview.changes.slice(2, 5).map((c) => c.sku));
    expect((await readPreview(client, preview.id, 'search=item%2012')).changes.map((c) => c.sku)).toEqual([sku('pvpage', 12)]);
    expect((await readPreview(client, preview.id, 'kind=up')).total).toBe(0);
    expect((await client.get(`/api/sync-previews/${preview.id}/?kind=sideways`)).statusCode).toBe(400);

    const other = await userOf(s, 'free', 'pv-page-other');
    const foreign = await other.client.get(`/api/sync-previews/${preview.id}/`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', error: 'No sync preview found' });
    expect((await other.client.post(`/api/sync-previews/${preview.id}/approve/`, {})).statusCode).toBe(404);
    const notConnected = await other.client.post('/api/sync-previews/', { collection_id: edition, software_name: 'quickbook' });
    expect(notConnected.json()).toMatchObject({ code: 'NOT_CONNECTED', error: 'QuickBooks Online is not connected. Please sign in to sync.' });
  });

  test('approving a preview not ready, failed, or while another sync to the service runs is refused with the reason', async () => {
    const { client } = await userOf(s, 'free', 'pv-refused');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'pvrefused', 2);
    const started = await client.post('/api/sync-previews/', { collection_id: edition, software_name: 'quickbook' });
    const early = await client.post(`/api/sync-previews/${started.json().id}/approve/`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CONFLICT', error: 'This preview is not ready yet.' });
    await s.t.ctx.queue.runDueJobs();

    const running = await startSync(client, 'quickbook', edition);
    const busy = await client.post(`/api/sync-previews/${started.json().id}/approve/`, {});
    expect(busy.statusCode).toBe(409);
    // A sync to the same company, still running, changes what the preview read: it has expired.
    expect(busy.json()).toMatchObject({ code: 'CONFLICT', error: 'Another sync changed the items in the service since this preview. Preview the sync again.' });
    expect(await s.t.database.db.selectFrom('sync_previews').select('approved_at').where('id', '=', started.json().id).executeTakeFirstOrThrow()).toEqual({ approved_at: null });
    await runAndRead(s, client, running);

    const lost = await client.post('/api/sync-previews/', { collection_id: edition, software_name: 'quickbook' });
    await client.post('/api/quickbooks/disconnect/');
    await s.t.ctx.queue.runDueJobs();
    expect(await readPreview(client, lost.json().id)).toMatchObject({ status: 'failed', error: 'QuickBooks Online is not connected any more. Please sign in to sync again.' });
    const failed = await client.post(`/api/sync-previews/${lost.json().id}/approve/`, {});
    expect(failed.json()).toMatchObject({ code: 'CONFLICT', error: 'This preview failed. Preview the sync again.' });
  });

  test('two tabs approving at once start one sync', async () => {
    const { client } = await userOf(s, 'free', 'pv-twice');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'pvtwice', 3);
    const preview = await previewOf(client, 'quickbook', edition);
    const [a, b] = await Promise.all([client.post(`/api/sync-previews/${preview.id}/approve/`, {}), client.post(`/api/sync-previews/${preview.id}/approve/`, {})]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const started = (a.statusCode === 202 ? a : b).json();
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({ code: 'CONFLICT', error: 'This preview was already approved.', sync_id: started.sync_id });
    expect(await s.t.database.db.selectFrom('sync_runs').select('id').where('preview_id', '=', preview.id).execute()).toEqual([{ id: started.sync_id }]);
    expect(await runAndRead(s, client, started.sync_id)).toMatchObject({ status: 'succeeded', created: 3 });
    expect((await readPreview(client, preview.id)).status).toBe('approved');
  });

  test('a preview expires after 24 hours, when the prices change, when another sync changes the target, or when a newer edition comes out', async () => {
    const { client } = await userOf(s, 'free', 'pv-expiry');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'pvexpiry', 2);
    const expectExpired = async (id: number, message: string) => {
      expect(await readPreview(client, id)).toMatchObject({ status: 'expired', error: message });
      const refused = await client.post(`/api/sync-previews/${id}/approve/`, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CONFLICT', error: message });
    };
    const aged = await previewOf(client, 'quickbook', edition);
    s.t.clock.advance(24 * 3600);
    await expectExpired(aged.id, 'This preview is more than 24 hours old. Preview the sync again.');

    const priced = await previewOf(client, 'quickbook', edition);
    await client.post('/api/user_factor/', { markup1_10: 30 });
    await expectExpired(priced.id, 'Your prices changed since this preview. Preview the sync again.');

    const target = await previewOf(client, 'quickbook', edition);
    s.t.clock.advance(1);
    await runAndRead(s, client, await startSync(client, 'quickbook', edition));
    await expectExpired(target.id, 'Another sync changed the items in the service since this preview. Preview the sync again.');

    const older = await previewOf(client, 'quickbook', edition);
    const category = await s.t.database.db.selectFrom('collections').select(['category_id', 'rundate']).where('id', '=', edition).executeTakeFirstOrThrow();
    await s.t.database.db.insertInto('collections').values({ category_id: category.category_id, collection_id: 'PVEXPIRY-NEXT', name: 'pvexpiry next', rundate: category.rundate, is_free: true, item_count: 0, image: null }).execute();
    await expectExpired(older.id, 'A newer edition of this list has come out since this preview. Preview the sync again.');
  });

  test('a worker killed while making the preview, and during the approved sync, loses nothing and writes nothing twice', async () => {
    const { client } = await userOf(s, 'free', 'pv-crash');
    await connect(client, 'quickbook');
    await s.qbo.reset();
    const edition = await freeEditionOf(s, 'pvcrash', 35);
    const db = s.t.database.db;
    await sql`CREATE SEQUENCE pv_crash_once`.execute(db);
    await sql`CREATE SEQUENCE pv_crash_sync_once`.execute(db);
    // The process dies while storing the preview, then after QuickBooks wrote the sync's second batch and before its checkpoint commits.
    await sql`
      CREATE FUNCTION pv_crash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('pv_crash_once') = 1 THEN RAISE EXCEPTION 'simulated crash while storing the preview'; END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`
      CREATE FUNCTION pv_crash_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.done >= 20 AND NEW.done <> OLD.done AND nextval('pv_crash_sync_once') = 1 THEN RAISE EXCEPTION 'simulated crash mid-sync'; END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER pv_crash BEFORE INSERT ON sync_preview_items FOR EACH ROW EXECUTE FUNCTION pv_crash()`.execute(db);
    await sql`CREATE TRIGGER pv_crash_sync BEFORE UPDATE ON sync_runs FOR EACH ROW EXECUTE FUNCTION pv_crash_sync()`.execute(db);
    try {
      const started = await client.post('/api/sync-previews/', { collection_id: edition, software_name: 'quickbook' });
      await s.t.ctx.queue.runDueJobs();
      // The preview survived the crash unfinished, with nothing half stored; its retry finishes it.
      expect(await readPreview(client, started.json().id)).toMatchObject({ status: 'running', total: 0 });
      s.t.clock.advance(60);
      await s.t.ctx.queue.runDueJobs();
      const job = await db.selectFrom('jobs').select(['last_error', 'state', 'attempts']).where('queue', '=', 'sync-preview').orderBy('id', 'desc').executeTakeFirst();
      expect(job, JSON.stringify(job)).toMatchObject({ state: 'completed' });
      const preview = await readPreview(client, started.json().id);
      expect(preview).toMatchObject({ status: 'ready', counts: { new: 35 } });

      const approved = await client.post(`/api/sync-previews/${preview.id}/approve/`, {});
      const interrupted = await runAndRead(s, client, approved.json().sync_id);
      expect(interrupted).toMatchObject({ status: 'running', created: 10 });
      s.t.clock.advance(60);
      const resumed = await runAndRead(s, client, approved.json().sync_id);
      expect(resumed).toMatchObject({ status: 'succeeded', failed: 0 });
      expect(resumed.created + resumed.unchanged).toBe(35);
      const items = await qboItems();
      expect(new Set(items.map((i) => i.sku)).size).toBe(35);
      expect(items).toHaveLength(35);
      expect((await simStats(s.qbo.url)).writes).toBe(35);
      const prices = bySku(preview);
      for (const item of items) expect(item.unitPrice).toBe(Number(prices.get(item.sku!)!.new_price));
    } finally {
      await sql`DROP TRIGGER IF EXISTS pv_crash ON sync_preview_items`.execute(db);
      await sql`DROP TRIGGER IF EXISTS pv_crash_sync ON sync_runs`.execute(db);
      await sql`DROP FUNCTION IF EXISTS pv_crash()`.execute(db);
      await sql`DROP FUNCTION IF EXISTS pv_crash_sync()`.execute(db);
      await sql`DROP SEQUENCE IF EXISTS pv_crash_once`.execute(db);
      await sql`DROP SEQUENCE IF EXISTS pv_crash_sync_once`.execute(db);
    }
  });
});

describe('clean-up of old previews', () => {
  const db = () => s.t.database.db;
  const itemsOf = async (previewId: number) => Number((await db().selectFrom('sync_preview_items').select((eb) => eb.fn.countAll<string>().as('n')).where('preview_id', '=', previewId).executeTakeFirstOrThrow()).n);
  const exists = async (previewId: number) => (await db().selectFrom('sync_previews').select('id').where('id', '=', previewId).executeTakeFirst()) !== undefined;

  test('the hourly clean-up deletes previews a day after they expired unless approved; an approved one keeps its row for the record, and its items until its sync ends', async () => {
    const { client } = await userOf(s, 'free', 'pv-clean');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'pvclean', 3);
    const unapproved = await previewOf(client, 'quickbook', edition);
    // Many items: more than one delete's worth.
    await db().insertInto('sync_preview_items').values(Array.from({ length: 6_000 }, (_, i) => ({ preview_id: unapproved.id, sku: `PVCLEAN-X${i}`, name: `extra ${i}`, kind: 'new' as const, old_cents: null, new_cents: 100, magnitude_cents: 100, remote_id: null }))).execute();
    const synced = await previewOf(client, 'quickbook', edition);
    const syncedRun = (await client.post(`/api/sync-previews/${synced.id}/approve/`, {})).json().sync_id;
    expect(await runAndRead(s, client, syncedRun)).toMatchObject({ status: 'succeeded', created: 3 });
    s.t.clock.advance(1);
    const queued = await previewOf(client, 'quickbook', edition);
    const queuedRun = (await client.post(`/api/sync-previews/${queued.id}/approve/`, {})).json().sync_id;

    // Expired for less than a day: everything stays, and a reload still says why it expired.
    s.t.clock.advance(47 * 3600);
    await cleanUpSyncPreviews(s.t.ctx);
    expect(await itemsOf(unapproved.id)).toBe(6_003);
    expect(await readPreview(client, unapproved.id)).toMatchObject({ status: 'expired' });

    s.t.clock.advance(2 * 3600);
    await cleanUpSyncPreviews(s.t.ctx);
    // Never approved: gone with its items.
    expect(await exists(unapproved.id)).toBe(false);
    expect(await itemsOf(unapproved.id)).toBe(0);
    expect((await client.get(`/api/sync-previews/${unapproved.id}/`)).statusCode).toBe(404);
    // Approved and synced: the row stays, so the record still shows the approval; its items are gone.
    expect(await exists(synced.id)).toBe(true);
    expect(await itemsOf(synced.id)).toBe(0);
    const history = (await client.get('/api/sync-history/?software_name=quickbook')).json();
    expect(history.syncs.find((r: { id: number }) => r.id === syncedRun)).toMatchObject({ approval: { preview_id: synced.id, approved_by: expect.stringContaining('pv-clean'), approved: { new: 3 } } });
    // Approved, its sync still queued: it reads the items when it runs, so they stay.
    expect(await itemsOf(queued.id)).toBe(3);

    // Its sync runs as approved; the next hourly clean-up (the scheduled job) then deletes its items. A fresh preview stays.
    expect(await runAndRead(s, client, queuedRun)).toMatchObject({ status: 'succeeded', unchanged: 3 });
    const fresh = await previewOf(client, 'quickbook', edition);
    s.t.clock.advance(3600);
    expect(await s.t.ctx.queue.runDueSchedules()).toContain('clean-up');
    await s.t.ctx.queue.runDueJobs();
    const job = await db().selectFrom('jobs').select('state').where('queue', '=', 'clean-up').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(job.state).toBe('completed');
    expect(await exists(queued.id)).toBe(true);
    expect(await itemsOf(queued.id)).toBe(0);
    expect(await itemsOf(fresh.id)).toBe(3);
  });
});

describe('the sync record', () => {
  /** Someone makes an account inactive in QuickBooks, through QuickBooks' API: items may not refer to it any more. */
  async function deactivateAccount(userId: number, name: string): Promise<void> {
    const tokens = connectionTokens(s.t.ctx, userId, 'quickbooks');
    const found = await new QuickBooksClient(s.t.ctx.config.quickbooks, realm(), tokens, 1).query(`SELECT * FROM Account WHERE Name = '${name}'`);
    const account = (found['Account'] as Array<{ Id: string; SyncToken: string }>)[0]!;
    const answer = await fetch(`${s.qbo.url}/v3/company/${realm()}/account`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokens.current()}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ Id: account.Id, SyncToken: account.SyncToken, sparse: true, Active: false }),
    });
    expect(answer.status).toBe(200);
  }

  test('the page lists the first 50 items refused in a sync with how many there were; the CSV, streamed, lists every one', async () => {
    const { client, userId } = await userOf(s, 'free', 'rec-failures');
    await connect(client, 'quickbook');
    await s.qbo.reset();
    expect((await runAndRead(s, client, await startSync(client, 'quickbook', await freeEditionOf(s, 'recfirst', 2)))).created).toBe(2);
    // The income account the first sync found is made inactive there: every new item of the next list is refused.
    await deactivateAccount(userId, 'Sales of Product Income');
    const refused = await runAndRead(s, client, await startSync(client, 'quickbook', await freeEditionOf(s, 'recfail', 60)));
    expect(refused).toMatchObject({ created: 0, failed: 60 });

    const history = (await client.get('/api/sync-history/?software_name=quickbook')).json();
    expect(history.total).toBe(2);
    const [failedSync, firstSync] = history.syncs;
    expect(failedSync).toMatchObject({ failed: 60, failures_total: 60 });
    expect(failedSync.failures).toHaveLength(50);
    expect(failedSync.failures.map((f: { sku: string }) => f.sku)).toEqual(Array.from({ length: 50 }, (_, i) => sku('recfail', i + 1)));
    expect(failedSync.failures[0]).toEqual({ sku: sku('recfail', 1), name: 'recfail item 1', error: expect.stringContaining('Invalid Reference Id') });
    expect(firstSync).toMatchObject({ failed: 0, failures: [], failures_total: 0 });

    const csv = await client.get('/api/sync-history/csv/?software_name=quickbook');
    expect(csv.statusCode).toBe(200);
    // Streamed as it is written: no length known in advance.
    expect(csv.headers['transfer-encoding']).toBe('chunked');
    expect(csv.headers['content-length']).toBeUndefined();
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^${failedSync.id},`));
    const listed = [...lines[1]!.matchAll(/RECFAIL-(\d{4}): /g)].map((m) => Number(m[1]));
    expect(listed).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(lines[2]).toMatch(new RegExp(`^${firstSync.id},`));
  });
});

/** Someone edits an item's price in Jobber, through Jobber's API. */
async function editInJobber(userId: number, name: string, price: number): Promise<void> {
  const item = (await jobberItems()).find((i) => i.name === name)!;
  const connection = await s.t.database.db.selectFrom('provider_connections').selectAll().where('user_id', '=', userId).where('provider', '=', 'jobber').executeTakeFirstOrThrow();
  const [result] = await new JobberClient(s.t.ctx.config.jobber, connection.account_id, connectionTokens(s.t.ctx, userId, 'jobber'), 1, s.t.ctx.log).write([{ kind: 'edit', id: item.id, input: { defaultUnitCost: price } }]);
  expect(result).toEqual({ id: item.id });
}

/** A Jobber user with `count` items synced at one set of markups, then new markups (prices up and down): answers the edition. */
async function syncedThenRepriced(client: TestClient, label: string, count: number): Promise<number> {
  await connect(client, 'jobber');
  await s.jobber.reset();
  const edition = await freeEditionOf(s, label, count);
  await client.post('/api/user_factor/', { markup1_10: 10, markup11_20: 10 });
  expect((await runAndRead(s, client, await startSync(client, 'jobber', edition))).created).toBe(count);
  await client.post('/api/user_factor/', { markup1_10: 5, markup11_20: 20 });
  return edition;
}

const jobberPrices = async () => new Map((await jobberItems()).map((i) => [i.name, i.unitPrice]));

describe('sync previews: Jobber', () => {
  test('only-raise leaves decreases, an item edited in Jobber is left unless ticked, and items that left the list are hidden, never deleted', async () => {
    const { client, userId } = await userOf(s, 'free', 'pv-jobber');
    await connect(client, 'jobber');
    await s.jobber.reset();
    const edition = await freeEditionOf(s, 'pvjob', 5);
    await client.post('/api/user_factor/', { markup1_10: 10, markup11_20: 10 });
    expect((await runAndRead(s, client, await startSync(client, 'jobber', edition))).created).toBe(5);
    await editInJobber(userId, 'pvjob item 3', 77);
    await client.post('/api/user_factor/', { markup1_10: 5, markup11_20: 20 });
    await dropFromEdition(edition, [sku('pvjob', 5)]);

    const preview = await previewOf(client, 'jobber', edition);
    expect(preview.counts).toMatchObject({ up: 2, down: 1, edited_in_target: 1, left_list: 1 });
    const writes = (await simStats(s.jobber.url)).writes;
    const approved = await client.post(`/api/sync-previews/${preview.id}/approve/`, { only_raise: true, retire_left: true, exclude: [sku('pvjob', 4)] });
    expect(await runAndRead(s, client, approved.json().sync_id)).toMatchObject({ status: 'succeeded', updated: 1, left_alone: 3, retired: 1 });
    expect((await simStats(s.jobber.url)).writes - writes).toBe(2);
    const items = new Map((await jobberItems()).map((i) => [i.name, i]));
    expect(items.size).toBe(5);
    expect(items.get('pvjob item 5')).toMatchObject({ visible: false });
    expect(items.get('pvjob item 3')).toMatchObject({ unitPrice: 77, visible: true });
    expect(items.get('pvjob item 2')!.unitPrice).toBe(Number(bySku(preview).get(sku('pvjob', 2))!.new_price));
    expect(items.get('pvjob item 1')!.unitPrice).toBe(Number(bySku(preview).get(sku('pvjob', 1))!.old_price));
    expect(items.get('pvjob item 4')!.unitPrice).toBe(Number(bySku(preview).get(sku('pvjob', 4))!.old_price));
  });

  test('approved while the preview\'s read is fresh, the sync writes from it: no read of the account, only its writes', async () => {
    const { client, userId } = await userOf(s, 'free', 'pv-jobber-fresh');
    const edition = await syncedThenRepriced(client, 'pvfresh', 5);
    const preview = await previewOf(client, 'jobber', edition);
    expect(preview.counts).toMatchObject({ up: 4, down: 1 });
    // Within the window, an edit made in Jobber after the preview is not looked for: the item gets the price the preview showed (decision 0051).
    await editInJobber(userId, 'pvfresh item 2', 55);
    s.t.clock.advance(14 * 60);
    const before = await simStats(s.jobber.url);
    const approved = await client.post(`/api/sync-previews/${preview.id}/approve/`, { exclude: [sku('pvfresh', 4)] });
    expect(await runAndRead(s, client, approved.json().sync_id)).toMatchObject({ status: 'succeeded', created: 0, updated: 4, left_alone: 1, failed: 0 });
    expect(targetReadOf(approved.json().sync_id)).toBe('preview');
    const after = await simStats(s.jobber.url);
    // One request: the four edits, and no read of the account before them.
    expect(after.requests - before.requests).toBe(1);
    expect(after.writes - before.writes).toBe(4);
    const prices = await jobberPrices();
    for (const change of preview.changes) {
      expect(prices.get(change.name), change.sku).toBe(Number(change.sku === sku('pvfresh', 4) ? change.old_price : change.new_price));
    }
    // The ledger and links hold what was written: a re-sync finds every item unchanged.
    const requests = (await simStats(s.jobber.url)).requests;
    expect(await runAndRead(s, client, await startSync(client, 'jobber', edition))).toMatchObject({ created: 0, updated: 1, unchanged: 4 });
    expect((await simStats(s.jobber.url)).requests - requests).toBe(2);
  });

  test('approved after the window, the sync reads again by id only the items it will write, and leaves one edited since the preview alone', async () => {
    const { client, userId } = await userOf(s, 'free', 'pv-jobber-stale');
    const edition = await syncedThenRepriced(client, 'pvstale', 5);
    await dropFromEdition(edition, [sku('pvstale', 5)]);
    const preview = await previewOf(client, 'jobber', edition);
    expect(preview.counts).toMatchObject({ up: 3, down: 1, left_list: 1 });
    await editInJobber(userId, 'pvstale item 2', 55);
    s.t.clock.advance(16 * 60);
    const before = await simStats(s.jobber.url);
    const approved = await client.post(`/api/sync-previews/${preview.id}/approve/`, { exclude: [sku('pvstale', 4)], retire_left: true });
    expect(await runAndRead(s, client, approved.json().sync_id)).toMatchObject({ status: 'succeeded', created: 0, updated: 2, left_alone: 2, retired: 1, failed: 0 });
    expect(targetReadOf(approved.json().sync_id)).toBe('by id');
    const after = await simStats(s.jobber.url);
    // One read of the four items to write or retire (not a page of the account), then one request of three writes.
    expect(after.requests - before.requests).toBe(2);
    expect(after.writes - before.writes).toBe(3);
    const prices = await jobberPrices();
    const shown = bySku(preview);
    expect(prices.get('pvstale item 2')).toBe(55);
    expect(prices.get('pvstale item 1')).toBe(Number(shown.get(sku('pvstale', 1))!.new_price));
    expect(prices.get('pvstale item 3')).toBe(Number(shown.get(sku('pvstale', 3))!.new_price));
    expect(prices.get('pvstale item 4')).toBe(Number(shown.get(sku('pvstale', 4))!.old_price));
    expect((await jobberItems()).find((i) => i.name === 'pvstale item 5')).toMatchObject({ visible: false });
  });

  test('a worker killed during an approved sync resumes by reading the account, and writes nothing twice', async () => {
    const { client } = await userOf(s, 'free', 'pv-jobber-crash');
    await connect(client, 'jobber');
    await s.jobber.reset();
    const edition = await freeEditionOf(s, 'pvjcrash', 60);
    const db = s.t.database.db;
    await sql`CREATE SEQUENCE pv_jobber_crash_once`.execute(db);
    // The process dies after Jobber made the second request's 25 items and before its checkpoint commits.
    await sql`
      CREATE FUNCTION pv_jobber_crash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.done >= 40 AND NEW.done <> OLD.done AND nextval('pv_jobber_crash_once') = 1 THEN RAISE EXCEPTION 'simulated crash mid-sync'; END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER pv_jobber_crash BEFORE UPDATE ON sync_runs FOR EACH ROW EXECUTE FUNCTION pv_jobber_crash()`.execute(db);
    try {
      const preview = await previewOf(client, 'jobber', edition);
      expect(preview.counts).toMatchObject({ new: 60 });
      const before = await simStats(s.jobber.url);
      const approved = await client.post(`/api/sync-previews/${preview.id}/approve/`, {});
      const interrupted = await runAndRead(s, client, approved.json().sync_id);
      expect(interrupted).toMatchObject({ status: 'running', created: 25 });
      // Fresh: two requests of 25 creates each, no read.
      expect(await simStats(s.jobber.url)).toMatchObject({ requests: before.requests + 2, writes: 50 });
      s.t.clock.advance(60);
      const resumed = await runAndRead(s, client, approved.json().sync_id);
      expect(resumed).toMatchObject({ status: 'succeeded', created: 35, unchanged: 25, failed: 0 });
      expect(targetReadOf(approved.json().sync_id)).toBe('account');
      const items = await jobberItems();
      expect(items).toHaveLength(60);
      expect(new Set(items.map((i) => i.name)).size).toBe(60);
      expect((await simStats(s.jobber.url)).writes).toBe(60);
      const prices = new Map(preview.changes.map((c) => [c.name, Number(c.new_price)]));
      for (const item of items) expect(item.unitPrice).toBe(prices.get(item.name));
    } finally {
      await sql`DROP TRIGGER IF EXISTS pv_jobber_crash ON sync_runs`.execute(db);
      await sql`DROP FUNCTION IF EXISTS pv_jobber_crash()`.execute(db);
      await sql`DROP SEQUENCE IF EXISTS pv_jobber_crash_once`.execute(db);
    }
  });
});
