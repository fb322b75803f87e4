import type { SessionUser } from '@tradelist/contract/accounts';
import { storageKeys } from '@tradelist/contract/local-storage';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAppStorage,
  parseDashboardSection,
  parseStoredSession,
  writeSession,
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
