import { describe, expect, it } from 'vitest';
import { parseSyncAfterConnect, serializeSyncAfterConnect, syncAfterConnectMaxAgeMs } from './sync-after-connect';

const origin = 'https://tradelist.example';
const now = new Date('2026-11-26T10:00:00Z');
const record = { sync: { collectionId: 12, categoryId: 3, provider: 'jobber' as const }, returnTo: '/dashboard/catalog?category=3' };

describe('the sync kept while the user connects a service', () => {
  it('comes back as it was kept, for the provider that answers', () => {
    const raw = serializeSyncAfterConnect(record, now);
    expect(parseSyncAfterConnect(raw, 'jobber', origin, new Date(now.getTime() + 60_000))).toEqual(record);
    const allView = { sync: { collectionId: 4, categoryId: 'none' as const, provider: 'quickbooks' as const }, returnTo: '/dashboard' };
    expect(parseSyncAfterConnect(serializeSyncAfterConnect(allView, now), 'quickbooks', origin, now)).toEqual(allView);
  });

  it('is dropped for the other provider, when older than an hour, or written in the future', () => {
    const raw = serializeSyncAfterConnect(record, now);
    expect(parseSyncAfterConnect(raw, 'quickbooks', origin, now)).toBeNull();
    expect(parseSyncAfterConnect(raw, 'jobber', origin, new Date(now.getTime() + syncAfterConnectMaxAgeMs + 1))).toBeNull();
    expect(parseSyncAfterConnect(raw, 'jobber', origin, new Date(now.getTime() - 1))).toBeNull();
  });

  it.each([
    null,
    '',
    'not json',
    '"a string"',
    JSON.stringify({ collectionId: 12, categoryId: 3, provider: 'jobber', returnTo: '/dashboard' }),
    JSON.stringify({ collectionId: '12', categoryId: 3, provider: 'jobber', returnTo: '/dashboard', savedAt: now.getTime() }),
    JSON.stringify({ collectionId: 12, categoryId: 'all', provider: 'jobber', returnTo: '/dashboard', savedAt: now.getTime() }),
    JSON.stringify({ collectionId: 12, categoryId: 3, provider: 'xero', returnTo: '/dashboard', savedAt: now.getTime() }),
    JSON.stringify({ collectionId: 12, categoryId: 3, provider: 'jobber', returnTo: 'https://evil.example/', savedAt: now.getTime() }),
    JSON.stringify({ collectionId: 12, categoryId: 3, provider: 'jobber', returnTo: '//evil.example/', savedAt: now.getTime() }),
  ])('is not a record: %s', (raw) => {
    expect(parseSyncAfterConnect(raw, 'jobber', origin, now)).toBeNull();
  });
});
