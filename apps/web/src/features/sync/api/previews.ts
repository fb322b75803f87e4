import { softwareNameOf, type SyncProvider } from '@tradelist/contract/sync';
import {
  PREVIEW_CHANGES_PAGE_MAX,
  type ApprovePreviewRequest,
  type ChangeKind,
  type SyncPreviewRequest,
  type SyncPreviewResponse,
} from '@tradelist/contract/sync-previews';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@tradelist/contract/api';
import { callApi, callApiForFile } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/mutation-config';
import { syncPollIntervalMs } from './syncs';

/** A preview asked for: the edition, the category it is shown under, the service, the company and the profile. */
export interface PreviewStart {
  collection_id: number;
  category_id: number | 'none';
  provider: SyncProvider;
  company_id?: string;
  profile_id?: number | null;
}

/** POST /api/sync-previews/: reads the service and answers the preview's id (202); nothing is written. */
export function startSyncPreview({ collection_id, category_id, provider, company_id, profile_id }: PreviewStart) {
  const body: SyncPreviewRequest = {
    collection_id,
    catelog_id: category_id,
    software_name: softwareNameOf(provider),
    ...(company_id ? { company_id } : {}),
    ...(profile_id ? { profile_id } : {}),
  };
  return callApi(api.sync.startSyncPreview, { body });
}

export function useStartSyncPreview(config: MutationConfig<{ id: number }, PreviewStart> = {}) {
  return useMutation({ ...config, mutationFn: startSyncPreview });
}

/** One page of a preview's changes: a kind (or every kind) and a search on SKU or name. */
export interface PreviewPage {
  kind: ChangeKind | null;
  search: string;
  offset: number;
  limit: number;
}

export const previewKeys = {
  all: (previewId: number) => ['sync-preview', previewId] as const,
  page: (previewId: number, page: PreviewPage) => ['sync-preview', previewId, page] as const,
};

/** GET /api/sync-previews/{id}/: read again every second while the service is being read. */
export function previewQueryOptions(previewId: number, page: PreviewPage) {
  return queryOptions({
    queryKey: previewKeys.page(previewId, page),
    queryFn: ({ signal }) =>
      callApi(
        api.sync.syncPreview,
        { params: { previewId: String(previewId) }, query: { offset: page.offset, limit: page.limit, search: page.search, ...(page.kind ? { kind: page.kind } : {}) } },
        { signal },
      ),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? syncPollIntervalMs : false),
    placeholderData: keepPreviousData,
  });
}

export function useSyncPreview(previewId: number, page: PreviewPage) {
  return useQuery(previewQueryOptions(previewId, page));
}

/** Every SKU of the given kinds, read page by page: what a group left out whole excludes. */
export async function skusOfKinds(previewId: number, kinds: readonly ChangeKind[]): Promise<string[]> {
  const skus: string[] = [];
  for (const kind of kinds) {
    for (let offset = 0, total = 1; offset < total; offset += PREVIEW_CHANGES_PAGE_MAX) {
      const answer: SyncPreviewResponse = await callApi(api.sync.syncPreview, {
        params: { previewId: String(previewId) },
        query: { offset, limit: PREVIEW_CHANGES_PAGE_MAX, kind },
      });
      total = answer.total;
      skus.push(...answer.changes.map((change) => change.sku));
    }
  }
  return skus;
}

/** POST /api/sync-previews/{id}/approve/: starts the sync of what was approved and answers its id (202). */
export function approveSyncPreview({ previewId, body }: { previewId: number; body: ApprovePreviewRequest }) {
  return callApi(api.sync.approveSyncPreview, { params: { previewId: String(previewId) }, body });
}

export function useApproveSyncPreview(config: MutationConfig<{ sync_id: number; message: string }, { previewId: number; body: ApprovePreviewRequest }> = {}) {
  return useMutation({ ...config, mutationFn: approveSyncPreview });
}

/** GET /api/sync-history/: one page of the syncs to the user's connection to a service, newest first. */
export function syncHistoryQueryOptions(provider: SyncProvider, page: number) {
  return queryOptions({
    queryKey: ['sync-history', provider, page],
    queryFn: ({ signal }) => callApi(api.sync.syncHistory, { query: { software_name: softwareNameOf(provider), page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSyncHistory(provider: SyncProvider, page: number) {
  return useQuery(syncHistoryQueryOptions(provider, page));
}

/** GET /api/sync-history/csv/: the record as the CSV file the server names. */
export async function downloadSyncHistory(provider: SyncProvider): Promise<{ blob: Blob; fileName: string }> {
  const response = await callApiForFile(api.sync.syncHistoryCsv, { query: { software_name: softwareNameOf(provider) } });
  if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `tradelist-${provider}-syncs.csv`;
  return { blob: await response.blob(), fileName };
}
