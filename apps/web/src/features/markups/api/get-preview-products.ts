import { type PreviewProductsResponse } from '@tradelist/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';

/** GET /api/preview-products/: the newest list the user may download, with each product's cost. */
export function getPreviewProducts(signal?: AbortSignal): Promise<PreviewProductsResponse> {
  return callApi(api.catalog.previewProducts, {}, { signal });
}

/** An edition does not change once published; a new one arrives monthly. */
export const previewProductsQueryOptions = queryOptions({
  queryKey: ['preview-products'],
  queryFn: ({ signal }) => getPreviewProducts(signal),
  staleTime: 10 * 60_000,
});

/** The markup preview's products. */
export function usePreviewProducts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...previewProductsQueryOptions, enabled });
}
