import { api } from '@tradelist/contract/api';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { operatorKeys } from './query-keys';

/** GET /api/operator/audit-log/: newest first, page by page. */
export const auditLogQueryOptions = infiniteQueryOptions({
  queryKey: operatorKeys.auditLog,
  queryFn: ({ pageParam, signal }) => callApi(api.operator.auditLog, { query: pageParam === null ? {} : { before: pageParam } }, { signal }),
  initialPageParam: null as number | null,
  getNextPageParam: (page) => page.next_before,
  retry: false,
});

export function useAuditLog() {
  return useInfiniteQuery(auditLogQueryOptions);
}
