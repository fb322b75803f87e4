import type { AuthCompletedResponse, ConnectionStatus, SyncProvider } from '@tradelist/contract/sync';
import { integrationStorageKeys, type AppStorageKey } from '@tradelist/contract/local-storage';
import type { KeyValueStorage } from '../../../lib/session-storage';

/** What the browser keeps about one connection (product §3.2): display data, never a token. */
export interface StoredConnection {
  connected: boolean;
  /** ISO time after which the browser no longer counts on the connection. */
  expiresAt: string | null;
  /** QuickBooks' realmId; always null for Jobber. */
  companyId: string | null;
}

interface ProviderKeys {
  connected: AppStorageKey;
  expiresAt: AppStorageKey;
  companyId: AppStorageKey | null;
}

const keysOf: Record<SyncProvider, ProviderKeys> = {
  quickbooks: {
    connected: integrationStorageKeys.quickbooksConnected,
    expiresAt: integrationStorageKeys.quickbooksExpiresAt,
    companyId: integrationStorageKeys.quickbooksCompanyId,
  },
  jobber: { connected: integrationStorageKeys.jobberConnected, expiresAt: integrationStorageKeys.jobberExpiresAt, companyId: null },
};

/** Every key of one provider, for forgetting the connection at once. */
export function connectionKeys(provider: SyncProvider): AppStorageKey[] {
  const keys = keysOf[provider];
  return keys.companyId ? [keys.connected, keys.expiresAt, keys.companyId] : [keys.connected, keys.expiresAt];
}

/** Reads one provider's keys back; anything missing reads as not connected. */
export function readConnection(storage: Pick<KeyValueStorage, 'getItem'>, provider: SyncProvider): StoredConnection {
  const keys = keysOf[provider];
  return {
    connected: storage.getItem(keys.connected) === 'true',
    expiresAt: storage.getItem(keys.expiresAt),
    companyId: keys.companyId ? storage.getItem(keys.companyId) : null,
  };
}

/**
 * product §4.5: a connection is valid while it exists, its company id exists (QuickBooks only)
 * and its expiry lies in the future. An expiry that cannot be read is not in the future.
 */
export function isStoredConnectionValid(provider: SyncProvider, connection: StoredConnection, now: Date): boolean {
  if (!connection.connected) return false;
  if (provider === 'quickbooks' && !connection.companyId) return false;
  const expiry = connection.expiresAt === null ? Number.NaN : Date.parse(connection.expiresAt);
  return Number.isFinite(expiry) && expiry > now.getTime();
}

/**
 * The server's status is the truth (product §4.5): a connection it no longer holds is forgotten;
 * one it holds is valid whatever the stored expiry says, since the server refreshes the tokens
 * itself (product §10.11). Before the status arrives, the stored keys decide.
 */
export function isConnectionValid(
  provider: SyncProvider,
  status: ConnectionStatus | undefined,
  stored: StoredConnection,
  now: Date,
): boolean {
  if (!status) return isStoredConnectionValid(provider, stored, now);
  return status.connected && (provider !== 'quickbooks' || Boolean(status.company_id));
}

/** After a completed authorization (product §4.5): the expiry and company id of the answer. */
export function rememberAuthorization(storage: KeyValueStorage, provider: SyncProvider, answer: AuthCompletedResponse): void {
  const keys = keysOf[provider];
  storage.setItem(keys.connected, 'true');
  storage.setItem(keys.expiresAt, answer.expires_at);
  if (keys.companyId) {
    if (answer.company_id) storage.setItem(keys.companyId, answer.company_id);
    else storage.removeItem(keys.companyId);
  }
}

/** Removes one provider's keys (disconnected, or refused by the server). */
export function forgetConnection(storage: KeyValueStorage, provider: SyncProvider): void {
  for (const key of connectionKeys(provider)) storage.removeItem(key);
}

/**
 * Brings the keys in line with the server's status: not connected forgets what the browser kept
 * (product §4.5); connected records the flag and the company the server holds. The expiry is left
 * as the last authorization gave it: the status call does not carry one.
 */
export function applyConnectionStatus(storage: KeyValueStorage, provider: SyncProvider, status: ConnectionStatus): void {
  if (!status.connected) {
    forgetConnection(storage, provider);
    return;
  }
  const keys = keysOf[provider];
  storage.setItem(keys.connected, 'true');
  if (keys.companyId) {
    if (status.company_id) storage.setItem(keys.companyId, status.company_id);
    else storage.removeItem(keys.companyId);
  }
}
