import { sessionStorageKeys, storageKeys, type AppStorageKey, type SessionStorageKey } from '@tradelist/contract/local-storage';
import { useSyncExternalStore } from 'react';

/**
 * The one place that touches localStorage, key by key. Writes go through here so that every
 * component reading a key re-renders; other tabs' writes arrive through the `storage` event.
 * No schema is loaded here: the public site's pages read keys without the app's validation code.
 */
const listeners = new Set<() => void>();

/** The browser's storage, or null on the server or when the browser disables it. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled by the browser; the app then behaves as signed out.
    return null;
  }
}

/** Tells every reader that stored values changed. */
export function emitChange(): void {
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
export function readStoredValue(key: AppStorageKey): string | null {
  try {
    return browserStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes one stored key and tells every reader. */
export function setStoredValue(key: AppStorageKey, value: string): void {
  try {
    browserStorage()?.setItem(key, value);
  } catch {
    return;
  }
  emitChange();
}

/** Subscribes a component to one stored key; a server render reads every key as absent. */
export function useStoredValue(key: AppStorageKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readStoredValue(key),
    () => null,
  );
}

/** Whether a session is stored (the navigation bar offers Logout then). */
export function useHasStoredSession(): boolean {
  return useStoredValue(storageKeys.userSession) !== null;
}

/** The browser's storage for this tab's session (sessionStorage), or null where there is none. */
function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Reads one key kept for this browser session only (null when absent or unavailable). */
export function readSessionValue(key: SessionStorageKey): string | null {
  try {
    return tabStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes one key kept for this browser session only. */
export function setSessionValue(key: SessionStorageKey, value: string): void {
  try {
    tabStorage()?.setItem(key, value);
  } catch {
    // Privacy mode: the value lasts as long as the page instead.
  }
}

/** Removes one key kept for this browser session only. */
export function removeSessionValue(key: SessionStorageKey): void {
  try {
    tabStorage()?.removeItem(key);
  } catch {
    // Nothing more can be done.
  }
}

/** Removes every key this app keeps for the browser session (logout). */
export function clearSessionValues(): void {
  try {
    const storage = tabStorage();
    for (const key of Object.values(sessionStorageKeys)) storage?.removeItem(key);
  } catch {
    // Nothing more can be done.
  }
}
