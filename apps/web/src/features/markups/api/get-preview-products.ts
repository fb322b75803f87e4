import { api } from '@tradelist/contract/api';
import { PREVIEW_PAGE_SIZE_MAX, type PreviewProductsResponse } from '@tradelist/contract/catalog';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Rows per page of the preview: the server's largest page. */
export const previewPageSize = PREVIEW_PAGE_SIZE_MAX;

/** Which list the preview shows and what it is narrowed to: a search, and whether only items changed this month. */
export interface PreviewFilter {
  /** A current edition chosen in the catalog; null lets the server pick the user's list. */
  collectionId: number | null;
  search: string;
  changed: boolean;
}

/**
 * GET /api/preview-products/: one page of the newest list the user may download, with each
 * product's cost and its cost in the previous edition; `search` matches name, SKU or group on
 * the server, and `changed` keeps only items new or re-priced since the previous edition.
 */
export function getPreviewProducts({ collectionId, search, changed }: PreviewFilter, page: number, signal?: AbortSignal): Promise<PreviewProductsResponse> {
  const query = {
    offset: page * previewPageSize,
    limit: previewPageSize,
    ...(collectionId === null ? {} : { collection_id: collectionId }),
    ...(search === '' ? {} : { search }),
    ...(changed ? { changed: 'true' as const } : {}),
  };
  return callApi(api.catalog.previewProducts, { query }, { signal });
}

/** An edition does not change once published; a new one arrives monthly. */
export function previewPageQueryOptions(filter: PreviewFilter, page: number) {
  return queryOptions({
    queryKey: ['preview-products', filter.collectionId, filter.search, filter.changed, page],
    queryFn: ({ signal }) => getPreviewProducts(filter, page, signal),
    staleTime: 10 * 60_000,
    // A refusal (no list, the download limit) does not change by asking again at once.
    retry: false,
  });
}

/** The first page of a filter: the edition, how many products match, and the first rows. */
export function usePreviewFirstPage({ filter, enabled }: { filter: PreviewFilter; enabled: boolean }) {
  // While a new search loads, the previous answer stays on screen instead of a blank table.
  return useQuery({ ...previewPageQueryOptions(filter, 0), enabled, placeholderData: keepPreviousData });
}

/** The pages that hold the rows in view, fetched as the user scrolls. */
export function usePreviewPages({ filter, pages, enabled }: { filter: PreviewFilter; pages: number[]; enabled: boolean }) {
  return useQueries({ queries: pages.map((page) => ({ ...previewPageQueryOptions(filter, page), enabled })) });
}
