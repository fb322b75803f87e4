import { describe, expect, it } from 'vitest';
import { getStartedPath } from './use-get-started-path';

describe('getStartedPath', () => {
  it('sends visitors with a stored email to the subscriptions screen, others to sign-up', () => {
    expect(getStartedPath('dana@example.com')).toBe('/dashboard/subscriptions');
    expect(getStartedPath(null)).toBe('/register');
    expect(getStartedPath('')).toBe('/register');
  });
});
