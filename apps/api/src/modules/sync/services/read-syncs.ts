import type { SyncRun } from '@tradelist/contract/sync';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { presentSyncRun } from '../presenters/sync-run.ts';
import { findRunOfUser, lastRunsOfUser } from '../repositories/sync-runs.ts';

/** GET /syncs/:syncId/: one of the user's syncs (another user's is not found). */
export async function syncRunOfUser(ctx: AppContext, userId: number, syncId: number): Promise<SyncRun> {
  const row = await findRunOfUser(ctx.db, userId, syncId);
  if (!row) throw new AppError('NOT_FOUND', 'No sync found');
  return presentSyncRun(row);
}

/** GET /sync-results/: the user's last sync per edition and provider. */
export async function lastSyncResults(ctx: AppContext, userId: number): Promise<SyncRun[]> {
  return (await lastRunsOfUser(ctx.db, userId)).map(presentSyncRun);
}
