import { describe, expect, test } from 'vitest';
import { isCurrentPath } from './app-link';

describe("the navigation bar's current link", () => {
  test('a link is current on its page, and on its sub-pages unless it asks for an exact match', () => {
    expect(isCurrentPath('/faq', '/faq')).toBe(true);
    expect(isCurrentPath('/dashboard/settings', '/dashboard')).toBe(true);
    expect(isCurrentPath('/dashboard/settings', '/dashboard', true)).toBe(false);
    expect(isCurrentPath('/faq', '/', true)).toBe(false);
    expect(isCurrentPath('/', '/', true)).toBe(true);
    // Home is never the parent of every page.
    expect(isCurrentPath('/faq', '/')).toBe(false);
    expect(isCurrentPath('/', '/#pricing')).toBe(true);
  });
});
