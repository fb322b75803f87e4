import { syncProviderOf, type SyncRun as SyncRunAnswer } from '@tradelist/contract/sync';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import { isSyncActive, type SyncRun } from '../utils/sync-run';

/** How often a running sync's progress is read again. */
export const syncPollIntervalMs = 1000;

/** The sync calls answer the provider as the wire spells it (product §7); the screens use its name in the code. */
function syncRunOf({ provider, ...run }: SyncRunAnswer): SyncRun {
  return { ...run, provider: syncProviderOf(provider) };
}

/** GET /api/syncs/:syncId/: one sync and its counts so far. */
export async function getSyncRun(syncId: number, signal?: AbortSignal): Promise<SyncRun> {
  return syncRunOf(await callApi(api.sync.syncRun, { params: { syncId: String(syncId) } }, { signal }));
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
  queryFn: async ({ signal }) => (await callApi(api.sync.syncResults, {}, { signal })).map(syncRunOf),
  staleTime: 30_000,
});

export function useSyncResults() {
  return useQuery(syncResultsQueryOptions);
}
