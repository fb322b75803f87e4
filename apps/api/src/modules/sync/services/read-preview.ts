import type { PreviewExpiryReason, SyncPreviewResponse } from '@tradelist/contract/sync-previews';
import { previewNotFoundMessage } from '@tradelist/contract/sync-previews';
import type { AppContext } from '../../../context.ts';
import type { PreviewItemKind, SyncPreviewRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { utcDay } from '../../../lib/clock.ts';
import { presentPreview } from '../presenters/sync-preview.ts';
import { findPreviewOfUser, newerEditionSince, pageOfPreviewItems, syncToTargetSince } from '../repositories/sync-previews.ts';
import { syncPricing } from './sync-pricing.ts';

/**
 * Why a preview may no longer be approved (decision 0047), or null: a day has passed; a newer
 * edition of its list came out; the prices it was made with changed (markups, profile, the
 * settings items are built from); or a sync to the same target was queued since (the target it
 * read is not the target any more). Edits made in the target by others are caught item by item
 * when the approved sync runs.
 */
export async function expiryOf(ctx: AppContext, row: SyncPreviewRow): Promise<PreviewExpiryReason | null> {
  if (row.approved_at || row.status === 'failed') return null;
  const now = ctx.clock.now();
  if (now >= row.expires_at) return 'age';
  if (await newerEditionSince(ctx.db, row.collection_id, row.created_at, utcDay(now))) return 'edition';
  if ((await syncPricing(ctx, ctx.db, row.user_id, row.profile_id)).fingerprint !== row.pricing_fingerprint) return 'pricing';
  if (await syncToTargetSince(ctx.db, row, row.created_at, row.sync_run_id)) return 'target';
  return null;
}

/** One of the user's previews, or 404 (another user's is as unknown as a missing one). */
export async function requirePreviewOfUser(ctx: AppContext, userId: number, previewId: number): Promise<SyncPreviewRow> {
  const row = await findPreviewOfUser(ctx.db, userId, previewId);
  if (!row) throw new AppError('NOT_FOUND', previewNotFoundMessage);
  return row;
}

/** GET /sync-previews/:id/: the preview, its counts and a page of its changes, largest first. */
export async function readSyncPreview(
  ctx: AppContext,
  userId: number,
  previewId: number,
  query: { offset: number; limit: number; search: string; kind?: PreviewItemKind | undefined },
): Promise<SyncPreviewResponse> {
  const row = await requirePreviewOfUser(ctx, userId, previewId);
  const expiry = await expiryOf(ctx, row);
  const page = row.status === 'ready' ? await pageOfPreviewItems(ctx.db, row.id, query) : { total: 0, items: [] };
  return presentPreview(row, expiry, { ...page, offset: query.offset, limit: query.limit });
}
