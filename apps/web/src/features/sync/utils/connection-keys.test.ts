import type { ConnectionStatus } from '@tradelist/contract/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { integrationStorageKeys } from '@tradelist/contract/local-storage';
import { clearAppStorage, type KeyValueStorage } from '../../../lib/session-storage';
import {
  applyConnectionStatus,
  forgetConnection,
  isConnectionValid,
  isStoredConnectionValid,
  readConnection,
  rememberAuthorization,
} from './connection-keys';

class FakeStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const now = new Date('2026-05-01T12:00:00.000Z');
const later = '2026-05-01T13:00:00.000Z';
const earlier = '2026-05-01T11:59:59.000Z';
const realmId = '9341453071836290';

const connected = (company_id: string | null): ConnectionStatus => ({
  connected: true,
  connected_at: '2026-05-01T10:00:00.000Z',
  company_id,
  company_name: company_id ? 'Sandbox Company US 1' : null,
  automatic_sync: false,
});
const disconnected: ConnectionStatus = { connected: false, connected_at: null, company_id: null, company_name: null, automatic_sync: false };

describe('the stored keys (product §3.2)', () => {
  let storage: FakeStorage;
  beforeEach(() => {
    storage = new FakeStorage();
  });

  it('keep the expiry and company id of an authorization, and nothing of the opaque handle', () => {
    rememberAuthorization(storage, 'quickbooks', { access_token: 'conn_opaque_handle', expires_at: later, company_id: realmId });
    expect(Object.fromEntries(storage.items)).toEqual({
      [integrationStorageKeys.quickbooksConnected]: 'true',
      [integrationStorageKeys.quickbooksExpiresAt]: later,
      [integrationStorageKeys.quickbooksCompanyId]: realmId,
    });
    expect([...storage.items.values()]).not.toContain('conn_opaque_handle');
    expect(readConnection(storage, 'quickbooks')).toEqual({ connected: true, expiresAt: later, companyId: realmId });
  });

  it('keep no company id for Jobber', () => {
    rememberAuthorization(storage, 'jobber', { access_token: 'h', expires_at: later, company_id: null });
    expect(readConnection(storage, 'jobber')).toEqual({ connected: true, expiresAt: later, companyId: null });
    expect(storage.items.has(integrationStorageKeys.quickbooksCompanyId)).toBe(false);
  });

  it('forget one provider without touching the other', () => {
    rememberAuthorization(storage, 'quickbooks', { access_token: 'h', expires_at: later, company_id: realmId });
    rememberAuthorization(storage, 'jobber', { access_token: 'h', expires_at: later, company_id: null });
    forgetConnection(storage, 'quickbooks');
    expect(readConnection(storage, 'quickbooks')).toEqual({ connected: false, expiresAt: null, companyId: null });
    expect(readConnection(storage, 'jobber').connected).toBe(true);
  });

  it('are cleared with every other key at logout (product §10.5)', () => {
    rememberAuthorization(storage, 'quickbooks', { access_token: 'h', expires_at: later, company_id: realmId });
    rememberAuthorization(storage, 'jobber', { access_token: 'h', expires_at: later, company_id: null });
    clearAppStorage(storage);
    expect(storage.items.size).toBe(0);
  });

  it('follow the server: not connected forgets them (product §4.5)', () => {
    rememberAuthorization(storage, 'jobber', { access_token: 'h', expires_at: later, company_id: null });
    applyConnectionStatus(storage, 'jobber', disconnected);
    expect(storage.items.size).toBe(0);
  });

  it('follow the server: connected records the flag and its company, and keeps the expiry', () => {
    rememberAuthorization(storage, 'quickbooks', { access_token: 'h', expires_at: later, company_id: '1' });
    applyConnectionStatus(storage, 'quickbooks', connected(realmId));
    expect(readConnection(storage, 'quickbooks')).toEqual({ connected: true, expiresAt: later, companyId: realmId });
  });
});

describe('validity (product §4.5)', () => {
  const stored = (connected: boolean, expiresAt: string | null, companyId: string | null) => ({ connected, expiresAt, companyId });

  it('needs the connection, its company id (QuickBooks) and an expiry in the future', () => {
    expect(isStoredConnectionValid('quickbooks', stored(true, later, realmId), now)).toBe(true);
    expect(isStoredConnectionValid('quickbooks', stored(false, later, realmId), now)).toBe(false);
    expect(isStoredConnectionValid('quickbooks', stored(true, later, null), now)).toBe(false);
    expect(isStoredConnectionValid('quickbooks', stored(true, earlier, realmId), now)).toBe(false);
    expect(isStoredConnectionValid('quickbooks', stored(true, now.toISOString(), realmId), now)).toBe(false);
    expect(isStoredConnectionValid('quickbooks', stored(true, null, realmId), now)).toBe(false);
    expect(isStoredConnectionValid('quickbooks', stored(true, 'soon', realmId), now)).toBe(false);
  });

  it('needs no company id for Jobber', () => {
    expect(isStoredConnectionValid('jobber', stored(true, later, null), now)).toBe(true);
    expect(isStoredConnectionValid('jobber', stored(true, earlier, null), now)).toBe(false);
  });

  it('is the server status once it is known, whatever the stored keys say', () => {
    const expired = stored(true, earlier, realmId);
    const fresh = stored(true, later, realmId);
    // The server refreshes its tokens: a connection it holds outlives the stored expiry (product §10.11).
    expect(isConnectionValid('quickbooks', connected(realmId), expired, now)).toBe(true);
    // A refused refresh turns it back to 'Sign in to Sync'.
    expect(isConnectionValid('quickbooks', disconnected, fresh, now)).toBe(false);
    expect(isConnectionValid('quickbooks', connected(null), fresh, now)).toBe(false);
    expect(isConnectionValid('jobber', connected(null), stored(false, null, null), now)).toBe(true);
  });

  it('falls back to the stored keys before the status arrives', () => {
    expect(isConnectionValid('quickbooks', undefined, stored(true, later, realmId), now)).toBe(true);
    expect(isConnectionValid('quickbooks', undefined, stored(true, earlier, realmId), now)).toBe(false);
  });
});
