import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path';

const origin = 'https://tradelist.example';

describe('safeReturnPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(safeReturnPath('/collections/3', origin)).toBe('/collections/3');
    expect(safeReturnPath('/dashboard/catalog?category=ALL#top', origin)).toBe('/dashboard/catalog?category=ALL#top');
  });

  it.each([
    null,
    undefined,
    '',
    'collections/3',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' /collections/3',
    '/login',
    '/login?next=/x',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw, origin)).toBeNull();
  });
});

describe('loginPathReturningTo', () => {
  it('encodes the path as the next parameter', () => {
    expect(loginPathReturningTo('/collections/ALL')).toBe('/login?next=%2Fcollections%2FALL');
  });
});
