import type { PreviewProductsResponse } from '@tradelist/contract/catalog';
import type { AppContext } from '../../../context.ts';
import { presentCollection } from '../presenters/catalog.ts';
import { listCurrentCollections } from '../repositories/catalog.ts';
import { listProducts } from '../repositories/products.ts';
import { currentSubscription } from '../../billing/services/entitlements.ts';

/**
 * The list behind the markup preview: the newest paid edition for a subscriber, else the newest
 * free one, so the preview never shows prices the user has not paid for.
 */
export async function previewProducts(ctx: AppContext, userId: number): Promise<PreviewProductsResponse> {
  const isSubscriber = (await currentSubscription(ctx, ctx.db, userId)) !== undefined;
  const current = await listCurrentCollections(ctx.db);
  const edition = current.find((c) => !c.is_free && isSubscriber) ?? current.find((c) => c.is_free);
  if (!edition) return { collection: null, products: [] };
  const products = await listProducts(ctx.db, edition.id);
  return {
    collection: presentCollection(edition),
    products: products.map((p) => ({ sku: p.sku, name: p.name, group: p.group_name, unit: p.unit, cost_cents: p.cost_cents })),
  };
}
