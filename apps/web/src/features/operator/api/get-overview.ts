import { api } from '@tradelist/contract/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { operatorKeys } from './query-keys';

/** GET /api/operator/overview/: the console's figures. */
export const overviewQueryOptions = queryOptions({
  queryKey: operatorKeys.overview,
  queryFn: ({ signal }) => callApi(api.operator.overview, {}, { signal }),
  retry: false,
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
