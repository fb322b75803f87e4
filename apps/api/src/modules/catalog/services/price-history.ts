import { itemNotInListMessage, type ItemPriceHistory, type PriceIndexResponse } from '@tradelist/contract/price-history';
import { editionsByMonth, monthOf, priceIndex, type IndexStep } from '@tradelist/pricing/price-index';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { utcDay } from '../../../lib/clock.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { presentItemHistory, presentPriceIndex } from '../presenters/price-history.ts';
import { findCategoryById, listCollectionsOfCategory, listCurrentCollections, type CollectionWithCategory } from '../repositories/catalog.ts';
import { listCostMoves, listItemCosts } from '../repositories/price-history.ts';
import { collectionNotFoundMessage } from './download-edition.ts';
import { decideDownload, entitlementRepository } from './entitlements.ts';

/** The list a price history is asked of: a current edition, or a category. */
export interface ListRef {
  collectionId?: number | undefined;
  categoryId?: number | undefined;
}

/**
 * The current edition of the list, if the user may see its prices: the same rights as the markup
 * preview (product §10.15), so the history never shows a list the user may not download. A named
 * edition must be a current one; a category must exist and have one. Rate-limited per user like
 * the preview's pages.
 */
async function requireVisibleList(ctx: AppContext, userId: number, list: ListRef): Promise<CollectionWithCategory> {
  await enforceRateLimits(ctx, [{ key: `price-history:user:${userId}`, rule: ctx.config.rateLimits.previewPagesPerUser }]);
  const now = ctx.clock.now();
  if (list.collectionId === undefined && list.categoryId !== undefined && !(await findCategoryById(ctx.db, list.categoryId))) {
    throw new AppError('NOT_FOUND', 'No such category.');
  }
  const current = await listCurrentCollections(ctx.db, utcDay(now));
  const edition = current.find(
    (c) => (list.collectionId === undefined || c.id === list.collectionId) && (list.categoryId === undefined || c.category_id === list.categoryId),
  );
  if (!edition) throw new AppError('NOT_FOUND', collectionNotFoundMessage);
  const decision = await decideDownload(entitlementRepository(ctx.db, now), userId, edition, now);
  if (!decision.allowed) throw new AppError(decision.code, decision.message);
  return edition;
}

const categoryOf = (edition: CollectionWithCategory) => ({ id: edition.category_id, name: edition.category_name });

/** The item's cost in every released edition of its category that lists it, oldest first. */
export async function itemPriceHistory(ctx: AppContext, userId: number, query: ListRef & { sku: string }): Promise<ItemPriceHistory> {
  const edition = await requireVisibleList(ctx, userId, query);
  const rows = await listItemCosts(ctx.db, edition.category_id, query.sku, utcDay(ctx.clock.now()));
  if (rows.length === 0) throw new AppError('NOT_FOUND', itemNotInListMessage);
  return presentItemHistory(categoryOf(edition), query.sku, rows);
}

/**
 * The category's price index over its latest `months` months (each month stands for its last
 * edition): per group and for the whole category, the median change of the items in both of two
 * consecutive months' editions (`priceIndex`, packages/pricing), and the change since the first.
 */
export async function categoryPriceIndex(ctx: AppContext, userId: number, categoryId: number, months: number): Promise<PriceIndexResponse> {
  const current = await requireVisibleList(ctx, userId, { categoryId });
  const newestFirst = await listCollectionsOfCategory(ctx.db, categoryId, utcDay(ctx.clock.now()));
  const shown = editionsByMonth(newestFirst.toReversed())
    .slice(-months)
    .map((edition) => ({ ...edition, month: monthOf(edition.rundate) }));
  const steps: IndexStep[] = [];
  for (const [index, edition] of shown.entries()) {
    const previous = index === 0 ? undefined : shown[index - 1]!;
    const moves = previous ? await listCostMoves(ctx.db, previous.id, edition.id) : null;
    steps.push({
      month: edition.month,
      moves: moves?.map((row) => ({ group: row.group_name, previousCostCents: row.previous_cost_cents, costCents: row.cost_cents, count: row.count })) ?? null,
    });
  }
  return presentPriceIndex(categoryOf(current), shown, priceIndex(steps));
}
