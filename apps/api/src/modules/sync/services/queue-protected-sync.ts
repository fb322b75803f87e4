import type { SyncProvider } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { queueSyncRun, type Syncable } from './start-sync.ts';
import { PROTECTED_POLICY_COLUMN } from './sync-plan.ts';

/**
 * Queues, in `trx`, the sync of a new edition with the protections of hands-free months
 * (decision 0050): no price lowered, no item edited in the target overwritten, nothing retired
 * (the policy is applied against the target as the job finds it, decision 0048). Answers the
 * sync's id, or undefined when a sync of this user and provider is queued or running (one at a
 * time, product §10.17). It prices with the profile of `syncable`, the user's default.
 */
export function queueProtectedSync(ctx: AppContext, trx: Db, userId: number, provider: SyncProvider, syncable: Syncable): Promise<number | undefined> {
  return queueSyncRun(ctx, trx, { userId, provider, syncable, trigger: 'automatic', policy: PROTECTED_POLICY_COLUMN });
}
