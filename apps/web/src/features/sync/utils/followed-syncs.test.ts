import type { SyncRun } from './sync-run';
import { describe, expect, it } from 'vitest';
import { collectionSyncViews, knownSyncs, syncsToFollow } from './followed-syncs';

function run(id: number, overrides: Partial<SyncRun> = {}): SyncRun {
  return {
    id,
    provider: 'quickbooks',
    collection_id: 3,
    status: 'succeeded',
    total: 55,
    created: 55,
    updated: 0,
    unchanged: 0,
    failed: 0,
    errors: [],
    error: null,
    queued_at: '2026-07-03T10:00:00.000Z',
    finished_at: '2026-07-03T10:01:00.000Z',
    profile_name: null,
    ...overrides,
  };
}

describe('the syncs the catalog follows', () => {
  it('are those started here and those the results show queued or running, each once', () => {
    const results = [run(1), run(2, { status: 'running', provider: 'jobber' }), run(3, { status: 'queued', collection_id: 4 })];
    const started = [
      { syncId: 2, provider: 'jobber' as const, collectionId: 3 },
      { syncId: 9, provider: 'quickbooks' as const, collectionId: null },
    ];
    expect(syncsToFollow(results, started)).toEqual([
      { syncId: 2, provider: 'jobber', collectionId: 3 },
      { syncId: 3, provider: 'quickbooks', collectionId: 4 },
      { syncId: 9, provider: 'quickbooks', collectionId: null },
    ]);
  });
});

describe('what a collection shows per provider', () => {
  it('is the newest sync known, its progress answer winning over the results list', () => {
    const results = [run(1), run(5, { status: 'running', created: 10 }), run(2, { provider: 'jobber', collection_id: 4 })];
    const known = knownSyncs(results, [run(5, { status: 'running', created: 40 }), undefined]);
    expect(collectionSyncViews(3, known, [])).toEqual([{ provider: 'quickbooks', active: true, run: run(5, { status: 'running', created: 40 }) }]);
    expect(collectionSyncViews(4, known, [])).toEqual([{ provider: 'jobber', active: false, run: run(2, { provider: 'jobber', collection_id: 4 }) }]);
    expect(collectionSyncViews(7, known, [])).toEqual([]);
  });

  it('is a waiting progress bar for a sync started here before its first answer', () => {
    const known = knownSyncs([run(1)], []);
    const followed = [{ syncId: 8, provider: 'quickbooks' as const, collectionId: 3 }];
    expect(collectionSyncViews(3, known, followed)).toEqual([{ provider: 'quickbooks', active: true, run: null }]);
  });

  it('places a running sync named by a 409 once its progress says which collection it is', () => {
    const followed = [{ syncId: 8, provider: 'jobber' as const, collectionId: null }];
    expect(collectionSyncViews(3, knownSyncs([], []), followed)).toEqual([]);
    const known = knownSyncs([], [run(8, { provider: 'jobber', status: 'running', collection_id: 3 })]);
    expect(collectionSyncViews(3, known, followed)).toEqual([
      { provider: 'jobber', active: true, run: run(8, { provider: 'jobber', status: 'running', collection_id: 3 }) },
    ]);
  });

  it('shows both providers side by side, QuickBooks first', () => {
    const known = knownSyncs([run(2, { provider: 'jobber' }), run(1)], []);
    expect(collectionSyncViews(3, known, []).map((view) => view.provider)).toEqual(['quickbooks', 'jobber']);
  });
});
