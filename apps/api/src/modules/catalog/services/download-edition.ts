import type { DownloadFormat, DownloadLayout } from '@tradelist/contract/catalog';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { addSeconds, utcDay } from '../../../lib/clock.ts';
import { findPreviousCollection, findReleasedCollectionById, type CollectionWithCategory } from '../repositories/catalog.ts';
import { insertReservation } from '../repositories/download-log.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { decideDownload, entitlementRepository } from './entitlements.ts';
import type { ChosenPricingProfile } from './pricing-profiles.ts';
import { getPricing } from './user-factor.ts';

export const collectionNotFoundMessage = 'No collection found';

/**
 * How long a download holds its place against the maximum without news from the process
 * sending it: the sender extends it while the file is still going out, so only a process killed
 * mid-file lets one lapse (and then it is not counted: a failure on our side).
 */
export const RESERVATION_SECONDS = 10 * 60;

/** Everything needed to write the file, once the download has been allowed and its place reserved. */
export interface AllowedDownload {
  collection: CollectionWithCategory;
  /**
   * The Changes layout's point of comparison: the category's previous edition, null when the
   * edition is the category's first (or for the other layouts, which do not need it).
   */
  previousCollection: CollectionWithCategory | null;
  format: DownloadFormat;
  layout: DownloadLayout;
  /** The pricing profile that prices the file (the one asked for, else the default). */
  profile: ChosenPricingProfile;
  inventoryOption: string;
  incomeType: string;
  /** The download_log row to mark completed (counted) or aborted when the response ends. */
  reservationId: number;
}

/**
 * Decides whether the user may download this edition (the entitlement service's rule), and if
 * so reserves the download in one transaction before any byte is written. The user's
 * subscriptions are locked while their period is counted, so simultaneous requests cannot
 * exceed the maximum: the reservation holds a place until the response ends; it then counts if
 * the file was sent completely, or cut short by the client after half of it had been sent
 * (`settleDownloadWhenSent`). A refused request changes nothing but the rate-limit counter.
 */
export async function allowDownload(
  ctx: AppContext,
  user: User,
  request: { collectionId: number; categoryId: number | 'none'; format: DownloadFormat; layout: DownloadLayout; profileId?: number | undefined },
): Promise<AllowedDownload> {
  await enforceRateLimits(ctx, [{ key: `download:user:${user.id}`, rule: ctx.config.rateLimits.downloadsPerUser }]);
  const collection = await findReleasedCollectionById(ctx.db, request.collectionId, utcDay(ctx.clock.now()));
  if (!collection || (request.categoryId !== 'none' && request.categoryId !== collection.category_id)) {
    throw new AppError('NOT_FOUND', collectionNotFoundMessage);
  }
  // Read before reserving, so that a failure here leaves no reservation behind.
  const previousCollection = request.layout === 'changes' ? ((await findPreviousCollection(ctx.db, collection)) ?? null) : null;
  const { profile, inventoryOption, incomeType } = await getPricing(ctx.db, user.id, request.profileId);
  const now = ctx.clock.now();
  const reservationId = await ctx.db.transaction().execute(async (trx) => {
    const decision = await decideDownload(entitlementRepository(trx, now, { lockSubscriptions: true }), user.id, collection, now);
    if (!decision.allowed) throw new AppError(decision.code, decision.message);
    return insertReservation(trx, {
      user_id: user.id,
      collection_id: collection.id,
      subscription_id: decision.counted ? decision.subscription.id : null,
      period_start: decision.counted ? decision.subscription.current_period_start : null,
      format: request.format,
      layout: request.layout,
      created_at: now,
      reserved_until: addSeconds(now, RESERVATION_SECONDS),
    });
  });
  return { collection, previousCollection, format: request.format, layout: request.layout, profile, inventoryOption, incomeType, reservationId };
}
