import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { queueJob } from '../../../jobs/queue.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { utcDay } from '../../../lib/clock.ts';
import { choosePricingProfile, decideSync, type EditionAnnouncements, entitlementRepository, findCollectionById, listCurrentCollections } from '../../catalog/index.ts';
import { findAutomaticSync, insertAutomaticSync, moveAutomaticSync } from '../repositories/automatic-syncs.ts';
import { findConnection, listAutomaticConnectionsAfter } from '../repositories/connections.ts';
import { isAccountActive } from '../repositories/sync-runs.ts';
import { connectionStayedBusy, failAutomaticSync } from './automatic-sync-end.ts';
import { isLive } from './provider-tokens.ts';
import { queueProtectedSync } from './queue-protected-sync.ts';
import { notConnectedAnymore, providerFailed } from './run-sync.ts';

/** Connections looked at per transaction when an edition becomes current. */
const CONNECTIONS_PAGE = 200;

// How the job's last error says the connection was busy (a job's give-up hears only the message).
const BUSY = 'Connection busy:';

/** Thrown when the connection has a sync queued or running: the automatic one waits for it (the job retries later). */
class ConnectionBusyError extends Error {
  override name = 'ConnectionBusyError';
  constructor(detail: string) {
    super(`${BUSY} ${detail}`);
  }
}

/**
 * The edition's automatic syncs, once it is current (decision 0050): every connection with the
 * automatic sync on that holds the edition's list (synced one of its editions before) gets one row per edition (unique, so a re-publication or a retry adds none)
 * and one job. Answers how many were queued now.
 */
export async function startAutomaticSyncs(ctx: AppContext, collectionId: number): Promise<number> {
  const edition = await findCollectionById(ctx.db, collectionId);
  if (!edition) return 0;
  // Withdrawn, or a later edition of its category came first: only the current edition is synced.
  const current = await listCurrentCollections(ctx.db, utcDay(ctx.clock.now()));
  if (!current.some((candidate) => candidate.id === edition.id)) return 0;
  let queued = 0;
  for (let afterId = 0; ; ) {
    const connections = await listAutomaticConnectionsAfter(ctx.db, edition.category_id, afterId, CONNECTIONS_PAGE);
    queued += await runUnitOfWork(ctx, async (trx) => {
      let added = 0;
      for (const connection of connections) {
        const id = await insertAutomaticSync(trx, { userId: connection.user_id, provider: connection.provider, collectionId, now: ctx.clock.now() });
        if (id === undefined) continue;
        await ctx.queue.enqueue(automaticSyncJob, { automaticSyncId: id }, { db: trx });
        added += 1;
      }
      return added;
    });
    if (connections.length < CONNECTIONS_PAGE) return queued;
    afterId = connections.at(-1)!.id;
  }
}

/**
 * One connection's automatic sync of an edition: skipped when the user turned it off, the account
 * was disabled or has no right to the edition (nothing is said); failed with one email when the
 * connection is lost; otherwise its protected sync is queued, and its end is emailed
 * (automatic-sync-end.ts).
 */
export async function runAutomaticSync(ctx: AppContext, automaticSyncId: number): Promise<void> {
  const row = await findAutomaticSync(ctx.db, automaticSyncId);
  if (!row || row.state !== 'pending') return;
  const now = ctx.clock.now();
  const skip = async (reason: string) => {
    await moveAutomaticSync(ctx.db, row.id, ['pending'], { state: 'skipped', reason, finished_at: now });
  };
  const connection = await findConnection(ctx.db, row.user_id, row.provider);
  if (!connection?.automatic_sync) return skip('The automatic sync was turned off.');
  const edition = await findCollectionById(ctx.db, row.collection_id);
  if (!edition) return skip('The edition is gone.');
  if (!(await isAccountActive(ctx.db, row.user_id))) return skip('The account is disabled.');
  const decision = await decideSync(entitlementRepository(ctx.db, now), row.user_id, edition, now);
  if (!decision.allowed) return skip(decision.message);
  if (!isLive(connection, now)) return failAutomaticSync(ctx, row, notConnectedAnymore(row.provider));
  // An automatic sync prices with the user's default pricing profile.
  const profile = await choosePricingProfile(ctx.db, row.user_id);
  await runUnitOfWork(ctx, async (trx) => {
    const syncId = await queueProtectedSync(ctx, trx, row.user_id, row.provider, { collection: edition, connection, profile });
    if (syncId === undefined) throw new ConnectionBusyError(`A sync of user ${row.user_id} to ${row.provider} is running; the automatic sync waits`);
    // Another attempt that got here first keeps its sync; this one's is rolled back.
    if (!(await moveAutomaticSync(trx, row.id, ['pending'], { state: 'syncing', sync_run_id: syncId }))) throw new Error(`Automatic sync ${row.id} was taken by another attempt`);
  });
}

/**
 * The job of one connection's automatic sync. A connection busy with another sync is tried again
 * with backoff (1, 2, 4, 8, 16, 30 and 30 minutes: about an hour and a half), never more; then the
 * user is emailed once that the other sync was still running, and to sync this edition from the
 * catalog once it has finished.
 */
export const automaticSyncJob = defineJob({
  name: 'automatic-sync',
  payload: z.object({ automaticSyncId: z.number().int().positive() }),
  concurrency: 2,
  maxAttempts: 8,
  backoff: { baseSeconds: 60, maxSeconds: 30 * 60 },
  idempotencyKey: (payload) => String(payload.automaticSyncId),
  handle: async (payload, { ctx }) => runAutomaticSync(ctx, payload.automaticSyncId),
  onGiveUp: async (payload, error, { ctx }) => {
    const row = await findAutomaticSync(ctx.db, payload.automaticSyncId);
    if (row?.state === 'pending') await failAutomaticSync(ctx, row, error.startsWith(BUSY) ? connectionStayedBusy(row.provider) : providerFailed(row.provider));
  },
});

/** The fan-out of an edition's automatic syncs, queued when it is published for the moment it becomes current. */
export const startAutomaticSyncsJob = defineJob({
  name: 'start-automatic-syncs',
  payload: z.object({ collectionId: z.number().int().positive() }),
  concurrency: 1,
  maxAttempts: 10,
  backoff: { baseSeconds: 30, maxSeconds: 10 * 60 },
  idempotencyKey: (payload) => String(payload.collectionId),
  handle: async (payload, { ctx }) => {
    await startAutomaticSyncs(ctx, payload.collectionId);
  },
});

/**
 * The catalog's announcements of an edition, and its automatic syncs (decision 0050): scheduling
 * an edition's announcement, in the transaction that publishes it, also queues the look for its
 * automatic syncs, to run when the edition becomes current (at once, or from the start of its run
 * date, UTC). Composed where the announcements are handed to the catalog (app.ts, the command line).
 */
export function withAutomaticSyncs(announcements: EditionAnnouncements): EditionAnnouncements {
  return {
    ...announcements,
    async schedule(trx, edition, createdBy, now) {
      const scheduled = await announcements.schedule(trx, edition, createdBy, now);
      const startOfRunDate = new Date(`${edition.rundate}T00:00:00Z`);
      await queueJob(trx, startAutomaticSyncsJob, { collectionId: edition.collectionId }, now, startOfRunDate > now ? startOfRunDate : now);
      return scheduled;
    },
  };
}
