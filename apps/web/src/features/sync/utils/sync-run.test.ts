import { describe, expect, it } from 'vitest';
import { countsText, isSyncActive, itemErrorText, lastSyncText, progressPercent, progressText, syncOutcome, type SyncRun } from './sync-run';

const utc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function run(overrides: Partial<SyncRun>): SyncRun {
  return {
    id: 5,
    provider: 'quickbooks',
    collection_id: 3,
    status: 'succeeded',
    total: 126,
    created: 120,
    updated: 3,
    unchanged: 3,
    failed: 0,
    errors: [],
    error: null,
    queued_at: '2026-07-03T10:00:00.000Z',
    finished_at: '2026-07-03T10:04:00.000Z',
    profile_name: null,
    ...overrides,
  };
}

describe('progress', () => {
  it('polls queued and running syncs only', () => {
    expect(isSyncActive({ status: 'queued' })).toBe(true);
    expect(isSyncActive({ status: 'running' })).toBe(true);
    expect(isSyncActive({ status: 'succeeded' })).toBe(false);
    expect(isSyncActive({ status: 'failed' })).toBe(false);
  });

  it('counts every handled item, and reaches 100 only when all are handled', () => {
    expect(progressPercent(run({ total: 0, created: 0, updated: 0, unchanged: 0 }))).toBe(0);
    expect(progressPercent(run({ total: 200, created: 30, updated: 5, unchanged: 4, failed: 1 }))).toBe(20);
    expect(progressPercent(run({ total: 1000, created: 999, updated: 0, unchanged: 0, failed: 0 }))).toBe(99);
    expect(progressPercent(run({}))).toBe(100);
  });

  it('says what it is doing', () => {
    expect(progressText(run({ status: 'queued', total: 0, created: 0, updated: 0, unchanged: 0 }))).toBe(
      'Waiting to start the sync to QuickBooks Online…',
    );
    expect(progressText(run({ provider: 'jobber', status: 'running', total: 1200, created: 40, updated: 0, unchanged: 0 }))).toBe(
      'Syncing to Jobber: 40 of 1,200 items',
    );
  });

  it('names every count', () => {
    expect(countsText(run({ failed: 1 }))).toBe('120 created, 3 updated, 3 unchanged, 1 failed');
  });
});

describe('the last sync of a collection', () => {
  it('reads when and what it did', () => {
    expect(lastSyncText(run({}), utc)).toBe(
      'Last synced to QuickBooks Online on Jul 3, 2026, 10:04 AM — 120 created, 3 updated, 3 unchanged, 0 failed',
    );
  });

  it('reads why it failed', () => {
    expect(lastSyncText(run({ provider: 'jobber', status: 'failed', error: 'Jobber is not connected any more.' }), utc)).toBe(
      'Last sync to Jobber failed on Jul 3, 2026, 10:04 AM: Jobber is not connected any more.',
    );
    expect(lastSyncText(run({ status: 'failed', failed: 126, created: 0, updated: 0, unchanged: 0 }), utc)).toBe(
      'Last sync to QuickBooks Online failed on Jul 3, 2026, 10:04 AM — 0 created, 0 updated, 0 unchanged, 126 failed',
    );
  });

  it('lists a refused item with its SKU, name and the provider message', () => {
    expect(itemErrorText({ sku: 'CU-12', name: '12 AWG wire', error: 'Duplicate Name Exists Error' })).toBe('CU-12 12 AWG wire: Duplicate Name Exists Error');
    expect(itemErrorText({ sku: '', name: '', error: 'Invalid' })).toBe('Invalid');
  });
});

describe('the outcome of a finished sync (product §8.7)', () => {
  it('is nothing while it runs', () => {
    expect(syncOutcome(run({ status: 'running' }))).toBeNull();
  });

  it('is the success message when every item went through', () => {
    expect(syncOutcome(run({}))).toEqual({ kind: 'success', message: 'Successfully synced the pricelist' });
  });

  it("is the server's error, then the refused items' count", () => {
    expect(syncOutcome(run({ status: 'failed', error: 'QuickBooks Online refused the connection.', failed: 2 }))).toEqual({
      kind: 'error',
      messages: ['QuickBooks Online refused the connection.', '2 of 126 items could not be synced to QuickBooks Online.'],
    });
    expect(syncOutcome(run({ status: 'succeeded', failed: 1 }))).toEqual({
      kind: 'error',
      messages: ['1 of 126 items could not be synced to QuickBooks Online.'],
    });
  });

  it('still says it failed when the server gave no reason', () => {
    expect(syncOutcome(run({ provider: 'jobber', status: 'failed' }))).toEqual({ kind: 'error', messages: ['The sync to Jobber failed.'] });
  });
});
