import type { Collection } from '@tradelist/contract/catalog';
import type { SyncProvider } from '@tradelist/contract/sync';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ContinueSync } from '../../../lib/dashboard-intents';
import { notify } from '../../../lib/notify';
import { updateStoredValues } from '../../../lib/stored-session';
import { connectionStatusQueryOptions, useConnectProvider } from '../api/connections';
import { syncResultsQueryOptions, useSyncResults, useSyncRuns } from '../api/syncs';
import { useStartSyncPreview } from '../api/previews';
import { buildPath, paths } from '../../../config/paths';
import { forgetConnection } from '../utils/connection-keys';
import { collectionSyncViews, knownSyncs, syncsToFollow, type FollowedSync } from '../utils/followed-syncs';
import { classifySyncStartFailure } from '../utils/sync-start-failure';
import { isSyncActive, syncOutcome, type SyncRun } from '../utils/sync-run';
import { keepSyncAfterConnect } from '../utils/sync-after-connect';
import type { SyncChoice } from '../components/sync-confirm-dialog';
import { useConnections, type Connections } from './use-connections';

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

/** The Sync-up question's edition, and the service it opens on (null: the first connected one). */
interface ConfirmState {
  target: SyncTarget;
  provider: SyncProvider | null;
}

/**
 * Yes in the Sync-up question starts the preview (product §10.21: nothing is written before the
 * user approves) and opens it; a sync already running is followed instead; a connection the
 * server lost sends the user to sign in again (product §4.5).
 */
function useStartSync(connections: Connections, follow: (sync: FollowedSync) => void, askSignIn: (target: SyncTarget) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const startPreview = useStartSyncPreview();
  const start = (target: SyncTarget, choice: SyncChoice) => {
    const { provider } = choice;
    const companyId = provider === 'quickbooks' ? connections.quickbooks.companyId : null;
    startPreview.mutate(
      { collection_id: target.collection.id, category_id: target.categoryId, provider, profile_id: choice.profileId, ...(companyId ? { company_id: companyId } : {}) },
      {
        onSuccess({ id }) {
          void navigate(buildPath(paths.dashboardSyncPreview, { previewId: id }));
        },
        onError(error) {
          const failure = classifySyncStartFailure(error);
          if (failure.kind === 'running') {
            if (failure.message) notify.info(failure.message);
            follow({ syncId: failure.syncId, provider, collectionId: null });
          } else if (failure.kind === 'not-connected') {
            updateStoredValues((storage) => forgetConnection(storage, provider));
            void queryClient.invalidateQueries({ queryKey: connectionStatusQueryOptions(provider).queryKey });
            if (failure.message) notify.error(failure.message);
            askSignIn(target);
          } else {
            notify.error(failure.messages);
          }
        },
      },
    );
  };
  const isStarting = (collectionId: number) => startPreview.isPending && startPreview.variables?.collection_id === collectionId;
  return { start, isStarting };
}

/**
 * The catalog's syncs (product §2.7, §8.7): which dialog is open for which collection, starting a
 * sync, following each one's progress every second until it ends, and the last result of each
 * collection per provider. `continueSync` is a sync asked for before its service was connected:
 * once its card is shown, the Sync-up question opens on it with that service (product §4.5).
 */
export function useCatalogSync(continueSync: ContinueSync | null = null, onContinued: () => void = () => {}) {
  const location = useLocation();
  const connections = useConnections();
  const connect = useConnectProvider({ onError: (error) => notify.error(error.message) });
  const [selectTarget, setSelectTarget] = useState<SyncTarget | null>(null);
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const { results, followed, runs, follow } = useFollowedSyncs();
  const { start: startSync, isStarting } = useStartSync(connections, follow, setSelectTarget);

  /** 'Sync' opens the 'Sync-up' confirmation; 'Sign in to Sync' the software selection (product §2.7). */
  const open = useCallback(
    (target: SyncTarget, isConnected: boolean) => (isConnected ? setConfirm({ target, provider: null }) : setSelectTarget(target)),
    [],
  );

  /** Before leaving for the provider, the tab keeps the sync asked for, to come back to it. */
  const signIn = (provider: SyncProvider) => {
    const target = selectTarget ?? confirm?.target;
    if (target) {
      const sync = { collectionId: target.collection.id, categoryId: target.categoryId, provider };
      keepSyncAfterConnect({ sync, returnTo: `${location.pathname}${location.search}` });
    }
    connect.mutate(provider);
  };

  const continuing = continueSync && connections.valid.includes(continueSync.provider) ? continueSync : null;
  // The card stays in view after the navigation's state is dropped; each sync goes on once.
  const [continuedId, setContinuedId] = useState<number | null>(null);
  const continued = useRef<ContinueSync | null>(null);
  const continueOn = useCallback(
    (target: SyncTarget) => {
      if (!continuing || continuing.collectionId !== target.collection.id || continued.current === continuing) return;
      continued.current = continuing;
      setContinuedId(continuing.collectionId);
      setConfirm({ target, provider: continuing.provider });
      onContinued();
    },
    [continuing, onContinued],
  );

  const known = knownSyncs(results.data ?? [], runs);
  return {
    connections,
    open,
    selectTarget,
    closeSelect: useCallback(() => setSelectTarget(null), []),
    confirmTarget: confirm?.target ?? null,
    confirmProvider: confirm?.provider ?? null,
    closeConfirm: useCallback(() => setConfirm(null), []),
    start: (target: SyncTarget, choice: SyncChoice) => {
      setConfirm(null);
      startSync(target, choice);
    },
    signIn,
    signingIn: connect.isPending || connect.isSuccess ? (connect.variables ?? null) : null,
    /** The edition whose sync goes on after connecting: its card is scrolled into view and calls `continueOn`. */
    continuingId: continuing?.collectionId ?? continuedId,
    continueOn,
    viewsFor: (collectionId: number) => collectionSyncViews(collectionId, known, followed),
    isStarting,
  };
}

export type CatalogSync = ReturnType<typeof useCatalogSync>;
