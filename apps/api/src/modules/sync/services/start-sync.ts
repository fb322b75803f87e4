import { utcDay } from '../../../lib/clock.ts';
import { syncProviderNames, type SyncProvider } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { ProviderConnectionRow, SyncPolicyColumn, SyncTrigger, User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { collectionNotFoundMessage, decideSync, entitlementRepository, findReleasedCollectionById, type CollectionWithCategory } from '../../catalog/index.ts';
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
}

/** A sync's edition and connection, once its rights and connection were checked. */
export interface Syncable {
  collection: CollectionWithCategory;
  connection: ProviderConnectionRow;
}

/**
 * The checks of POST /sync-products/, shared by previews and automatic syncs: the same rights as
 * a download (free editions for everyone signed in, paid ones for subscribers), not counted
 * against the download maximum; a live connection (for QuickBooks, to the company named).
 */
export async function requireSyncable(ctx: AppContext, userId: number, request: SyncRequest): Promise<Syncable> {
  const { provider } = request;
  const collection = await findReleasedCollectionById(ctx.db, request.collectionId, utcDay(ctx.clock.now()));
  if (!collection || (request.categoryId !== 'none' && request.categoryId !== collection.category_id)) {
    throw new AppError('NOT_FOUND', collectionNotFoundMessage);
  }
  const now = ctx.clock.now();
  const decision = await decideSync(entitlementRepository(ctx.db, now), userId, collection, now);
  if (!decision.allowed) throw new AppError(decision.code, decision.message);
  const connection = await findConnection(ctx.db, userId, provider);
  const label = syncProviderNames[provider];
  if (!isLive(connection, now)) throw new AppError('NOT_CONNECTED', `${label} is not connected. Please sign in to sync.`);
  // The company is the connection's (product §7.2): a different one named by the browser is refused, never used.
  if (provider === 'quickbooks' && request.companyId && request.companyId !== connection.account_id) {
    throw new AppError('NOT_CONNECTED', `${label} is connected to another company. Please sign in to sync again.`);
  }
  return { collection, connection };
}

/** A sync to queue: whose, what, how it was started, and what it may write (null: everything). */
export interface SyncToQueue {
  userId: number;
  provider: SyncProvider;
  syncable: Syncable;
  trigger: SyncTrigger;
  policy: SyncPolicyColumn | null;
  profileId: number | null;
  previewId?: number;
}

/**
 * Inserts the run and queues its job in the caller's transaction, unless a sync of this user and
 * provider is queued or running (the partial unique index decides, also between simultaneous
 * requests): answers the new id or undefined.
 */
export async function queueSyncRun(ctx: AppContext, trx: Db, sync: SyncToQueue): Promise<number | undefined> {
  const { collection, connection } = sync.syncable;
  const id = await insertRunUnlessActive(trx, {
    user_id: sync.userId,
    provider: sync.provider,
    collection_id: collection.id,
    account_id: connection.account_id,
    status: 'queued',
    total: collection.item_count,
    queued_at: ctx.clock.now(),
    trigger: sync.trigger,
    policy: sync.policy ? JSON.stringify(sync.policy) : null,
    profile_id: sync.profileId,
    preview_id: sync.previewId ?? null,
  });
  if (id !== undefined) await ctx.queue.enqueue(syncProductsJob, { syncId: id }, { db: trx });
  return id;
}

/** The 409 of a sync already queued or running, with its id. */
export async function syncRunningError(ctx: AppContext, userId: number, provider: SyncProvider): Promise<AppError | undefined> {
  const active = await findActiveRun(ctx.db, userId, provider);
  if (!active) return undefined;
  return new AppError('SYNC_RUNNING', `A sync to ${syncProviderNames[provider]} is already running.`, undefined, undefined, { sync_id: active.id });
}

/** Queues a checked sync, or answers 409 with the running one's id. */
async function queueOrRefuse(ctx: AppContext, sync: SyncToQueue): Promise<{ sync_id: number; message: string }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const syncId = await runUnitOfWork(ctx, (trx) => queueSyncRun(ctx, trx, sync));
    if (syncId !== undefined) return { sync_id: syncId, message: syncStartedMessage };
    // It may have finished in between: then this request may queue its own.
    const running = await syncRunningError(ctx, sync.userId, sync.provider);
    if (running) throw running;
  }
  throw new AppError('SYNC_RUNNING', `A sync to ${syncProviderNames[sync.provider]} is already running.`);
}

/**
 * POST /sync-products/ (product §7, §10.17): a sync without a preview writes every difference,
 * as it always did; one queued sync per user and provider: a second request while one is queued
 * or running answers 409 with that sync's id.
 */
export async function startSync(ctx: AppContext, user: User, request: SyncRequest): Promise<{ sync_id: number; message: string }> {
  await enforceRateLimits(ctx, [{ key: `sync:user:${user.id}`, rule: ctx.config.rateLimits.syncsPerUser }]);
  const syncable = await requireSyncable(ctx, user.id, request);
  return queueOrRefuse(ctx, { userId: user.id, provider: request.provider, syncable, trigger: 'direct', policy: null, profileId: null });
}

/** A sync started by the product rather than a person (issue §3's automatic syncs). */
export interface PolicySyncRequest {
  userId: number;
  collectionId: number;
  provider: SyncProvider;
  profileId?: number | null;
  /** What the sync may write, decided against the target when it runs (PROTECTED_POLICY for automatic syncs). */
  policy: SyncPolicyColumn;
  trigger?: SyncTrigger;
}

/**
 * Queues a sync that applies `policy` against the target as the job finds it, without a preview:
 * the same checks as POST /sync-products/ (AppError NOT_FOUND, NOT_SUBSCRIBED, NOT_CONNECTED,
 * SYNC_RUNNING with the running sync's id). Answers the sync's id.
 */
export async function startPolicySync(ctx: AppContext, request: PolicySyncRequest): Promise<{ sync_id: number; message: string }> {
  const syncable = await requireSyncable(ctx, request.userId, { collectionId: request.collectionId, categoryId: 'none', provider: request.provider });
  return queueOrRefuse(ctx, {
    userId: request.userId,
    provider: request.provider,
    syncable,
    trigger: request.trigger ?? 'automatic',
    policy: request.policy,
    profileId: request.profileId ?? null,
  });
}
