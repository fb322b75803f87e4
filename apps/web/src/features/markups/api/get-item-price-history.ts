import { api } from '@tradelist/contract/api';
import type { ItemPriceHistory } from '@tradelist/contract/price-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /api/price-history/: the item's cost in every edition of the list whose current edition is `collectionId`, oldest first. */
export function getItemPriceHistory(collectionId: number, sku: string, signal?: AbortSignal): Promise<ItemPriceHistory> {
  return callApi(api.prices.itemHistory, { query: { collection_id: collectionId, sku } }, { signal });
}

/** Published editions do not change; a new one arrives monthly. */
export function itemPriceHistoryQueryOptions(collectionId: number, sku: string) {
  return queryOptions({
    queryKey: ['price-history', collectionId, sku],
    queryFn: ({ signal }) => getItemPriceHistory(collectionId, sku, signal),
    staleTime: 10 * 60_000,
    // A refusal (no list, the download limit) does not change by asking again at once.
    retry: false,
  });
}

/** The item's costs, asked while `enabled`. */
export function useItemPriceHistory(collectionId: number, sku: string, enabled: boolean) {
  return useQuery({ ...itemPriceHistoryQueryOptions(collectionId, sku), enabled });
}
