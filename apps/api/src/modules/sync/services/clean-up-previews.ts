import type { AppContext } from '../../../context.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { deleteSomePreviewItems, deleteUnapprovedPreviews, previewsDoneWith } from '../repositories/sync-previews.ts';

/** An expired preview is kept a day longer, so a reload still says why it expired (decision 0052). */
export const PREVIEW_KEPT_AFTER_EXPIRY_SECONDS = 24 * 60 * 60;
// Previews looked at per round, and items deleted per statement: each statement stays short.
const PREVIEWS_PER_ROUND = 50;
const ITEMS_PER_DELETE = 5_000;

/**
 * The sync module's part of the hourly clean-up (decision 0052): previews that expired over a
 * day ago and were never approved go, with their items; an approved preview stays, since the
 * sync record shows its approval (who, when, the policy, the counts), and only its items go once
 * the sync it started has ended (that sync reads them while it runs). Items are deleted
 * `ITEMS_PER_DELETE` at a time, each statement its own transaction; safe to run from two
 * processes at once and to run again.
 */
export async function cleanUpSyncPreviews(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  const before = addSeconds(ctx.clock.now(), -PREVIEW_KEPT_AFTER_EXPIRY_SECONDS);
  for (;;) {
    const previews = await previewsDoneWith(ctx.db, before, PREVIEWS_PER_ROUND);
    const ids = previews.map((p) => p.id);
    while ((await deleteSomePreviewItems(ctx.db, ids, ITEMS_PER_DELETE)) === ITEMS_PER_DELETE);
    await deleteUnapprovedPreviews(ctx.db, previews.filter((p) => !p.approved).map((p) => p.id));
    if (previews.length < PREVIEWS_PER_ROUND) return;
  }
}
