import { api } from '@tradelist/contract/api';
import type { PriceIndexResponse } from '@tradelist/contract/price-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /api/price-index/{categoryId}/: the category's median change per group, month by month. */
export function getPriceIndex(categoryId: number, signal?: AbortSignal): Promise<PriceIndexResponse> {
  return callApi(api.prices.index, { params: { categoryId: String(categoryId) }, query: {} }, { signal });
}

/** Published editions do not change; a new one arrives monthly. */
export function priceIndexQueryOptions(categoryId: number) {
  return queryOptions({
    queryKey: ['price-index', categoryId],
    queryFn: ({ signal }) => getPriceIndex(categoryId, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** A category's price index, asked while `enabled` (only a list the user may download has one to show). */
export function usePriceIndex(categoryId: number, enabled: boolean) {
  return useQuery({ ...priceIndexQueryOptions(categoryId), enabled });
}
