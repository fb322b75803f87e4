import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition, FILE_NAME_MAX, safeFileName } from './file-names.ts';

describe('safeFileName', () => {
  it.each([
    [null, 'csv', 'products.csv', 'products.csv'],
    [undefined, 'xlsx', 'products.xlsx', 'products.xlsx'],
    ['', 'csv', 'products.csv', 'products.csv'],
    ['   ', 'csv', 'products.csv', 'products.csv'],
    ['Electrical November 2026', 'csv', 'Electrical November 2026.csv', 'Electrical November 2026.csv'],
    ['Wire & Conduit Demo', 'xlsx', 'Wire & Conduit Demo.xlsx', 'Wire & Conduit Demo.xlsx'],
    ['say "hi"', 'csv', 'say hi.csv', 'say hi.csv'],
    ['evil\r\nSet-Cookie: x=y', 'csv', 'evil Set-Cookie x=y.csv', 'evil Set-Cookie x=y.csv'],
    ['a;b', 'csv', 'a b.csv', 'a b.csv'],
    ['../../etc/passwd', 'csv', 'etc passwd.csv', 'etc passwd.csv'],
    ['..\\..\\windows\\system32', 'csv', 'windows system32.csv', 'windows system32.csv'],
    ['..', 'csv', 'products.csv', 'products.csv'],
    ['.hidden', 'csv', 'hidden.csv', 'hidden.csv'],
    ['report.', 'csv', 'report.csv', 'report.csv'],
    ['CON', 'csv', 'CON_.csv', 'CON_.csv'],
    ['tabs\tand\u0000nul\u007fdel', 'csv', 'tabs and nul del.csv', 'tabs and nul del.csv'],
    ['Électricité 2026', 'csv', 'Electricite 2026.csv', 'Électricité 2026.csv'],
    ['電気 2026', 'csv', '2026.csv', '電気 2026.csv'],
    ['電気', 'xlsx', 'products.xlsx', '電気.xlsx'],
    ['100% copper', 'csv', '100 copper.csv', '100% copper.csv'],
    ['right\u202Eexe.csv', 'csv', 'right exe.csv.csv', 'right exe.csv.csv'],
    ['lone \ud800 surrogate', 'csv', 'lone surrogate.csv', 'lone surrogate.csv'],
    ['\u2100 split', 'csv', 'a c split.csv', '\u2100 split.csv'],
    ['wide\uff0fslash\uff1a', 'csv', 'wide slash.csv', 'wide\uff0fslash\uff1a.csv'],
  ] as const)('%j as .%s → %j / %j', (name, extension, ascii, utf8) => {
    expect(safeFileName(name, extension)).toEqual({ ascii, utf8 });
  });

  it('keeps very long names within 150 characters, extension included', () => {
    const long = safeFileName('x'.repeat(500), 'xlsx');
    expect(long.ascii).toBe(`${'x'.repeat(FILE_NAME_MAX - 5)}.xlsx`);
    expect(long.utf8).toBe(long.ascii);
    const wide = safeFileName('電'.repeat(200), 'csv');
    expect(Array.from(wide.utf8).length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(new TextEncoder().encode(wide.utf8).length).toBeLessThanOrEqual(240);
    expect(wide.utf8.endsWith('.csv')).toBe(true);
    const emoji = safeFileName('😀'.repeat(100), 'csv');
    expect(emoji.utf8).toMatch(/^(😀)+\.csv$/u);
  });

  it('never lets a dangerous character through, for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: fc.constantFrom('.', '/', '\\', '"', ';', '\r', '\n', 'a', ' ', 'é', '😀'), maxLength: 40 })), (name) => {
        const { ascii, utf8 } = safeFileName(name, 'csv');
        for (const result of [ascii, utf8]) {
          // eslint-disable-next-line no-control-regex -- matching control characters is the point
          expect(result).not.toMatch(/["\\/;:*?<>|\u0000-\u001f\u007f-\u009f]/);
          expect(result).not.toMatch(/^[.\s]/);
          expect(result.endsWith('.csv')).toBe(true);
          expect(Array.from(result).length).toBeLessThanOrEqual(FILE_NAME_MAX);
          expect(() => encodeURIComponent(result)).not.toThrow();
        }
        expect(ascii).toMatch(/^[\x20-\x7e]+$/);
        expect(ascii).not.toMatch(/[%'`]/);
      }),
      { numRuns: 300 },
    );
  });
});

describe('contentDisposition', () => {
  it.each([
    [null, 'csv', `attachment; filename="products.csv"; filename*=UTF-8''products.csv`],
    ['Electrical Nov', 'csv', `attachment; filename="Electrical Nov.csv"; filename*=UTF-8''Electrical%20Nov.csv`],
    ['Électricité (2026)', 'xlsx', `attachment; filename="Electricite (2026).xlsx"; filename*=UTF-8''%C3%89lectricit%C3%A9%20%282026%29.xlsx`],
    ['say "hi"; evil\r\n', 'csv', `attachment; filename="say hi evil.csv"; filename*=UTF-8''say%20hi%20evil.csv`],
    ["it's", 'csv', `attachment; filename="it s.csv"; filename*=UTF-8''it%27s.csv`],
  ] as const)('%j → %s', (name, extension, header) => {
    expect(contentDisposition(name, extension)).toBe(header);
  });

  it('is always a single header line with only RFC 8187 attr-chars in filename*', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (name) => {
        const header = contentDisposition(name, 'xlsx');
        expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
        const encoded = header.slice(header.indexOf("UTF-8''") + 7);
        expect(decodeURIComponent(encoded)).toBe(safeFileName(name, 'xlsx').utf8);
      }),
      { numRuns: 300 },
    );
  });
});
