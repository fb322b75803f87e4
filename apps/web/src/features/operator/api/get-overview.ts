import { api } from '@tradelist/contract/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { operatorQueryKey } from './get-audit-log';

/** GET /api/operator/overview/: the console's figures. */
export const overviewQueryOptions = queryOptions({
  queryKey: [...operatorQueryKey, 'overview'],
  queryFn: ({ signal }) => callApi(api.operator.overview, {}, { signal }),
  retry: false,
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
