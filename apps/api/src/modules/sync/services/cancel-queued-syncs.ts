import type { Db } from '../../../db/database.ts';
import { failQueuedRunsOfUser } from '../repositories/sync-runs.ts';
import { accountDisabledSyncMessage } from './require-sync-allowed.ts';

/**
 * Ends the user's queued syncs before they start, as failed with the reason, in the caller's
 * transaction (the account's disable, product §10.13): their jobs then find nothing to run.
 */
export async function cancelQueuedSyncs(db: Db, userId: number, now: Date): Promise<void> {
  await failQueuedRunsOfUser(db, userId, accountDisabledSyncMessage, now);
}
