import {
  type ALL_CATEGORY_ID,
  type FREE_CATEGORY_ID,
  type LatestCollectionResponse,
} from '@tradelist/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';

/** A category's id, or one of the special ids of product §9. */
export type CatalogCategoryId = number | typeof ALL_CATEGORY_ID | typeof FREE_CATEGORY_ID;

/**
 * GET /api/latest-collection/{categoryId}/ (needs a session): the current edition(s) of a
 * category, ALL paid or FREE categories, and the older editions the user bought.
 */
export function getLatestCollection(categoryId: CatalogCategoryId, signal?: AbortSignal): Promise<LatestCollectionResponse> {
  return callApi(api.catalog.latestCollections, { params: { categoryId: String(categoryId) } }, { signal });
}

/** Keys of the catalog's editions: every view's (a download changes the downloads left in all of them) and one view's. */
export const latestCollectionKeys = {
  all: ['latest-collection'] as const,
  view: (categoryId: CatalogCategoryId) => [...latestCollectionKeys.all, categoryId] as const,
};

/** Query options per category (and special id). */
export function latestCollectionQueryOptions(categoryId: CatalogCategoryId) {
  return queryOptions({
    queryKey: latestCollectionKeys.view(categoryId),
    queryFn: ({ signal }) => getLatestCollection(categoryId, signal),
    staleTime: 60_000,
  });
}

/** The editions shown for one view of the catalog screen. */
export function useLatestCollection(categoryId: CatalogCategoryId) {
  return useQuery(latestCollectionQueryOptions(categoryId));
}
