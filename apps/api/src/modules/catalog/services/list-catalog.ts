import { ALL_CATEGORY_ID, FREE_CATEGORY_ID, type LatestCollectionCategory, type LatestCollectionResponse } from '@tradelist/contract/catalog';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { presentCollection } from '../presenters/catalog.ts';
import { findCategoryById, listCategories, listCollectionsOfCategory, listCurrentCollections } from '../repositories/catalog.ts';
import { listSubscriptionsOfUser } from '../../billing/repositories/subscriptions.ts';
import { boughtEditions } from '../../billing/services/entitlements.ts';

/**
 * GET /latest-collection/{categoryId}/: the current edition of a category (or of every paid
 * category for ALL, every free one for FREE) and the older editions the user holds as bought.
 */
export async function latestCollections(ctx: AppContext, userId: number, categoryId: LatestCollectionCategory): Promise<LatestCollectionResponse> {
  const categories = await listCategories(ctx.db);
  let categoryIds: number[];
  if (categoryId === ALL_CATEGORY_ID || categoryId === FREE_CATEGORY_ID) {
    const wantFree = categoryId === FREE_CATEGORY_ID;
    categoryIds = categories.filter((c) => c.is_free === wantFree).map((c) => c.id);
  } else {
    // The contract has checked the id's range (issue 7 §1.1).
    const category = await findCategoryById(ctx.db, categoryId);
    if (!category) throw new AppError('NOT_FOUND', 'No such category.');
    categoryIds = [category.id];
  }
  const current = (await listCurrentCollections(ctx.db)).filter((c) => categoryIds.includes(c.category_id));
  const subscriptions = await listSubscriptionsOfUser(ctx.db, userId);
  const bought = [];
  if (subscriptions.length > 0) {
    for (const id of categoryIds) {
      const editions = await listCollectionsOfCategory(ctx.db, id);
      bought.push(...boughtEditions(editions, subscriptions).filter((edition) => edition.id !== editions[0]?.id));
    }
  }
  return { latest_collection: current.map(presentCollection), bought_collections: bought.map(presentCollection) };
}
