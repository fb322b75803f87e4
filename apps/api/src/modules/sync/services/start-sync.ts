import { utcDay } from '../../../lib/clock.ts';
import { syncProviderNames, type SyncProvider } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { choosePricingProfile, collectionNotFoundMessage, decideSync, entitlementRepository, findReleasedCollectionById } from '../../catalog/index.ts';
import { findConnection } from '../repositories/connections.ts';
import { findActiveRun, insertRunUnlessActive } from '../repositories/sync-runs.ts';
import { isLive } from './provider-tokens.ts';
import { syncProductsJob } from './run-sync.ts';

/** product §8.7 */
export const syncStartedMessage = 'Sync process started';

/** A sync asked for: the edition, the category it must belong to (or `'none'`), the provider and, for QuickBooks, the company. */
export interface SyncRequest {
  collectionId: number;
  categoryId: number | 'none';
  provider: SyncProvider;
  companyId?: string | undefined;
  /** The pricing profile that prices the items; without it, the default profile. */
  profileId?: number | undefined;
}

/**
 * POST /sync-products/: the same rights as a download (free editions for everyone signed in,
 * paid ones for subscribers), not counted against the download maximum; a live connection (for
 * QuickBooks, to the company named); then one queued sync per user and provider: a second
 * request while one is queued or running answers 409 with that sync's id. The sync keeps the
 * profile it was asked with: its id, its name and its rules as they are now.
 */
export async function startSync(ctx: AppContext, user: User, request: SyncRequest): Promise<{ sync_id: number; message: string }> {
  await enforceRateLimits(ctx, [{ key: `sync:user:${user.id}`, rule: ctx.config.rateLimits.syncsPerUser }]);
  const { provider } = request;
  const collection = await findReleasedCollectionById(ctx.db, request.collectionId, utcDay(ctx.clock.now()));
  if (!collection || (request.categoryId !== 'none' && request.categoryId !== collection.category_id)) {
    throw new AppError('NOT_FOUND', collectionNotFoundMessage);
  }
  const profile = await choosePricingProfile(ctx.db, user.id, request.profileId);
  const now = ctx.clock.now();
  const decision = await decideSync(entitlementRepository(ctx.db, now), user.id, collection, now);
  if (!decision.allowed) throw new AppError(decision.code, decision.message);
  const connection = await findConnection(ctx.db, user.id, provider);
  const label = syncProviderNames[provider];
  if (!isLive(connection, now)) throw new AppError('NOT_CONNECTED', `${label} is not connected. Please sign in to sync.`);
  // The company is the connection's (product §7.2): a different one named by the browser is refused, never used.
  if (provider === 'quickbooks' && request.companyId && request.companyId !== connection.account_id) {
    throw new AppError('NOT_CONNECTED', `${label} is connected to another company. Please sign in to sync again.`);
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const syncId = await runUnitOfWork(ctx, async (trx) => {
      const id = await insertRunUnlessActive(trx, {
        user_id: user.id,
        provider,
        collection_id: collection.id,
        account_id: connection.account_id,
        status: 'queued',
        total: collection.item_count,
        queued_at: now,
        profile_id: profile.id,
        profile_name: profile.name,
        pricing_rules: JSON.stringify(profile.rules),
      });
      if (id !== undefined) await ctx.queue.enqueue(syncProductsJob, { syncId: id }, { db: trx });
      return id;
    });
    if (syncId !== undefined) return { sync_id: syncId, message: syncStartedMessage };
    const active = await findActiveRun(ctx.db, user.id, provider);
    // It may have finished in between: then this request may queue its own.
    if (active) throw new AppError('SYNC_RUNNING', `A sync to ${label} is already running.`, undefined, undefined, { sync_id: active.id });
  }
  throw new AppError('SYNC_RUNNING', `A sync to ${label} is already running.`);
}
