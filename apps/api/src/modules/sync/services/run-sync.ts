import { syncProviderNames } from '@tradelist/contract/sync';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { SyncRunRow } from '../../../db/schema.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { randomToken } from '../../../lib/secrets.ts';
import type { PricingRules } from '@tradelist/pricing/rules';
import { copyPageOfProducts, findCollectionById, type ProductForFile } from '../../catalog/index.ts';
import { ProviderAccessRefusedError } from '../../../integrations/oauth-client.ts';
import { findConnection } from '../repositories/connections.ts';
import { ledgerOf } from '../repositories/sync-ledger.ts';
import { findPreview, previewItemsBySku } from '../repositories/sync-previews.ts';
import { claimRun, finishRun, findRun, releaseRun, setRunTotal } from '../repositories/sync-runs.ts';
import { syncToJobber, type TargetRead } from './jobber-sync.ts';
import { ConnectionGoneError, connectionTokens, isLive } from './provider-tokens.ts';
import { syncToQuickBooks } from './quickbooks-sync.ts';
import { reportAutomaticSyncEnd } from './automatic-sync-end.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { requireSyncAllowed, SyncStoppedError } from './require-sync-allowed.ts';
import { policyOf } from './sync-plan.ts';
import { syncPricing } from './sync-pricing.ts';
import { checkpointer, HeldBackNotes, LEASE_SECONDS, LeaseLostError, type ProviderSync } from './sync-progress.ts';

const PRODUCT_PAGE = 5_000;

/** Why a whole sync failed, as the screen shows it. */
export function notConnectedAnymore(provider: SyncRunRow['provider']): string {
  return `${syncProviderNames[provider]} is not connected any more. Please sign in to sync again.`;
}

/** A provider that refused the sync's authorization (403, or 401 after a refresh): only connecting again helps. */
export function accessRefused(provider: SyncRunRow['provider']): string {
  const name = syncProviderNames[provider];
  return `${name} refused access to this ${provider === 'quickbooks' ? 'company' : 'account'}. Connect ${name} again.`;
}

/** A provider that stayed unreachable or failed through every retry. */
export function providerFailed(provider: SyncRunRow['provider']): string {
  return `${syncProviderNames[provider]} could not be reached or refused the sync. Please try again later.`;
}

export async function editionProducts(ctx: AppContext, collectionId: number): Promise<ProductForFile[]> {
  const products: ProductForFile[] = [];
  for (;;) {
    const page = await copyPageOfProducts(ctx.db, collectionId, products.at(-1)?.id ?? 0, PRODUCT_PAGE);
    products.push(...page);
    if (page.length < PRODUCT_PAGE) return products;
  }
}

/** Ends a run, and in the same transaction the automatic sync it was queued for, if any (decision 0050: its email goes once). */
async function endRun(ctx: AppContext, id: number, outcome: Parameters<typeof finishRun>[2]): Promise<void> {
  await runUnitOfWork(ctx, async (trx) => {
    await finishRun(trx, id, outcome);
    await reportAutomaticSyncEnd(ctx, trx, id);
  });
}

/** Runs a claimed sync to its end (succeeded), or throws. */
async function runClaimed(ctx: AppContext, run: SyncRunRow, owner: string): Promise<void> {
  const started = performance.now();
  const connection = await findConnection(ctx.db, run.user_id, run.provider);
  if (!isLive(connection, ctx.clock.now()) || connection.account_id !== run.account_id) throw new ConnectionGoneError('The connection the sync was started with is gone');
  const collection = await findCollectionById(ctx.db, run.collection_id);
  // The account and its right to the edition, now and before each batch (product §10.13).
  const requireAllowed = () => requireSyncAllowed(ctx, run, collection);
  await requireAllowed();
  const products = collection ? await editionProducts(ctx, collection.id) : [];
  await setRunTotal(ctx.db, run.id, owner, products.length);
  const heldBack = new HeldBackNotes();
  const sync: ProviderSync = {
    ctx,
    run,
    connection,
    products,
    // The rules the sync was asked with; a sync queued before pricing profiles prices with the default.
    pricing: await syncPricing(ctx.db, run.user_id, run.profile_id, run.pricing_rules as PricingRules | null),
    policy: { ...policyOf(run.policy), noteHeldBack: heldBack.note },
    previewed: run.preview_id === null ? undefined : await previewItemsBySku(ctx.db, run.preview_id),
    previewReadAt: run.preview_id === null ? undefined : ((await findPreview(ctx.db, run.preview_id))?.ready_at ?? undefined),
    ledger: await ledgerOf(ctx.db, { user_id: run.user_id, provider: run.provider, account_id: run.account_id }, collection?.category_id ?? null),
    tokens: connectionTokens(ctx, run.user_id, run.provider),
    checkpoint: checkpointer(ctx, run, owner, collection?.category_id ?? null, heldBack),
    beforeBatch: requireAllowed,
  };
  // How the sync knew the target before writing (decision 0051): QuickBooks always reads it.
  let targetRead: TargetRead = 'account';
  if (run.provider === 'quickbooks') await syncToQuickBooks(sync);
  else targetRead = await syncToJobber(sync);
  await endRun(ctx, run.id, { status: 'succeeded', error: null, now: ctx.clock.now(), owner });
  ctx.metrics.syncEnded(run.provider, 'succeeded');
  const done = await findRun(ctx.db, run.id);
  // The sync log (product §10.17): who, which edition, where, the counts, how long, the outcome.
  ctx.log.info(
    { syncId: run.id, userId: run.user_id, collectionId: run.collection_id, provider: run.provider, total: done?.total, created: done?.created, updated: done?.updated, unchanged: done?.unchanged, leftAlone: done?.left_alone, retired: done?.retired, failed: done?.failed, trigger: run.trigger, targetRead, attempts: done?.attempts, durationMs: Math.round(performance.now() - started), outcome: 'succeeded' },
    'sync finished',
  );
}

/** The message a sync ends with at once, without a retry, or null for a failure worth retrying. */
function finalFailure(error: unknown, provider: SyncRunRow['provider']): { message: string; outcome: string } | null {
  if (error instanceof ConnectionGoneError) return { message: notConnectedAnymore(provider), outcome: 'not connected' };
  if (error instanceof ProviderAccessRefusedError) return { message: accessRefused(provider), outcome: 'access refused' };
  if (error instanceof SyncStoppedError) return { message: error.message, outcome: 'stopped' };
  return null;
}

/**
 * Runs sync `syncId` in this worker: takes its lease (another live worker's run is left alone
 * and retried later), runs it from its last checkpoint, and records the outcome. A lost
 * connection, an authorization the provider refused, and an account disabled or no longer
 * entitled end it as failed at once, with the cause; a provider that fails otherwise is retried
 * with backoff.
 */
export async function runSync(ctx: AppContext, syncId: number): Promise<void> {
  const existing = await findRun(ctx.db, syncId);
  if (!existing || existing.status === 'succeeded' || existing.status === 'failed') return;
  const owner = randomToken(12);
  const now = ctx.clock.now();
  const run = await claimRun(ctx.db, syncId, { owner, now, leaseUntil: addSeconds(now, LEASE_SECONDS) });
  if (!run) throw new Error(`Sync ${syncId} is being run by another worker`);
  try {
    await runClaimed(ctx, run, owner);
  } catch (error) {
    const final = finalFailure(error, run.provider);
    if (final) {
      await endRun(ctx, syncId, { status: 'failed', error: final.message, now: ctx.clock.now(), owner });
      ctx.metrics.syncEnded(run.provider, 'failed');
      ctx.log.info({ syncId, userId: run.user_id, provider: run.provider, outcome: final.outcome, err: error }, 'sync failed');
      return;
    }
    if (!(error instanceof LeaseLostError)) await releaseRun(ctx.db, syncId, owner).catch((releaseError: unknown) => ctx.log.warn({ err: releaseError, syncId }, 'sync lease not released'));
    throw error;
  }
}

/** The background job of one sync (queued by POST /sync-products/). */
export const syncProductsJob = defineJob({
  name: 'sync-products',
  payload: z.object({ syncId: z.number().int().positive() }),
  concurrency: 2,
  // A provider down for a while: about half an hour of retries before the sync is given up.
  maxAttempts: 8,
  backoff: { baseSeconds: 15, maxSeconds: 600 },
  idempotencyKey: (payload) => `sync:${payload.syncId}`,
  handle: async (payload, { ctx }) => runSync(ctx, payload.syncId),
  onGiveUp: async (payload, error, { ctx }) => {
    const run = await findRun(ctx.db, payload.syncId);
    if (!run) return;
    ctx.log.warn({ syncId: run.id, userId: run.user_id, provider: run.provider, error, outcome: 'failed' }, 'sync given up');
    await endRun(ctx, run.id, { status: 'failed', error: providerFailed(run.provider), now: ctx.clock.now() });
    ctx.metrics.syncEnded(run.provider, 'failed');
  },
});
