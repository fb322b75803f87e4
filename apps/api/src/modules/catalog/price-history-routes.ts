import { api } from '@tradelist/contract/api';
import type { ApiModule } from '../../http/contexts.ts';
import { registerEndpoint } from '../../http/endpoints.ts';
import { requireUser } from '../../security/session-plugin.ts';
import { categoryPriceIndex, itemPriceHistory } from './services/price-history.ts';

const calls = api.prices;

/** How prices moved: one item's costs across its category's editions, and a category's price index. */
export const priceHistoryRoutes: ApiModule = (contexts, ctx) => {
  const { user } = contexts;

  registerEndpoint(user, calls.itemHistory, async (request) => {
    const { sku, collection_id, category_id } = request.query;
    return itemPriceHistory(ctx, requireUser(request).id, { sku, collectionId: collection_id, categoryId: category_id });
  });

  registerEndpoint(user, calls.index, async (request) => categoryPriceIndex(ctx, requireUser(request).id, request.params.categoryId, request.query.months));
};
