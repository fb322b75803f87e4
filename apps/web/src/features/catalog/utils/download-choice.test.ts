import { preferenceStorageKeys } from '@tradelist/contract/local-storage';
import { describe, expect, it } from 'vitest';
import { clearAppStorage, type KeyValueStorage } from '../../../lib/session-storage';
import { defaultDownloadChoice, initialDownloadChoice, parseDownloadChoice, writeDownloadChoice } from './download-choice';

class FakeStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const read = (storage: KeyValueStorage) =>
  parseDownloadChoice({ format: storage.getItem(preferenceStorageKeys.downloadFormat), layout: storage.getItem(preferenceStorageKeys.downloadLayout) });

describe('the remembered download choice (product §2.7)', () => {
  it('is CSV and the price list before anything was chosen', () => {
    expect(read(new FakeStorage())).toEqual({ format: 'csv', layout: 'price-list' });
    expect(defaultDownloadChoice).toEqual({ format: 'csv', layout: 'price-list' });
  });

  it('reads back the last confirmed format and layout', () => {
    const storage = new FakeStorage();
    writeDownloadChoice(storage, { format: 'xlsx', layout: 'quickbooks' });
    expect(read(storage)).toEqual({ format: 'xlsx', layout: 'quickbooks' });
    writeDownloadChoice(storage, { format: 'csv', layout: 'changes' });
    expect(read(storage)).toEqual({ format: 'csv', layout: 'changes' });
  });

  it('falls back to the default for a value it does not know, one key at a time', () => {
    expect(parseDownloadChoice({ format: 'pdf', layout: 'quickbooks' })).toEqual({ format: 'csv', layout: 'quickbooks' });
    expect(parseDownloadChoice({ format: 'xlsx', layout: 'QuickBooks' })).toEqual({ format: 'xlsx', layout: 'price-list' });
  });

  it('is forgotten at logout with every other key of the app (product §10.5)', () => {
    const storage = new FakeStorage();
    writeDownloadChoice(storage, { format: 'xlsx', layout: 'quickbooks' });
    clearAppStorage(storage);
    expect([...storage.items.keys()]).toEqual([]);
  });
});

describe('initialDownloadChoice', () => {
  it("opens the modal with the button's format and the remembered layout", () => {
    const remembered = { format: 'xlsx', layout: 'quickbooks' } as const;
    expect(initialDownloadChoice(remembered, 'csv')).toEqual({ format: 'csv', layout: 'quickbooks' });
    expect(initialDownloadChoice(remembered, 'xlsx')).toEqual({ format: 'xlsx', layout: 'quickbooks' });
  });
});
