import { type Category } from '@tradelist/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';

/** GET /api/categories/ (public): every category, including the announced ones. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return callApi(api.catalog.categories, {}, { signal });
}

/** Categories change when the operator adds one: rarely. */
export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'],
  queryFn: ({ signal }) => getCategories(signal),
  staleTime: 5 * 60_000,
});

/** The catalog screen's category nav. */
export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
