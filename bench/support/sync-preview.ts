/**
 * The sync benchmark's preview step (issue 22): after the re-sync the user's markups change
 * (prices go up in three bands, down in the other three), a preview is started and run through
 * the sync module's services, everything is approved (no exclusions, not only raises) and the
 * approved sync is run. Times are in the provider's time (wall time × scale). The approval comes
 * at once, while the preview's read is fresh; with BENCH_SYNC_STALE_PREVIEW=1 the preview's read
 * is made to have ended longer ago than the window (decision 0051), so that a Jobber sync reads
 * again by id what it writes.
 */
import { softwareNameOf, type SyncProvider } from '@tradelist/contract/sync';
import type { PreviewItemKind } from '../../apps/api/src/db/schema.ts';
import { saveUserFactor } from '../../apps/api/src/modules/catalog/services/user-factor.ts';
import { approveSyncPreview } from '../../apps/api/src/modules/sync/services/approve-preview.ts';
import { PREVIEW_READ_FRESH_SECONDS, type TargetRead } from '../../apps/api/src/modules/sync/services/jobber-sync.ts';
import { runPreview, startSyncPreview } from '../../apps/api/src/modules/sync/services/preview-sync.ts';
import { runSync } from '../../apps/api/src/modules/sync/services/run-sync.ts';
import { simStats, type SyncBench } from './sync-setup.ts';

/**
 * The markups after the change, in percent. Before: 25, 20, 15, 10, 8 and 5 % (tax 8 %); after,
 * up in the $0–10, $20.01–50 and $150.01–500 bands and down in the others.
 */
const changedMarkups = { markup1_10: 30, markup11_20: 15, markup21_50: 20, markup51_150: 8, markup151_500: 10, markup501: 4, tax: 8 };

export interface PreviewFigures {
  previewSeconds: number;
  /** API requests the preview made (all reads: it writes nothing). */
  previewReads: number;
  /** The preview's counts per kind of change. */
  counts: Partial<Record<PreviewItemKind, number>>;
  syncSeconds: number;
  /** Items the approved sync wrote, as the simulator counted them. */
  syncWrites: number;
  /** API requests of the approved sync (its reads of the target and its write requests). */
  syncRequests: number;
  /** performance.now() when the approved sync started. */
  syncStartedAt: number;
  throttled: number;
  /** How the approved sync read the target before writing, as its log line says. */
  targetRead: TargetRead;
}

const stalePreview = process.env.BENCH_SYNC_STALE_PREVIEW === '1';

/** Changes the markups, previews, approves everything and runs the approved sync. */
export async function previewAndSync(bench: SyncBench, provider: SyncProvider, scale: number): Promise<PreviewFigures> {
  const { ctx, db, user, sim } = bench;
  await saveUserFactor(ctx, user.id, changedMarkups);
  const before = await simStats(sim);
  const { id } = await startSyncPreview(ctx, user, { collection_id: bench.editionId, software_name: softwareNameOf(provider) });
  const previewStarted = performance.now();
  await runPreview(ctx, id);
  const previewSeconds = ((performance.now() - previewStarted) / 1000) * scale;
  const preview = await db.selectFrom('sync_previews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  if (preview.status !== 'ready') throw new Error(`preview ${preview.status}: ${preview.error}`);
  const previewed = await simStats(sim);
  if (previewed.writes !== before.writes) throw new Error(`the preview wrote ${previewed.writes - before.writes} items`);

  if (stalePreview) await db.updateTable('sync_previews').set({ ready_at: new Date(ctx.clock.now().getTime() - (PREVIEW_READ_FRESH_SECONDS + 60) * 1000) }).where('id', '=', id).execute();
  const { sync_id } = await approveSyncPreview(ctx, user, id, { exclude: [], only_raise: false, allow_decrease: [], overwrite_edited: [], retire_left: false });
  const syncStarted = performance.now();
  await runSync(ctx, sync_id);
  const syncSeconds = ((performance.now() - syncStarted) / 1000) * scale;
  const after = await simStats(sim);
  const run = await db.selectFrom('sync_runs').selectAll().where('id', '=', sync_id).executeTakeFirstOrThrow();
  if (run.status !== 'succeeded' || run.failed > 0) throw new Error(`approved sync ${run.status}: ${run.error ?? JSON.stringify(run.errors)}`);
  const changed = (preview.counts.new ?? 0) + (preview.counts.up ?? 0) + (preview.counts.down ?? 0) + (preview.counts.details ?? 0);
  const syncWrites = after.writes - previewed.writes;
  // Exact: every change listed is written, nothing else.
  if (run.created + run.updated !== changed || syncWrites !== changed) throw new Error(`the preview listed ${changed} changes; the sync wrote ${syncWrites} (${run.created} created, ${run.updated} updated)`);
  return {
    previewSeconds,
    previewReads: previewed.requests - before.requests,
    counts: preview.counts,
    syncSeconds,
    syncWrites,
    syncRequests: after.requests - previewed.requests,
    syncStartedAt: syncStarted,
    throttled: after.throttled - before.throttled,
    targetRead: bench.syncLog(sync_id)?.['targetRead'] as TargetRead,
  };
}
