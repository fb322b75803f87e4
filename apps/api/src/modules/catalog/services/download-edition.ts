import type { DownloadFormat, DownloadLayout } from '@tradelist/contract/catalog';
import type { Markups } from '@tradelist/pricing/markups';
import type { AppContext } from '../../../context.ts';
import type { User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { findCollectionById, listCollectionsOfCategory, type CollectionWithCategory } from '../repositories/catalog.ts';
import { insertDownload } from '../repositories/download-log.ts';
import { findPlanById, listSubscriptionsOfUser, takeDownload } from '../../billing/repositories/subscriptions.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { boughtEditions, currentSubscription } from '../../billing/services/entitlements.ts';
import { getMarkups } from './user-factor.ts';

/** SPEC §8 shows this text when a download is refused for want of a subscription. */
export const notSubscribedMessage = 'Not Subscribed';
export const editionNotInPlanMessage = 'Not Subscribed: this edition is not part of your subscription.';
export const collectionNotFoundMessage = 'No collection found';

/** Everything needed to write the file, once the download has been allowed and counted. */
export interface AllowedDownload {
  collection: CollectionWithCategory;
  format: DownloadFormat;
  layout: DownloadLayout;
  markups: Markups;
  inventoryOption: string;
  incomeType: string;
}

/**
 * Decides whether the user may download this edition, and if so counts and logs the download in
 * one transaction before any byte is written:
 * - free editions: every signed-in user;
 * - paid editions: a user whose subscription entitles them now (a cancelled one until its period
 *   ends), for the current edition or one they hold as bought; each such download takes one from
 *   the plan's maximum per period, atomically, so simultaneous requests cannot exceed it.
 * A refused request changes nothing but the rate-limit counter.
 */
export async function allowDownload(
  ctx: AppContext,
  user: User,
  request: { collectionId: number; categoryId: number | 'none'; format: DownloadFormat; layout: DownloadLayout },
): Promise<AllowedDownload> {
  await enforceRateLimits(ctx, [{ key: `download:user:${user.id}`, rule: ctx.config.rateLimits.downloadsPerUser }]);
  const collection = await findCollectionById(ctx.db, request.collectionId);
  if (!collection || (request.categoryId !== 'none' && request.categoryId !== collection.category_id)) {
    throw new AppError('NOT_FOUND', collectionNotFoundMessage);
  }
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    let subscriptionId: number | null = null;
    if (!collection.is_free) {
      const subscription = await currentSubscription(ctx, trx, user.id);
      if (!subscription) throw new AppError('NOT_SUBSCRIBED', notSubscribedMessage);
      const editions = await listCollectionsOfCategory(trx, collection.category_id);
      const isCurrent = editions[0]?.id === collection.id;
      const isBought = boughtEditions(editions, await listSubscriptionsOfUser(trx, user.id)).some((e) => e.id === collection.id);
      if (!isCurrent && !isBought) throw new AppError('NOT_SUBSCRIBED', editionNotInPlanMessage);
      const plan = await findPlanById(trx, subscription.plan_id);
      const maximum = plan?.download_max_per_period ?? 0;
      if ((await takeDownload(trx, subscription.id, maximum)) === null) {
        throw new AppError(
          'DOWNLOAD_LIMIT_REACHED',
          `You have used all ${maximum} downloads of your plan for this period.`,
        );
      }
      subscriptionId = subscription.id;
    }
    await insertDownload(trx, {
      user_id: user.id,
      collection_id: collection.id,
      subscription_id: subscriptionId,
      format: request.format,
      layout: request.layout,
      created_at: now,
    });
  });
  const { markups, inventoryOption, incomeType } = await getMarkups(ctx, ctx.db, user.id);
  return { collection, format: request.format, layout: request.layout, markups, inventoryOption, incomeType };
}
