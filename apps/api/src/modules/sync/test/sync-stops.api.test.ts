import type { QboItemSummary } from '@tradelist/simulators/quickbooks';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { disableAccount } from '../../accounts/services/disable-account.ts';
import { insertProducts } from '../../catalog/repositories/products.ts';
import { accountDisabledSyncMessage, entitlementEndedSyncMessage } from '../services/require-sync-allowed.ts';
import { connect, freeEditionOf, runAndRead, setUpSyncTest, simItems, simStats, startSync, userOf, type SyncTest } from '../../../../test/support/sync.ts';

let s: SyncTest;
// Batches of 10, so that a sync of 45 items writes in five batches.
setUpSyncTest({ env: { QBO_BATCH_SIZE: '10' } }, (setup) => (s = setup));

const realm = () => s.qbo.companies[0]!.realmId;
const itemsAtQuickBooks = async () => ((await simItems<QboItemSummary>(s.qbo.url))[realm()] ?? []).length;

/** Runs the due jobs and reads the run from the database (a disabled user can no longer ask for it). */
async function runAndReadRow(syncId: number) {
  await s.t.ctx.queue.runDueJobs();
  return s.t.database.db.selectFrom('sync_runs').selectAll().where('id', '=', syncId).executeTakeFirstOrThrow();
}

/**
 * Runs `body` while `change` (SQL) is committed right after the sync's first batch has been
 * checkpointed: what an operator's disable or a refund does between two batches.
 */
async function withChangeAfterFirstBatch(change: string, body: () => Promise<void>): Promise<void> {
  const db = s.t.database.db;
  await sql
    .raw(
      `CREATE FUNCTION change_after_first_batch() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.done >= 10 AND OLD.done < 10 THEN ${change}; END IF;
         RETURN NEW;
       END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER change_after_first_batch AFTER UPDATE ON sync_runs FOR EACH ROW EXECUTE FUNCTION change_after_first_batch()`.execute(db);
  try {
    await body();
  } finally {
    await sql`DROP TRIGGER IF EXISTS change_after_first_batch ON sync_runs`.execute(db);
    await sql`DROP FUNCTION IF EXISTS change_after_first_batch()`.execute(db);
  }
}

describe('a sync stops when its account may no longer sync', () => {
  test('an account disabled between two batches: nothing more is written, and the run ends with the reason', async () => {
    const { client } = await userOf(s, 'free', 'stop-disabled');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'stopdisabled', 45);
    await s.qbo.reset();
    await withChangeAfterFirstBatch('UPDATE users SET is_active = false WHERE id = NEW.user_id', async () => {
      const syncId = await startSync(client, 'quickbook', edition);
      const run = await runAndReadRow(syncId);
      expect(run).toMatchObject({ status: 'failed', error: accountDisabledSyncMessage, done: 10, created: 10 });
      expect(await itemsAtQuickBooks()).toBe(10);
      // Nothing is left to run later either.
      s.t.clock.advance(3600);
      await s.t.ctx.queue.runDueJobs();
      expect(await itemsAtQuickBooks()).toBe(10);
    });
  });

  test('the operator disables an account with a queued sync: it is cancelled in the same transaction and never runs', async () => {
    const { client, userId } = await userOf(s, 'free', 'stop-queued');
    await connect(client, 'quickbook');
    const edition = await freeEditionOf(s, 'stopqueued', 12);
    await s.qbo.reset();
    const syncId = await startSync(client, 'quickbook', edition);
    await disableAccount(s.t.ctx, userId, async () => undefined);
    const cancelled = await s.t.database.db.selectFrom('sync_runs').selectAll().where('id', '=', syncId).executeTakeFirstOrThrow();
    expect(cancelled).toMatchObject({ status: 'failed', error: accountDisabledSyncMessage, started_at: null });
    expect(cancelled.finished_at).not.toBeNull();
    await s.t.ctx.queue.runDueJobs();
    expect(await runAndReadRow(syncId)).toMatchObject({ status: 'failed', done: 0 });
    expect(await simStats(s.qbo.url)).toMatchObject({ requests: 0, writes: 0 });
  });

  test('a subscription that ends between two batches stops the sync of a paid edition; nothing more is written', async () => {
    const { client } = await userOf(s, 'subscriber', 'stop-ended');
    await connect(client, 'quickbook');
    // The paid edition the subscriber may sync gets 40 more items (45 in all).
    await insertProducts(
      s.t.database.db,
      Array.from({ length: 40 }, (_, i) => ({
        collection_id: s.fixture.paidEditions.mar,
        sku: `STOP-${String(i + 1).padStart(4, '0')}`,
        name: `Stop item ${i + 1}`,
        description: `Stop item ${i + 1}`,
        unit: 'EA',
        group_name: 'Wires',
        cost_cents: 500 + i,
        manufacturer_part_number: null,
        upc: null,
      })),
    );
    await s.qbo.reset();
    // A refund or the end of the period: the subscription no longer entitles anything.
    await withChangeAfterFirstBatch(
      `UPDATE subscriptions SET status = 'expired', period_end = period_start + interval '1 day' WHERE user_id = NEW.user_id`,
      async () => {
        const syncId = await startSync(client, 'quickbook', s.fixture.paidEditions.mar);
        const run = await runAndRead(s, client, syncId);
        expect(run).toMatchObject({ status: 'failed', error: entitlementEndedSyncMessage, created: 10 });
        expect(await itemsAtQuickBooks()).toBe(10);
      },
    );
  });
});
