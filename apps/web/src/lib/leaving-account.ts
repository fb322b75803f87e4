import { useSyncExternalStore } from 'react';

/**
 * Whether the browser is leaving the account (product §4.6: after a deletion, or a save that ends
 * the account's sessions): the screen says so for 5 seconds, although the stored session is
 * already gone (the server's answer carries Clear-Site-Data). Meanwhile the dashboard guard keeps
 * the screen instead of sending the user to /login at once.
 */
let leaving = false;
const listeners = new Set<() => void>();

export function setLeavingAccount(value: boolean): void {
  if (leaving === value) return;
  leaving = value;
  for (const listener of listeners) listener();
}

export function useLeavingAccount(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => leaving,
    () => false,
  );
}
