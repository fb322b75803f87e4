import { describe, expect, test } from 'vitest';
import { hmac, randomToken, safeEqual, sha256 } from './secrets.ts';

describe('randomToken', () => {
  test('32 bytes by default: 43 base64url characters', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  test('10,000 tokens are all different', () => {
    const tokens = new Set(Array.from({ length: 10_000 }, () => randomToken()));
    expect(tokens.size).toBe(10_000);
  });
});

describe('safeEqual', () => {
  test('equal strings only', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('abcd', 'abc')).toBe(false);
    expect(safeEqual('', 'a')).toBe(false);
    expect(safeEqual('é', 'e')).toBe(false);
  });
});

describe('sha256 and hmac', () => {
  test('known values', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hmac('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      Buffer.from('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8', 'hex').toString('base64url'),
    );
  });
});
