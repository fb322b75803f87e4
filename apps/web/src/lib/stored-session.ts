import type { SessionUser } from '@tradelist/contract/accounts';
import { storageKeys } from '@tradelist/contract/local-storage';
import { useMemo } from 'react';
import { browserStorage, clearSessionValues, emitChange, useStoredValue } from './stored-value';
import {
  clearAppStorage,
  parseStoredSession,
  writeSession,
  writeSubscriptionFlags,
  type KeyValueStorage,
  type StoredSession,
  type SubscriptionFlags,
} from './session-storage';

export { readStoredValue, setStoredValue, useStoredValue } from './stored-value';

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

/** Clears every key of this app (logout, 401), the browser session's too, and tells every reader. */
export function clearSession(): void {
  clearSessionValues();
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
