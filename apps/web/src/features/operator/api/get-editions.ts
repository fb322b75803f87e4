import { api } from '@tradelist/contract/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { operatorKeys } from './query-keys';

/** GET /api/operator/editions/: every edition, newest first, scheduled ones included (operators only; 403 otherwise). */
export const editionsQueryOptions = queryOptions({
  queryKey: operatorKeys.editions,
  queryFn: ({ signal }) => callApi(api.operator.editions, {}, { signal }),
  retry: false,
});

/** The editions the console lists. */
export function useEditions() {
  return useQuery(editionsQueryOptions);
}

/** GET /api/categories/: the categories an edition can be uploaded to. */
export const editionCategoriesQueryOptions = queryOptions({
  queryKey: operatorKeys.categories,
  queryFn: ({ signal }) => callApi(api.catalog.categories, {}, { signal }),
  retry: false,
});

export function useEditionCategories() {
  return useQuery(editionCategoriesQueryOptions);
}
