import type { PreviewProductsResponse } from '@tradelist/contract/catalog';
import type { AppContext } from '../../../context.ts';
import { utcDay } from '../../../lib/clock.ts';
import { AppError } from '../../../errors.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';
import { presentCollection } from '../presenters/catalog.ts';
import { listCurrentCollections } from '../repositories/catalog.ts';
import { searchProductsPage } from '../repositories/products.ts';
import { decideDownload, entitlementRepository, hasActiveSubscription } from '../../billing/services/entitlements.ts';

/**
 * One page of the list behind the markup preview: the newest paid edition for a subscriber, else
 * the newest free one, and only while the user may download it (a subscriber at the download
 * limit is refused like a download), so the preview never shows prices the user may not take
 * away as a file. Rate-limited per user like downloads; reads one page, whatever the edition's size.
 */
export async function previewProducts(
  ctx: AppContext,
  userId: number,
  query: { offset: number; limit: number; search: string },
): Promise<PreviewProductsResponse> {
  await enforceRateLimits(ctx, [{ key: `preview:user:${userId}`, rule: ctx.config.rateLimits.previewPagesPerUser }]);
  const isSubscriber = await hasActiveSubscription(ctx, userId);
  const current = await listCurrentCollections(ctx.db, utcDay(ctx.clock.now()));
  const edition = current.find((c) => !c.is_free && isSubscriber) ?? current.find((c) => c.is_free);
  if (!edition) return { collection: null, total: 0, offset: query.offset, limit: query.limit, search: query.search, products: [] };
  const decision = await decideDownload(entitlementRepository(ctx.db, ctx.clock.now()), userId, edition, ctx.clock.now());
  if (!decision.allowed) throw new AppError(decision.code, decision.message);
  const page = await searchProductsPage(ctx.db, edition.id, query);
  return {
    collection: presentCollection(edition),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    search: query.search,
    products: page.products.map((p) => ({ sku: p.sku, name: p.name, group: p.group_name, unit: p.unit, cost_cents: p.cost_cents })),
  };
}
