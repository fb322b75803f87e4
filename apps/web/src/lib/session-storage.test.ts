import type { SessionUser } from '@tradelist/contract/accounts';
import { storageKeys } from '@tradelist/contract/local-storage';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAppStorage,
  parseDashboardSection,
  parseStoredSession,
  writeSession,
  writeSubscriptionFlags,
  type KeyValueStorage,
} from './session-storage';

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

const user: SessionUser = {
  id: 7,
  name: 'Dana Sparks',
  email: 'dana@example.com',
  status: true,
  is_verified: true,
  is_onboarded: false,
  update1: true,
  update2: false,
  role: 'user',
};

describe('writeSession', () => {
  let storage: FakeStorage;
  beforeEach(() => {
    storage = new FakeStorage();
  });

  it('stores userSession without the role, and the separate keys of product §3', () => {
    writeSession(storage, user);
    expect(JSON.parse(storage.getItem(storageKeys.userSession) ?? '')).toEqual({
      id: 7,
      name: 'Dana Sparks',
      email: 'dana@example.com',
      status: true,
      is_verified: true,
      is_onboarded: false,
      update1: true,
      update2: false,
    });
    expect(storage.getItem(storageKeys.email)).toBe('dana@example.com');
    expect(storage.getItem(storageKeys.username)).toBe('Dana Sparks');
    expect(storage.getItem(storageKeys.status)).toBe('true');
    expect(storage.getItem(storageKeys.status2)).toBe('true');
    expect(storage.getItem(storageKeys.update1)).toBe('true');
    expect(storage.getItem(storageKeys.update2)).toBe('false');
    expect(storage.getItem(storageKeys.verified)).toBe('true');
  });

  it('writes false flags as the string false', () => {
    writeSession(storage, { ...user, status: false, is_verified: false });
    expect(storage.getItem(storageKeys.status)).toBe('false');
    expect(storage.getItem(storageKeys.status2)).toBe('false');
    expect(storage.getItem(storageKeys.verified)).toBe('false');
  });
});

describe('writeSession and status2', () => {
  it('leaves status2 off after a cancellation while the server still reports the subscriber (product §4)', () => {
    const storage = new FakeStorage();
    writeSession(storage, user);
    writeSubscriptionFlags(storage, { status: true, status2: false });
    writeSession(storage, user);
    expect(storage.getItem(storageKeys.status)).toBe('true');
    expect(storage.getItem(storageKeys.status2)).toBe('false');
  });

  it('resets status2 with status when the subscription ends or starts', () => {
    const storage = new FakeStorage();
    writeSession(storage, user);
    writeSubscriptionFlags(storage, { status: true, status2: false });
    writeSession(storage, { ...user, status: false });
    expect(storage.getItem(storageKeys.status2)).toBe('false');
    writeSession(storage, user);
    expect(storage.getItem(storageKeys.status)).toBe('true');
    expect(storage.getItem(storageKeys.status2)).toBe('true');
  });
});

describe('writeSubscriptionFlags', () => {
  it('writes status and status2 as strings and the stored session status with them', () => {
    const storage = new FakeStorage();
    writeSession(storage, { ...user, status: false });
    writeSubscriptionFlags(storage, { status: true, status2: true });
    expect(storage.getItem(storageKeys.status)).toBe('true');
    expect(storage.getItem(storageKeys.status2)).toBe('true');
    expect(parseStoredSession(storage.getItem(storageKeys.userSession))).toMatchObject({ email: 'dana@example.com', status: true });
  });

  it('turns the flags off', () => {
    const storage = new FakeStorage();
    writeSession(storage, user);
    writeSubscriptionFlags(storage, { status: false, status2: false });
    expect(storage.getItem(storageKeys.status)).toBe('false');
    expect(storage.getItem(storageKeys.status2)).toBe('false');
    expect(parseStoredSession(storage.getItem(storageKeys.userSession))?.status).toBe(false);
  });

  it('writes no session when none is stored', () => {
    const storage = new FakeStorage();
    writeSubscriptionFlags(storage, { status: true, status2: true });
    expect(storage.getItem(storageKeys.userSession)).toBeNull();
    expect(storage.getItem(storageKeys.status)).toBe('true');
  });
});

describe('clearAppStorage', () => {
  it("removes every one of the app's keys and nothing else", () => {
    const storage = new FakeStorage();
    writeSession(storage, user);
    storage.setItem(storageKeys.activeSection, 'settings');
    storage.setItem(storageKeys.avatarUrl, '/media/a.png');
    storage.setItem('another-app', 'kept');
    clearAppStorage(storage);
    expect([...storage.items.keys()]).toEqual(['another-app']);
  });
});

describe('parseStoredSession', () => {
  it('reads back what writeSession wrote', () => {
    const storage = new FakeStorage();
    writeSession(storage, user);
    expect(parseStoredSession(storage.getItem(storageKeys.userSession))?.email).toBe('dana@example.com');
  });

  it('treats missing, malformed or incomplete values as no session', () => {
    expect(parseStoredSession(null)).toBeNull();
    expect(parseStoredSession('{not json')).toBeNull();
    expect(parseStoredSession(JSON.stringify({ email: 'dana@example.com' }))).toBeNull();
  });
});

describe('parseDashboardSection', () => {
  it('accepts the five sections and defaults to catalog', () => {
    expect(parseDashboardSection('configuration')).toBe('configuration');
    expect(parseDashboardSection('user-guide')).toBe('user-guide');
    expect(parseDashboardSection('bogus')).toBe('catalog');
    expect(parseDashboardSection(null)).toBe('catalog');
  });
});
