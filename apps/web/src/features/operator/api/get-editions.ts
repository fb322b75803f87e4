import { api } from '@tradelist/contract/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { operatorQueryKey } from './get-audit-log';

/** GET /api/operator/editions/: every edition, newest first (operators only; 403 otherwise). */
export const editionsQueryOptions = queryOptions({
  queryKey: [...operatorQueryKey, 'editions'],
  queryFn: ({ signal }) => callApi(api.operator.editions, {}, { signal }),
  retry: false,
});

/** The editions the console lists. */
export function useEditions() {
  return useQuery(editionsQueryOptions);
}
