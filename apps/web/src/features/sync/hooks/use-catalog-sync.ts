import type { Collection } from '@tradelist/contract/catalog';
import type { SyncProvider } from '@tradelist/contract/sync';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../../lib/notify';
import { updateStoredValues } from '../../../lib/stored-session';
import { connectionStatusQueryOptions, useConnectProvider } from '../api/connections';
import { syncResultsQueryOptions, useSyncProducts, useSyncResults, useSyncRuns } from '../api/syncs';
import { forgetConnection } from '../utils/connection-keys';
import { syncMessages } from '../utils/messages';
import { collectionSyncViews, knownSyncs, syncsToFollow, type FollowedSync } from '../utils/followed-syncs';
import { classifySyncStartFailure } from '../utils/sync-start-failure';
import { isSyncActive, syncOutcome, type SyncRun } from '../utils/sync-run';
import { useConnections } from './use-connections';

/** A collection about to be synced, and the category it is shown under ('none' in the All and Free views). */
export interface SyncTarget {
  collection: Collection;
  categoryId: number | 'none';
}

function announce(run: SyncRun): void {
  const outcome = syncOutcome(run);
  if (!outcome) return;
  if (outcome.kind === 'success') notify.success(outcome.message);
  else notify.error(outcome.messages);
}

/**
 * The syncs the catalog follows: those the results say are running and those started here, each
 * polled until it ends; each is announced once when it ends, and the results are then read again.
 */
function useFollowedSyncs() {
  const queryClient = useQueryClient();
  const results = useSyncResults();
  const [started, setStarted] = useState<FollowedSync[]>([]);
  const followed = useMemo(() => syncsToFollow(results.data ?? [], started), [results.data, started]);
  const runs = useSyncRuns(followed.map((sync) => sync.syncId));

  const announced = useRef(new Set<number>());
  useEffect(() => {
    const finished = runs.filter((run): run is SyncRun => run !== undefined && !isSyncActive(run) && !announced.current.has(run.id));
    if (finished.length === 0) return;
    for (const run of finished) {
      announced.current.add(run.id);
      announce(run);
    }
    const ids = new Set(finished.map((run) => run.id));
    setStarted((list) => list.filter((sync) => !ids.has(sync.syncId)));
    void queryClient.invalidateQueries({ queryKey: syncResultsQueryOptions.queryKey });
  }, [runs, queryClient]);

  const follow = useCallback((sync: FollowedSync) => {
    setStarted((list) => (list.some((item) => item.syncId === sync.syncId) ? list : [...list, sync]));
  }, []);
  return { results, followed, runs, follow };
}

/**
 * The catalog's syncs (product §2.7, §8.7): which dialog is open for which collection, starting a
 * sync, following each one's progress every second until it ends, and the last result of each
 * collection per provider.
 */
export function useCatalogSync() {
  const queryClient = useQueryClient();
  const connections = useConnections();
  const startSync = useSyncProducts();
  const connect = useConnectProvider({ onError: (error) => notify.error(error.message) });
  const [selectTarget, setSelectTarget] = useState<SyncTarget | null>(null);
  const [confirmTarget, setConfirmTarget] = useState<SyncTarget | null>(null);
  const { results, followed, runs, follow } = useFollowedSyncs();

  /** 'Sync' opens the 'Sync-up' confirmation; 'Sign in to Sync' the software selection (product §2.7). */
  const open = useCallback(
    (target: SyncTarget, isConnected: boolean) => (isConnected ? setConfirmTarget(target) : setSelectTarget(target)),
    [],
  );

  const start = (target: SyncTarget, provider: SyncProvider) => {
    setConfirmTarget(null);
    const companyId = provider === 'quickbooks' ? connections.quickbooks.companyId : null;
    startSync.mutate(
      {
        collection_id: target.collection.id,
        category_id: target.categoryId,
        provider,
        ...(companyId ? { company_id: companyId } : {}),
      },
      {
        onSuccess(answer) {
          notify.success(syncMessages.started);
          follow({ syncId: answer.sync_id, provider, collectionId: target.collection.id });
        },
        onError(error) {
          const failure = classifySyncStartFailure(error);
          if (failure.kind === 'running') {
            if (failure.message) notify.info(failure.message);
            follow({ syncId: failure.syncId, provider, collectionId: null });
          } else if (failure.kind === 'not-connected') {
            // The server lost the connection (a refused refresh): sign in again (product §4.5).
            updateStoredValues((storage) => forgetConnection(storage, provider));
            void queryClient.invalidateQueries({ queryKey: connectionStatusQueryOptions(provider).queryKey });
            if (failure.message) notify.error(failure.message);
            setSelectTarget(target);
          } else {
            notify.error(failure.messages);
          }
        },
      },
    );
  };

  const known = knownSyncs(results.data ?? [], runs);
  const viewsFor = (collectionId: number) => collectionSyncViews(collectionId, known, followed);

  const isStarting = (collectionId: number) => startSync.isPending && startSync.variables?.collection_id === collectionId;

  return {
    connections,
    open,
    selectTarget,
    closeSelect: useCallback(() => setSelectTarget(null), []),
    confirmTarget,
    closeConfirm: useCallback(() => setConfirmTarget(null), []),
    start,
    signIn: (provider: SyncProvider) => connect.mutate(provider),
    signingIn: connect.isPending || connect.isSuccess ? (connect.variables ?? null) : null,
    viewsFor,
    isStarting,
  };
}

export type CatalogSync = ReturnType<typeof useCatalogSync>;
