import { describe, expect, it } from 'vitest';
import { settingsTabFrom } from './settings-tabs';

describe('settingsTabFrom', () => {
  it.each([
    ['connections', 'connections'],
    ['profile', 'profile'],
    [null, 'general'],
    ['', 'general'],
    ['Connections', 'general'],
    ['constructor', 'general'],
  ] as const)('%j opens %s', (value, tab) => {
    expect(settingsTabFrom(value)).toBe(tab);
  });
});
