import { previewProductsResponse, type PreviewProductsResponse } from '@tradelist/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/preview-products/: the newest list the user may download, with each product's cost. */
export function getPreviewProducts(signal?: AbortSignal): Promise<PreviewProductsResponse> {
  return apiRequest(apiPaths.previewProducts, { schema: previewProductsResponse, signal });
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
