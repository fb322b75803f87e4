import { api } from '@tradelist/contract/api';
import { PREVIEW_PAGE_SIZE_MAX, type PreviewProductsResponse } from '@tradelist/contract/catalog';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Rows per page of the preview: the server's largest page. */
export const previewPageSize = PREVIEW_PAGE_SIZE_MAX;

/**
 * GET /api/preview-products/: one page of the newest list the user may download, with each
 * product's cost; `search` matches name, SKU or group on the server.
 */
export function getPreviewProducts(search: string, page: number, signal?: AbortSignal): Promise<PreviewProductsResponse> {
  const query = { offset: page * previewPageSize, limit: previewPageSize, ...(search === '' ? {} : { search }) };
  return callApi(api.catalog.previewProducts, { query }, { signal });
}

/** An edition does not change once published; a new one arrives monthly. */
export function previewPageQueryOptions(search: string, page: number) {
  return queryOptions({
    queryKey: ['preview-products', search, page],
    queryFn: ({ signal }) => getPreviewProducts(search, page, signal),
    staleTime: 10 * 60_000,
    // A refusal (no list, the download limit) does not change by asking again at once.
    retry: false,
  });
}

/** The first page of a search: the edition, how many products match, and the first rows. */
export function usePreviewFirstPage({ search, enabled }: { search: string; enabled: boolean }) {
  // While a new search loads, the previous answer stays on screen instead of a blank table.
  return useQuery({ ...previewPageQueryOptions(search, 0), enabled, placeholderData: keepPreviousData });
}

/** The pages that hold the rows in view, fetched as the user scrolls. */
export function usePreviewPages({ search, pages, enabled }: { search: string; pages: number[]; enabled: boolean }) {
  return useQueries({ queries: pages.map((page) => ({ ...previewPageQueryOptions(search, page), enabled })) });
}
