import { describe, expect, it } from 'vitest';
import { parseCategoryId } from './category-id';

describe('parseCategoryId', () => {
  it('reads the special ids and positive integers', () => {
    expect(parseCategoryId('ALL')).toBe('ALL');
    expect(parseCategoryId('FREE')).toBe('FREE');
    expect(parseCategoryId('7')).toBe(7);
  });

  it.each([null, undefined, '', 'all', '0', '-1', '1.5', '07', '1e3', '99999999999', '2147483648'])('refuses %s', (raw) => {
    expect(parseCategoryId(raw)).toBeNull();
  });
});
