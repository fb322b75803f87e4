import type { SessionUser } from '@tradelist/contract/accounts';
import { storageKeys, type AppStorageKey } from '@tradelist/contract/local-storage';
import { useMemo, useSyncExternalStore } from 'react';
import {
  clearAppStorage,
  parseStoredSession,
  writeSession,
  writeSubscriptionFlags,
  type KeyValueStorage,
  type StoredSession,
  type SubscriptionFlags,
} from './session-storage';

type StorageKey = AppStorageKey;

/**
 * The one place that touches localStorage. Writes go through here so that every component reading
 * a key re-renders; other tabs' writes arrive through the `storage` event.
 */
const listeners = new Set<() => void>();

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled by the browser; the app then behaves as signed out.
    return null;
  }
}

function emitChange(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Reads one stored key (null when absent or when storage is unavailable). */
export function readStoredValue(key: StorageKey): string | null {
  try {
    return browserStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes one stored key and tells every reader. */
export function setStoredValue(key: StorageKey, value: string): void {
  try {
    browserStorage()?.setItem(key, value);
  } catch {
    return;
  }
  emitChange();
}

/** Saves a signed-in user (product §3) and tells every reader. */
export function saveSession(user: SessionUser | StoredSession): void {
  const storage = browserStorage();
  if (!storage) return;
  try {
    writeSession(storage, user);
  } catch {
    // Quota or privacy mode: the server session still works, the UI shows signed out.
  }
  emitChange();
}

/** Saves the subscriber flags (product §3) from the server's answer and tells every reader. */
export function saveSubscriptionFlags(flags: SubscriptionFlags): void {
  const storage = browserStorage();
  if (!storage) return;
  try {
    writeSubscriptionFlags(storage, flags);
  } catch {
    // Quota or privacy mode: the flags are hints only; the server decides (product §11.1).
  }
  emitChange();
}

/** Clears every key of this app (logout, 401) and tells every reader. */
export function clearSession(): void {
  const storage = browserStorage();
  if (storage) {
    try {
      clearAppStorage(storage);
    } catch {
      // Nothing more can be done; readers re-read below.
    }
  }
  emitChange();
}

/** Subscribes a component to one stored key. */
export function useStoredValue(key: StorageKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStoredValue(key),
    () => null,
  );
}

/** The locally stored session state (product §3), reactive to login, logout and other tabs. */
export function useStoredSession(): { session: StoredSession | null; email: string | null } {
  const rawSession = useStoredValue(storageKeys.userSession);
  const email = useStoredValue(storageKeys.email);
  const session = useMemo(() => parseStoredSession(rawSession), [rawSession]);
  return { session, email };
}

/** Runs several writes (a pure helper's) against storage as one change, then tells every reader. */
export function updateStoredValues(write: (storage: KeyValueStorage) => void): void {
  const storage = browserStorage();
  if (storage) {
    try {
      write(storage);
    } catch {
      // Quota or privacy mode: the keys are hints only; the server decides (product §11.1).
    }
  }
  emitChange();
}
