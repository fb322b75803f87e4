import { syncProviders, type SyncProvider } from '@tradelist/contract/sync';
import { isSyncActive, type SyncRun } from './sync-run';

/** A sync the screen follows: started here, answered as already running, or found running on load. */
export interface FollowedSync {
  syncId: number;
  provider: SyncProvider;
  /** Unknown for a running sync named by a 409 until its first progress answer. */
  collectionId: number | null;
}

/** What a collection shows for one provider: a sync in progress (run null until its first answer) or the last one. */
export interface CollectionSyncView {
  provider: SyncProvider;
  active: boolean;
  run: SyncRun | null;
}

/**
 * The syncs to poll: those started on this screen, and those the results list shows queued or
 * running (after a reload, or started in another tab), each once.
 */
export function syncsToFollow(results: readonly SyncRun[], started: readonly FollowedSync[]): FollowedSync[] {
  const all = new Map<number, FollowedSync>();
  for (const run of results) {
    if (isSyncActive(run)) all.set(run.id, { syncId: run.id, provider: run.provider, collectionId: run.collection_id });
  }
  for (const sync of started) if (!all.has(sync.syncId)) all.set(sync.syncId, sync);
  return [...all.values()];
}

/** Every sync known, by id; a progress answer is newer than the same sync in the results list. */
export function knownSyncs(results: readonly SyncRun[], progress: readonly (SyncRun | undefined)[]): Map<number, SyncRun> {
  const known = new Map<number, SyncRun>();
  for (const run of results) known.set(run.id, run);
  for (const run of progress) if (run) known.set(run.id, run);
  return known;
}

/**
 * Per provider, what one collection shows: a sync just started that has no answer yet, else the
 * newest sync known (running: its progress; finished: its result).
 */
export function collectionSyncViews(
  collectionId: number,
  known: ReadonlyMap<number, SyncRun>,
  followed: readonly FollowedSync[],
): CollectionSyncView[] {
  return syncProviders.flatMap((provider): CollectionSyncView[] => {
    const waiting = followed.some((sync) => !known.has(sync.syncId) && sync.collectionId === collectionId && sync.provider === provider);
    if (waiting) return [{ provider, active: true, run: null }];
    let newest: SyncRun | undefined;
    for (const run of known.values()) {
      if (run.collection_id === collectionId && run.provider === provider && (!newest || run.id > newest.id)) newest = run;
    }
    return newest ? [{ provider, active: isSyncActive(newest), run: newest }] : [];
  });
}
