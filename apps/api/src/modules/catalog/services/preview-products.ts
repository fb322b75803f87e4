import type { PreviewProductsResponse } from '@tradelist/contract/catalog';
import type { AppContext } from '../../../context.ts';
import { utcDay } from '../../../lib/clock.ts';
import { AppError } from '../../../errors.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { presentCollection } from '../presenters/catalog.ts';
import { findPreviousCollection, listCurrentCollections } from '../repositories/catalog.ts';
import { recordPreviewPage } from '../repositories/preview-views.ts';
import { searchProductsPage } from '../repositories/products.ts';
import { hasActiveSubscription } from '../../billing/index.ts';
import { decideDownload, entitlementRepository } from './entitlements.ts';
import { collectionNotFoundMessage } from './download-edition.ts';

/**
 * One page of the list behind the markup preview: the current edition the query names, or the
 * newest paid edition for a subscriber, else the newest free one, and only while the user may download it (a subscriber at the download
 * limit is refused like a download), so the preview never shows prices the user may not take
 * away as a file. Rate-limited per user like downloads; reads one page, whatever the edition's size.
 * Each product comes with its cost in the category's previous edition (product §10.15), joined
 * by SKU in the same query; `changed` keeps only new products and those at another cost.
 * What a page of a paid edition showed is recorded for the refund rule (product §10.6: a large
 * share seen counts as use of the list), with one upsert; downloads are not counted.
 */
export async function previewProducts(
  ctx: AppContext,
  userId: number,
  query: { offset: number; limit: number; search: string; changed: boolean; collection_id?: number | undefined },
): Promise<PreviewProductsResponse> {
  await enforceRateLimits(ctx, [{ key: `preview:user:${userId}`, rule: ctx.config.rateLimits.previewPagesPerUser }]);
  const isSubscriber = await hasActiveSubscription(ctx, userId);
  const current = await listCurrentCollections(ctx.db, utcDay(ctx.clock.now()));
  // A named edition must be a current one (a catalog card's); bought editions are not previewed.
  const edition =
    query.collection_id === undefined
      ? (current.find((c) => !c.is_free && isSubscriber) ?? current.find((c) => c.is_free))
      : current.find((c) => c.id === query.collection_id);
  if (query.collection_id !== undefined && !edition) throw new AppError('NOT_FOUND', collectionNotFoundMessage);
  const answered = { offset: query.offset, limit: query.limit, search: query.search, changed: query.changed };
  if (!edition) return { collection: null, previous_collection: null, total: 0, ...answered, products: [] };
  const decision = await decideDownload(entitlementRepository(ctx.db, ctx.clock.now()), userId, edition, ctx.clock.now());
  if (!decision.allowed) throw new AppError(decision.code, decision.message);
  const previous = (await findPreviousCollection(ctx.db, edition)) ?? null;
  // Without a previous edition nothing has changed "this month": there is nothing to compare.
  const page =
    previous === null && query.changed
      ? { total: 0, products: [] }
      : await searchProductsPage(ctx.db, edition.id, {
          search: query.search,
          previousCollectionId: previous?.id ?? null,
          changedOnly: query.changed,
          offset: query.offset,
          limit: query.limit,
        });
  if (decision.counted) {
    await recordPreviewPage(ctx.db, {
      userId,
      subscriptionId: decision.subscription.id,
      periodStart: decision.subscription.current_period_start,
      collectionId: edition.id,
      productIds: page.products.map((p) => p.id),
      now: ctx.clock.now(),
    });
  }
  return {
    collection: presentCollection(edition),
    previous_collection: previous ? presentCollection(previous) : null,
    total: page.total,
    ...answered,
    products: page.products.map((p) => ({
      sku: p.sku,
      name: p.name,
      group: p.group_name,
      unit: p.unit,
      cost_cents: p.cost_cents,
      previous_cost_cents: p.previous_cost_cents,
    })),
  };
}
