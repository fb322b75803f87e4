import { previewAlreadyApprovedMessage, previewExpiredMessages, previewFailedMessage, previewNotReadyMessage, type ApprovePreviewRequest } from '@tradelist/contract/sync-previews';
import type { AppContext } from '../../../context.ts';
import type { PreviewApprovalColumn, SyncPolicyColumn, User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { approvePreviewOnce, findPreview, linkPreviewToRun, previewItemsBySku } from '../repositories/sync-previews.ts';
import { expiryOf, requirePreviewOfUser } from './read-preview.ts';
import { countKinds, decide, policyOf } from './sync-plan.ts';
import { queueSyncRun, requireSyncable, syncRunningError, syncStartedMessage } from './start-sync.ts';

type Approval = Required<Pick<ApprovePreviewRequest, 'exclude' | 'only_raise' | 'allow_decrease' | 'overwrite_edited' | 'retire_left'>>;

class SyncBusy extends AppError {
  constructor() {
    super('SYNC_RUNNING', 'A sync to this service is already running.');
  }
}

const alreadyApproved = (syncId: number | null) => new AppError('CONFLICT', previewAlreadyApprovedMessage, undefined, undefined, syncId === null ? undefined : { sync_id: syncId });

/**
 * POST /sync-previews/:id/approve/ (decision 0047): records the approval (who, when, the profile,
 * the policy and what of each kind it lets the sync write) and queues the sync of exactly that,
 * in one transaction. The approval is recorded only on an unapproved preview, so of two tabs
 * approving at once one starts the sync and the other is answered 409 with its id; a sync
 * already running for the service is a 409 too, and then nothing is recorded.
 */
export async function approveSyncPreview(ctx: AppContext, user: User, previewId: number, body: Approval): Promise<{ sync_id: number; message: string }> {
  const row = await requirePreviewOfUser(ctx, user.id, previewId);
  await enforceRateLimits(ctx, [{ key: `sync:user:${user.id}`, rule: ctx.config.rateLimits.syncsPerUser }]);
  if (row.approved_at) throw alreadyApproved(row.sync_run_id);
  if (row.status === 'failed') throw new AppError('CONFLICT', previewFailedMessage);
  if (row.status === 'running') throw new AppError('CONFLICT', previewNotReadyMessage);
  const expiry = await expiryOf(ctx, row);
  if (expiry) {
    // The other tab's approval may have started the sync that now makes this preview look out of date.
    const latest = await findPreview(ctx.db, row.id);
    if (latest?.approved_at) throw alreadyApproved(latest.sync_run_id);
    throw new AppError('CONFLICT', previewExpiredMessages[expiry]);
  }
  const syncable = await requireSyncable(ctx, user.id, { collectionId: row.collection_id, categoryId: 'none', provider: row.provider, profileId: row.profile_id ?? undefined });
  const policy: SyncPolicyColumn = { exclude: body.exclude, onlyRaise: body.only_raise, allowDecrease: body.allow_decrease, overwriteEdited: body.overwrite_edited, retireLeft: body.retire_left };
  const items = await previewItemsBySku(ctx.db, row.id);
  const rule = policyOf(policy);
  const approved = countKinds([...items.values()].filter((item) => ['write', 'retire'].includes(decide(item, rule, items))));
  const record: PreviewApprovalColumn = { policy, approved };
  const now = ctx.clock.now();
  let syncId: number | null;
  try {
    syncId = await runUnitOfWork(ctx, async (trx) => {
      if (!(await approvePreviewOnce(trx, row.id, { by: user.email, at: now, approval: JSON.stringify(record) }))) return null;
      const id = await queueSyncRun(ctx, trx, { userId: user.id, provider: row.provider, syncable, trigger: 'preview', policy, previewId: row.id });
      // Another sync to this service is queued or running: the approval is not recorded either.
      if (id === undefined) throw new SyncBusy();
      await linkPreviewToRun(trx, row.id, id);
      return id;
    });
  } catch (error) {
    if (!(error instanceof SyncBusy)) throw error;
    throw (await syncRunningError(ctx, user.id, row.provider)) ?? error;
  }
  if (syncId === null) throw alreadyApproved((await findPreview(ctx.db, row.id))?.sync_run_id ?? null);
  ctx.log.info({ previewId: row.id, syncId, userId: user.id, approved }, 'sync preview approved');
  return { sync_id: syncId, message: syncStartedMessage };
}
