import type { SyncPreviewRequest } from '@tradelist/contract/sync-previews';
import { syncProviderOf } from '@tradelist/contract/sync';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { ProviderAccessRefusedError } from '../../../integrations/oauth-client.ts';
import { defineJob } from '../../../jobs/job-kind.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { findCollectionById } from '../../catalog/index.ts';
import { findConnection } from '../repositories/connections.ts';
import { ledgerOf } from '../repositories/sync-ledger.ts';
import { completePreview, failPreview, findPreview, insertPreview } from '../repositories/sync-previews.ts';
import { jobberClientOf, previewJobber } from './jobber-sync.ts';
import { ConnectionGoneError, connectionTokens, isLive } from './provider-tokens.ts';
import { previewQuickBooks, quickBooksClientOf } from './quickbooks-sync.ts';
import { accessRefused, editionProducts, notConnectedAnymore, providerFailed } from './run-sync.ts';
import { jobberItems, quickBooksItems } from './sync-items.ts';
import { countKinds, magnitudeOf, type PlannedItem } from './sync-plan.ts';
import { syncPricing } from './sync-pricing.ts';
import { requireSyncable } from './start-sync.ts';

/** A preview can be approved for a day at most (decision 0047). */
export const PREVIEW_LIFETIME_SECONDS = 24 * 60 * 60;

/**
 * POST /sync-previews/: the checks of POST /sync-products/ (rights, a live connection, the
 * connected company), then a preview queued for a worker; answers its id at once.
 */
export async function startSyncPreview(ctx: AppContext, user: User, body: Omit<SyncPreviewRequest, 'collection_id' | 'profile_id'> & { collection_id: number; profile_id?: number | undefined }): Promise<{ id: number }> {
  await enforceRateLimits(ctx, [{ key: `sync-preview:user:${user.id}`, rule: ctx.config.rateLimits.syncsPerUser }]);
  const provider = syncProviderOf(body.software_name);
  const catelog = body.catelog_id ?? 'none';
  const { collection, connection } = await requireSyncable(ctx, user.id, { collectionId: body.collection_id, categoryId: catelog === 'none' ? 'none' : Number(catelog), provider, companyId: body.company_id, profileId: body.profile_id });
  const pricing = await syncPricing(ctx.db, user.id, body.profile_id ?? null);
  const now = ctx.clock.now();
  return runUnitOfWork(ctx, async (trx) => {
    const preview = await insertPreview(trx, {
      user_id: user.id,
      provider,
      account_id: connection.account_id,
      collection_id: collection.id,
      profile_id: pricing.profileId,
      pricing_fingerprint: pricing.fingerprint,
      status: 'running',
      created_at: now,
      expires_at: addSeconds(now, PREVIEW_LIFETIME_SECONDS),
    });
    await ctx.queue.enqueue(syncPreviewJob, { previewId: preview.id }, { db: trx });
    return { id: preview.id };
  });
}

/** Reads the target as a sync would and plans every item; writes nothing there. */
async function planPreview(ctx: AppContext, preview: NonNullable<Awaited<ReturnType<typeof findPreview>>>): Promise<PlannedItem[]> {
  const connection = await findConnection(ctx.db, preview.user_id, preview.provider);
  if (!isLive(connection, ctx.clock.now()) || connection.account_id !== preview.account_id) throw new ConnectionGoneError('The connection the preview was started with is gone');
  const collection = await findCollectionById(ctx.db, preview.collection_id);
  const products = collection ? await editionProducts(ctx, collection.id) : [];
  const pricing = await syncPricing(ctx.db, preview.user_id, preview.profile_id);
  const scope = { user_id: preview.user_id, provider: preview.provider, account_id: preview.account_id };
  const ledger = await ledgerOf(ctx.db, scope, collection?.category_id ?? null);
  const tokens = connectionTokens(ctx, preview.user_id, preview.provider);
  if (preview.provider === 'quickbooks') {
    return previewQuickBooks(ctx, scope, quickBooksClientOf(ctx, preview.account_id, tokens), quickBooksItems(products, pricing.settings, pricing.priceCents), ledger);
  }
  return previewJobber(ctx, { ...scope, kind: 'item' }, jobberClientOf(ctx, connection, tokens), jobberItems(products, pricing.settings, pricing.priceCents), ledger);
}

/**
 * Runs a preview on a worker: reads the target with the same paced reads as a re-sync, plans
 * each item with the sync's own rule, and stores the items and counts in one transaction (a
 * worker that dies leaves the preview running; the job's retry reads again). A lost connection
 * or a refused authorization fails it at once with the cause.
 */
export async function runPreview(ctx: AppContext, previewId: number): Promise<void> {
  const preview = await findPreview(ctx.db, previewId);
  if (!preview || preview.status !== 'running') return;
  let items: PlannedItem[];
  try {
    items = await planPreview(ctx, preview);
  } catch (error) {
    const final = error instanceof ConnectionGoneError ? notConnectedAnymore(preview.provider) : error instanceof ProviderAccessRefusedError ? accessRefused(preview.provider) : null;
    if (!final) throw error;
    await failPreview(ctx.db, previewId, final);
    return;
  }
  const withSize = items.map((item) => ({ ...item, magnitude: magnitudeOf(item) }));
  await ctx.db.transaction().execute((trx) => completePreview(trx, previewId, withSize, countKinds(items), ctx.clock.now()));
  ctx.log.info({ previewId, userId: preview.user_id, provider: preview.provider, items: items.length }, 'sync preview ready');
}

/** The background job of one preview (queued by POST /sync-previews/). */
export const syncPreviewJob = defineJob({
  name: 'sync-preview',
  payload: z.object({ previewId: z.number().int().positive() }),
  concurrency: 2,
  maxAttempts: 6,
  backoff: { baseSeconds: 15, maxSeconds: 300 },
  idempotencyKey: (payload) => `sync-preview:${payload.previewId}`,
  handle: async (payload, { ctx }) => runPreview(ctx, payload.previewId),
  onGiveUp: async (payload, error, { ctx }) => {
    const preview = await findPreview(ctx.db, payload.previewId);
    if (!preview) return;
    ctx.log.warn({ previewId: preview.id, userId: preview.user_id, error }, 'sync preview given up');
    await failPreview(ctx.db, preview.id, providerFailed(preview.provider));
  },
});
