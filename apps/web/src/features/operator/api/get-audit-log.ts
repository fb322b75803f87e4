import { api } from '@tradelist/contract/api';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Every query of the console starts with this key, so a change can refresh what it affects. */
export const operatorQueryKey = ['operator'] as const;

/** GET /api/operator/audit-log/: newest first, page by page. */
export const auditLogQueryOptions = infiniteQueryOptions({
  queryKey: [...operatorQueryKey, 'audit-log'],
  queryFn: ({ pageParam, signal }) => callApi(api.operator.auditLog, { query: pageParam === null ? {} : { before: pageParam } }, { signal }),
  initialPageParam: null as number | null,
  getNextPageParam: (page) => page.next_before,
  retry: false,
});

export function useAuditLog() {
  return useInfiniteQuery(auditLogQueryOptions);
}
