import { describe, expect, test } from 'vitest';
import { pageEncoding } from './web-app.ts';

describe('the encoding of a rendered page', () => {
  test('Brotli when accepted, else gzip, else none; q=0 refuses', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pageEncoding('GZIP')).toBe('gzip');
    expect(pageEncoding('identity')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
    expect(pageEncoding('br;q=0.0, gzip;q=0')).toBeUndefined();
  });
});
