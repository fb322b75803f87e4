import type { SyncProductsRequest, SyncRun } from '@tradelist/contract/sync';
import { queryOptions, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import { isSyncActive } from '../utils/sync-run';

/** How often a running sync's progress is read again. */
export const syncPollIntervalMs = 1000;

/** POST /api/sync-products/: queues the sync and answers its id (202). */
export function syncProducts(data: SyncProductsRequest) {
  return callApi(api.sync.syncProducts, { body: data });
}

export function useSyncProducts() {
  return useMutation({ mutationFn: syncProducts });
}

/** GET /api/syncs/:syncId/: one sync and its counts so far. */
export function getSyncRun(syncId: number, signal?: AbortSignal): Promise<SyncRun> {
  return callApi(api.sync.syncRun, { params: { syncId: String(syncId) } }, { signal });
}

/** A sync's progress, read again every second while it is queued or running. */
export function syncRunQueryOptions(syncId: number) {
  return queryOptions({
    queryKey: ['sync-run', syncId],
    queryFn: ({ signal }) => getSyncRun(syncId, signal),
    refetchInterval: (query) => (query.state.data && !isSyncActive(query.state.data) ? false : syncPollIntervalMs),
  });
}

/** The progress of each followed sync (undefined until its first answer). */
export function useSyncRuns(syncIds: readonly number[]) {
  return useQueries({
    queries: syncIds.map((syncId) => syncRunQueryOptions(syncId)),
    combine: (results) => results.map((result) => result.data),
  });
}

/** GET /api/sync-results/: the last sync of each edition to each provider. */
export const syncResultsQueryOptions = queryOptions({
  queryKey: ['sync-results'],
  queryFn: ({ signal }) => callApi(api.sync.syncResults, {}, { signal }),
  staleTime: 30_000,
});

export function useSyncResults() {
  return useQuery(syncResultsQueryOptions);
}
