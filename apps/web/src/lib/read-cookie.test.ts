import { describe, expect, it } from 'vitest';
import { readCookie } from './read-cookie';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('sid=abc; XSRF-TOKEN=t%2Bk%3D; theme=light', 'XSRF-TOKEN')).toBe('t+k=');
  });

  it('does not match on a name suffix and returns null when absent', () => {
    expect(readCookie('OLD-XSRF-TOKEN=x', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('', 'XSRF-TOKEN')).toBeNull();
  });

  it('keeps a value that is not valid percent-encoding', () => {
    expect(readCookie('XSRF-TOKEN=100%', 'XSRF-TOKEN')).toBe('100%');
  });
});
