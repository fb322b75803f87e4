import { describe, expect, it } from 'vitest';
import {
  classifyDownloadResponse,
  defaultFileName,
  errorMessagesFromJson,
  fileNameFromContentDisposition,
} from './download-response';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('classifyDownloadResponse', () => {
  it('recognises the two file types, with or without parameters', () => {
    expect(classifyDownloadResponse('text/csv; charset=utf-8', 10)).toEqual({ kind: 'file', format: 'csv' });
    expect(classifyDownloadResponse('Text/CSV', 10)).toEqual({ kind: 'file', format: 'csv' });
    expect(classifyDownloadResponse(xlsxType, 10)).toEqual({ kind: 'file', format: 'xlsx' });
  });

  it('reads JSON bodies as errors', () => {
    expect(classifyDownloadResponse('application/json; charset=utf-8', 10)).toEqual({ kind: 'json' });
    expect(classifyDownloadResponse('application/problem+json', 10)).toEqual({ kind: 'json' });
  });

  it('treats no body as empty whatever the type (product §8: Not Subscribed)', () => {
    expect(classifyDownloadResponse(null, 0)).toEqual({ kind: 'empty' });
    expect(classifyDownloadResponse('text/csv', 0)).toEqual({ kind: 'empty' });
  });

  it('calls anything else unknown', () => {
    expect(classifyDownloadResponse('text/html', 10)).toEqual({ kind: 'unknown' });
    expect(classifyDownloadResponse(null, 10)).toEqual({ kind: 'unknown' });
    expect(classifyDownloadResponse('text/csvx', 10)).toEqual({ kind: 'unknown' });
  });
});

describe('fileNameFromContentDisposition', () => {
  it('reads a quoted or bare filename', () => {
    expect(fileNameFromContentDisposition('attachment; filename="Electrical November 2026.csv"')).toBe(
      'Electrical November 2026.csv',
    );
    expect(fileNameFromContentDisposition('attachment; filename=products.csv')).toBe('products.csv');
    expect(fileNameFromContentDisposition('attachment;filename="a \\"b\\".csv"')).toBe('a "b".csv');
  });

  it('prefers filename* (RFC 8187, UTF-8) over filename', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="Wire _ Conduit.csv"; filename*=UTF-8''Wire%20%26%20Conduit%20%E2%80%93%20Demo.csv`,
      ),
    ).toBe('Wire & Conduit – Demo.csv');
    expect(fileNameFromContentDisposition(`attachment; FILENAME*=utf-8'en'list.xlsx; filename="other.xlsx"`)).toBe(
      'list.xlsx',
    );
  });

  it('falls back to filename when filename* is unusable', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=ISO-8859-1''caf%E9.csv; filename="cafe.csv"`)).toBe(
      'cafe.csv',
    );
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E2%28; filename="broken.csv"`)).toBe(
      'broken.csv',
    );
  });

  it('never returns a path', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('_.._etc_passwd');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''..%2F..%5Cx.csv`)).toBe('_.._x.csv');
  });

  it('gives null when no name is there', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
  });

  it('has product §9 defaults', () => {
    expect(defaultFileName('csv')).toBe('products.csv');
    expect(defaultFileName('xlsx')).toBe('products.xlsx');
  });
});

describe('errorMessagesFromJson', () => {
  it('gives each field message with the field\'s label (never its wire name), else the contract error text', () => {
    expect(
      errorMessagesFromJson(
        JSON.stringify({
          code: 'VALIDATION_FAILED',
          error: 'collection_id: A valid collection id is required.',
          fields: { collection_id: ['A valid collection id is required.'], format: ['Invalid option'] },
        }),
      ),
    ).toEqual(['Price list: A valid collection id is required.', 'File format: Invalid option']);
    expect(errorMessagesFromJson(JSON.stringify({ code: 'NOT_SUBSCRIBED', error: 'Not Subscribed' }))).toEqual([
      'Not Subscribed',
    ]);
  });

  it('gives the string entries of any other object', () => {
    expect(errorMessagesFromJson(JSON.stringify({ detail: 'Nope', errors: ['a', 2, 'b'], n: 1 }))).toEqual([
      'Nope',
      'a',
      'b',
    ]);
  });

  it('is null when the body cannot be read as messages', () => {
    expect(errorMessagesFromJson('not json')).toBeNull();
    expect(errorMessagesFromJson('')).toBeNull();
    expect(errorMessagesFromJson('42')).toBeNull();
    expect(errorMessagesFromJson('{}')).toBeNull();
  });
});
