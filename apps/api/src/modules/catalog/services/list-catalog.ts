import { ALL_CATEGORY_ID, FREE_CATEGORY_ID, type Category, type Collection, type LatestCollectionCategory, type LatestCollectionResponse } from '@tradelist/contract/catalog';
import type { AppContext } from '../../../context.ts';
import { utcDay } from '../../../lib/clock.ts';
import { AppError } from '../../../errors.ts';
import { presentCategory, presentCollection, presentDownloadAllowance } from '../presenters/catalog.ts';
import { findCategoryById, listCategories, listCollectionsOfCategory, listCurrentCollections } from '../repositories/catalog.ts';
import { listSubscriptionsOfUser } from '../../billing/index.ts';
import { boughtEditions, downloadAllowance, entitlementRepository } from './entitlements.ts';

/** GET /categories/: every category, announced ones included. */
export async function listAllCategories(ctx: AppContext): Promise<Category[]> {
  return (await listCategories(ctx.db)).map(presentCategory);
}

/** GET /all-collections/: the current edition of every category. */
export async function currentCollections(ctx: AppContext): Promise<Collection[]> {
  return (await listCurrentCollections(ctx.db, utcDay(ctx.clock.now()))).map(presentCollection);
}

/**
 * GET /latest-collection/{categoryId}/: the current edition of a category (or of every paid
 * category for ALL, every free one for FREE), the older editions the user holds as bought, and
 * the user's downloads this period (the catalog screen shows them).
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
  const today = utcDay(ctx.clock.now());
  const current = (await listCurrentCollections(ctx.db, today)).filter((c) => categoryIds.includes(c.category_id));
  const subscriptions = await listSubscriptionsOfUser(ctx.db, userId);
  const bought = [];
  if (subscriptions.length > 0) {
    for (const id of categoryIds) {
      const editions = await listCollectionsOfCategory(ctx.db, id, today);
      bought.push(...boughtEditions(editions, subscriptions).filter((edition) => edition.id !== editions[0]?.id));
    }
  }
  const allowance = await downloadAllowance(entitlementRepository(ctx.db, ctx.clock.now()), userId, ctx.clock.now());
  return {
    latest_collection: current.map(presentCollection),
    bought_collections: bought.map(presentCollection),
    downloads: allowance ? presentDownloadAllowance(allowance) : null,
  };
}
