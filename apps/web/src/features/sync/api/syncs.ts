import { softwareNameOf, syncProviderOf, type SyncProductsRequest, type SyncProvider, type SyncRun as SyncRunAnswer } from '@tradelist/contract/sync';
import { queryOptions, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi } from '../../../lib/api-client';
import { isSyncActive, type SyncRun } from '../utils/sync-run';

/** How often a running sync's progress is read again. */
export const syncPollIntervalMs = 1000;

/** A sync asked for: the edition, the category it is shown under ('none' in the All and Free views), the provider and, for QuickBooks, the company. */
export interface SyncStart {
  collection_id: number;
  category_id: number | 'none';
  provider: SyncProvider;
  company_id?: string;
}

/** The sync calls answer the provider as the wire spells it (product §7); the screens use its name in the code. */
function syncRunOf({ provider, ...run }: SyncRunAnswer): SyncRun {
  return { ...run, provider: syncProviderOf(provider) };
}

/** POST /api/sync-products/: queues the sync and answers its id (202). */
export function syncProducts({ collection_id, category_id, provider, company_id }: SyncStart) {
  const body: SyncProductsRequest = { collection_id, catelog_id: category_id, software_name: softwareNameOf(provider), ...(company_id ? { company_id } : {}) };
  return callApi(api.sync.syncProducts, { body });
}

export function useSyncProducts() {
  return useMutation({ mutationFn: syncProducts });
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
