import type { AppContext } from '../../../context.ts';
import type { SyncRunRow } from '../../../db/schema.ts';
import { type CollectionWithCategory, decideSync, entitlementRepository } from '../../catalog/index.ts';
import { isAccountActive } from '../repositories/sync-runs.ts';

/** Why a sync of a disabled account ends (product §10.13). */
export const accountDisabledSyncMessage = 'The sync was stopped: this account has been disabled.';
/** Why a sync ends when the user's right to the edition ended while it ran (refund, expiry). */
export const entitlementEndedSyncMessage = 'The sync was stopped: your subscription no longer gives access to this edition.';

/** The sync may not go on: the account was disabled, or its right to the edition ended. */
export class SyncStoppedError extends Error {
  override name = 'SyncStoppedError';
}

/**
 * Throws SyncStoppedError unless the run's account is still active and still entitled to the
 * edition (the catalog's entitlements, as when the sync was started). Checked when a sync starts and
 * before each batch it writes, so a disable, a refund or an ended subscription stops it there.
 */
export async function requireSyncAllowed(ctx: AppContext, run: Pick<SyncRunRow, 'user_id'>, edition: CollectionWithCategory | undefined): Promise<void> {
  if (!(await isAccountActive(ctx.db, run.user_id))) throw new SyncStoppedError(accountDisabledSyncMessage);
  // An edition no longer there has nothing left to sync (the run ends with what it had).
  if (!edition) return;
  const now = ctx.clock.now();
  const decision = await decideSync(entitlementRepository(ctx.db, now), run.user_id, edition, now);
  if (!decision.allowed) throw new SyncStoppedError(entitlementEndedSyncMessage);
}
