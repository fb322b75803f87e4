import { describe, expect, test } from 'vitest';
import { byteRange } from './byte-range.ts';

describe('byteRange', () => {
  test('one range, open-ended or a suffix, clamped to the body', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });

  test('no header, several ranges, another unit or nonsense: the whole body', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=abc', 'bytes=9-3']) expect(byteRange(header, 1000), String(header)).toBeNull();
  });

  test('a range past the end is unsatisfiable', () => {
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
