import { sessionStorageKeys } from '@tradelist/contract/local-storage';
import type { SyncProvider } from '@tradelist/contract/sync';
import { parseContinueSync, type ContinueSync } from '../../../lib/dashboard-intents';
import { safeReturnPath } from '../../../lib/return-path';
import { readSessionValue, removeSessionValue, setSessionValue } from '../../../lib/stored-value';

/** How long a sync asked for before connecting waits for the callback: a sign-in takes minutes, not hours. */
export const syncAfterConnectMaxAgeMs = 60 * 60 * 1000;

/** What the browser keeps for this tab while the user signs in to the provider. */
export interface SyncAfterConnect {
  sync: ContinueSync;
  /** The catalog view the user left from (path and query), to come back to. */
  returnTo: string;
}

/** The record kept in the tab's session storage, with the time it was written. */
export function serializeSyncAfterConnect(record: SyncAfterConnect, now: Date): string {
  return JSON.stringify({ ...record.sync, returnTo: record.returnTo, savedAt: now.getTime() });
}

/**
 * The kept record for the provider that just answered: null when there is none, when it names
 * another provider, when it is older than an hour, or when its return path leaves the app's origin.
 */
export function parseSyncAfterConnect(raw: string | null, provider: SyncProvider, origin: string, now: Date): SyncAfterConnect | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const sync = parseContinueSync(value);
  if (!sync || sync.provider !== provider) return null;
  const { returnTo, savedAt } = value as Record<string, unknown>;
  if (typeof savedAt !== 'number' || now.getTime() - savedAt > syncAfterConnectMaxAgeMs || savedAt > now.getTime()) return null;
  const path = safeReturnPath(typeof returnTo === 'string' ? returnTo : null, origin);
  return path ? { sync, returnTo: path } : null;
}

/** Kept for this tab just before the browser leaves for the provider's authorization page. */
export function keepSyncAfterConnect(record: SyncAfterConnect): void {
  setSessionValue(sessionStorageKeys.syncAfterConnect, serializeSyncAfterConnect(record, new Date()));
}

/** Read once by the provider's callback: the record is removed whether or not it is still good. */
export function takeSyncAfterConnect(provider: SyncProvider): SyncAfterConnect | null {
  const raw = readSessionValue(sessionStorageKeys.syncAfterConnect);
  removeSessionValue(sessionStorageKeys.syncAfterConnect);
  return parseSyncAfterConnect(raw, provider, window.location.origin, new Date());
}

/** A connection made elsewhere (Settings) leads to no sync: a record left from an abandoned sign-in is dropped. */
export function forgetSyncAfterConnect(): void {
  removeSessionValue(sessionStorageKeys.syncAfterConnect);
}
