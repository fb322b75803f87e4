import { deflateRawSync, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { deflatedSpaces, zip } from '../../../../test/support/zip-archives.ts';
import { AppError } from '../../../errors.ts';
import { readTable } from './read-supplier-table.ts';
import { checkWorkbookLimits, WORKBOOK_MAX_ENTRIES, WORKBOOK_MAX_UNPACKED_BYTES, workbookTooLargeMessage, workbookTooManyPartsMessage } from './workbook-limits.ts';

const bombSize = WORKBOOK_MAX_UNPACKED_BYTES / (1024 * 1024) + 64;

async function realWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Items');
  sheet.addRow(['sku', 'name', 'description', 'unit', 'group', 'cost']);
  sheet.addRow(['W-1', 'Wire', 'Copper wire', 'ft', 'Wire', 1.25]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the unpacking limits of an .xlsx (issue 17 §9)', () => {
  test('the bombs are built right: their blocks unpack to that many megabytes', () => {
    const data = deflatedSpaces(3);
    expect(data.length).toBeLessThan(20_000);
    expect(inflateRawSync(data).equals(Buffer.alloc(3 * 1024 * 1024, ' '))).toBe(true);
  });

  test('a real workbook passes', async () => {
    expect(checkWorkbookLimits(await realWorkbook())).toBeNull();
  });

  test('a sheet whose declared size is over the limit is refused before anything is inflated', () => {
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data: deflatedSpaces(bombSize), declaredSize: bombSize * 1024 * 1024 }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(checkWorkbookLimits(bomb)).toBe(workbookTooLargeMessage);
  });

  test('a central directory that lies about the sizes: inflation stops once the real bytes pass the limit', () => {
    const liar = zip([
      { name: '[Content_Types].xml', data: deflateRawSync(Buffer.from('<Types/>')), declaredSize: 8 },
      { name: 'xl/worksheets/sheet1.xml', data: deflatedSpaces(bombSize), declaredSize: 1000 },
    ]);
    expect(checkWorkbookLimits(liar)).toBe(workbookTooLargeMessage);
  });

  test('the limit counts every entry together, stored ones too', () => {
    const half = WORKBOOK_MAX_UNPACKED_BYTES / (1024 * 1024) / 2 + 1;
    const parts = zip([
      { name: 'a.xml', data: deflatedSpaces(half), declaredSize: 10 },
      { name: 'b.xml', data: deflatedSpaces(half), declaredSize: 10 },
    ]);
    expect(checkWorkbookLimits(parts)).toBe(workbookTooLargeMessage);
    const stored = zip([{ name: 'a.xml', data: Buffer.alloc(16, ' '), method: 0, declaredSize: 16 }]);
    expect(checkWorkbookLimits(stored)).toBeNull();
  });

  test('more entries than the limit are refused from the directory alone', () => {
    const tiny = deflateRawSync(Buffer.from('x'));
    const many = zip(Array.from({ length: WORKBOOK_MAX_ENTRIES + 1 }, (_, index) => ({ name: `xl/part${index}.xml`, data: tiny, declaredSize: 1 })));
    expect(checkWorkbookLimits(many)).toBe(workbookTooManyPartsMessage);
    const allowed = zip(Array.from({ length: WORKBOOK_MAX_ENTRIES }, (_, index) => ({ name: `xl/part${index}.xml`, data: tiny, declaredSize: 1 })));
    expect(checkWorkbookLimits(allowed)).toBeNull();
  });

  test('reading a supplier file refuses a bomb with a 413 that names the limit, before exceljs parses it', async () => {
    const liar = zip([{ name: 'xl/worksheets/sheet1.xml', data: deflatedSpaces(bombSize), declaredSize: 1000 }]);
    const refusal = await readTable('list.xlsx', liar).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413, message: 'The workbook unpacks to more than 256 MB; the limit is 256 MB.' });
  });

  test('a file that is not a zip is left to the workbook reader', async () => {
    expect(checkWorkbookLimits(Buffer.from('PK\u0003\u0004 not really a zip'))).toBeNull();
    expect(await readTable('list.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'))).toEqual({ problem: 'The file could not be read as an .xlsx workbook.' });
  });
});
