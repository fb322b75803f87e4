import { sessionUser, type SessionUser } from '@tradelist/contract/accounts';
import { appStorageKeys, storageKeys } from '@tradelist/contract/local-storage';
import type { z } from 'zod';

/** The subset of the Web Storage API this module needs (a fake in tests, localStorage in the app). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** product §3: the session saved locally as `userSession`. */
export const storedSession = sessionUser.pick({
  id: true,
  name: true,
  email: true,
  status: true,
  is_verified: true,
  is_onboarded: true,
  update1: true,
  update2: true,
});
export type StoredSession = z.infer<typeof storedSession>;

/** product §9: sections of the dashboard remembered as `activeSection`. */
export const dashboardSections = ['catalog', 'configuration', 'subscriptions', 'settings', 'user-guide'] as const;
export type DashboardSection = (typeof dashboardSections)[number];

const flag = (value: boolean): string => (value ? 'true' : 'false');

/** Picks the fields of `userSession` out of a signed-in user (the role stays on the server). */
export function toStoredSession(user: SessionUser | StoredSession): StoredSession {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    status: user.status,
    is_verified: user.is_verified,
    is_onboarded: user.is_onboarded,
    update1: user.update1,
    update2: user.update2,
  };
}

/**
 * product §3/§4: saves the session and its separate keys after a (Google) login, and when the
 * server's answer about the user is read again. `status2` follows `status`, except that a
 * cancelled subscription turns it off while `status` stays on until the period ends (product §4):
 * an unchanged `status` therefore leaves `status2` as the subscription flags last wrote it.
 */
export function writeSession(storage: KeyValueStorage, user: SessionUser | StoredSession): void {
  const session = toStoredSession(user);
  const statusChanged = storage.getItem(storageKeys.status) !== flag(session.status);
  storage.setItem(storageKeys.userSession, JSON.stringify(session));
  storage.setItem(storageKeys.email, session.email);
  storage.setItem(storageKeys.username, session.name);
  storage.setItem(storageKeys.status, flag(session.status));
  if (statusChanged || storage.getItem(storageKeys.status2) === null) storage.setItem(storageKeys.status2, flag(session.status));
  storage.setItem(storageKeys.update1, flag(session.update1));
  storage.setItem(storageKeys.update2, flag(session.update2));
  storage.setItem(storageKeys.verified, flag(session.is_verified));
}

/**
 * product §3: the subscriber flags. `status` makes the catalog offer paid downloads (product §4);
 * `status2` is the active-subscription flag, off once a subscription is cancelled.
 */
export interface SubscriptionFlags {
  status: boolean;
  status2: boolean;
}

/**
 * Writes `status` and `status2` together (product §3), and the stored session's `status` with
 * them so that every reader agrees; no session stored means nothing but the two keys is written.
 */
export function writeSubscriptionFlags(storage: KeyValueStorage, flags: SubscriptionFlags): void {
  storage.setItem(storageKeys.status, flag(flags.status));
  storage.setItem(storageKeys.status2, flag(flags.status2));
  const session = parseStoredSession(storage.getItem(storageKeys.userSession));
  if (session) storage.setItem(storageKeys.userSession, JSON.stringify({ ...session, status: flags.status }));
}

/** Removes every key of this app (product §10.5: logout clears all of them). */
export function clearAppStorage(storage: KeyValueStorage): void {
  for (const key of Object.values(appStorageKeys)) storage.removeItem(key);
}

/** Reads `userSession` back; anything missing, malformed or tampered reads as no session. */
export function parseStoredSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const parsed = storedSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Reads `activeSection` back; an unknown value reads as the default section. */
export function parseDashboardSection(raw: string | null): DashboardSection {
  return dashboardSections.find((section) => section === raw) ?? 'catalog';
}
