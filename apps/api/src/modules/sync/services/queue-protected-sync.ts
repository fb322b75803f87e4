import type { SyncProvider } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { insertRunUnlessActive } from '../repositories/sync-runs.ts';
import { syncProductsJob } from './run-sync.ts';

/** What the automatic sync asks for: the edition, to which connection. */
export interface ProtectedSyncRequest {
  userId: number;
  provider: SyncProvider;
  collectionId: number;
  accountId: string;
  itemCount: number;
  now: Date;
}

/**
 * Queues, in `trx`, the sync of a new edition with the protections of hands-free months
 * (decision 0050): no price lowered, no item edited in the target overwritten, nothing retired.
 * Answers the sync's id, or undefined when a sync of this user and provider is queued or running
 * (one at a time, product §10.17).
 */
export async function queueProtectedSync(ctx: AppContext, trx: Db, request: ProtectedSyncRequest): Promise<number | undefined> {
  const id = await insertRunUnlessActive(trx, {
    user_id: request.userId,
    provider: request.provider,
    collection_id: request.collectionId,
    account_id: request.accountId,
    status: 'queued',
    total: request.itemCount,
    queued_at: request.now,
  });
  if (id !== undefined) await ctx.queue.enqueue(syncProductsJob, { syncId: id }, { db: trx });
  return id;
}
