import { centsToDecimal } from '@tradelist/pricing/money';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../../errors.ts';
import { checkWorkbookLimits } from './workbook-limits.ts';

// Reading a supplier file into rows of text cells, with no database and no I/O (it runs on the
// worker thread of check-supplier-file.ts).

export interface TableRow {
  /** The row number as a spreadsheet shows it (the header is normally 1). */
  number: number;
  cells: string[];
}

function isXlsx(fileName: string, content: Uint8Array): boolean {
  // Every .xlsx is a zip archive: it starts with "PK\x03\x04".
  const zip = content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04;
  return zip || /\.xlsx$/i.test(fileName);
}

/**
 * The file's rows as text cells: a CSV (UTF-8, comma, semicolon or tab separated) or the first
 * sheet of an .xlsx; a workbook that unpacks to too much is refused before it is parsed (413).
 */
export async function readTable(fileName: string, content: Uint8Array): Promise<{ rows: TableRow[] } | { problem: string }> {
  if (content.length === 0) return { problem: 'The file is empty.' };
  if (/\.xls$/i.test(fileName) || (content[0] === 0xd0 && content[1] === 0xcf)) {
    return { problem: 'Old .xls workbooks are not supported: save the file as .xlsx or CSV UTF-8.' };
  }
  return isXlsx(fileName, content) ? readXlsx(content) : readCsv(content);
}

function readCsv(content: Uint8Array): { rows: TableRow[] } | { problem: string } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return { problem: 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)".' };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  try {
    const records = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: false }) as string[][];
    return { rows: records.map((cells, index) => ({ number: index + 1, cells })) };
  } catch (error) {
    return { problem: `The file could not be read as CSV: ${error instanceof Error ? error.message : String(error)}` };
  }
}

async function readXlsx(content: Uint8Array): Promise<{ rows: TableRow[] } | { problem: string }> {
  const tooLarge = checkWorkbookLimits(content);
  if (tooLarge) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer: hand it exactly the file's bytes.
    await workbook.xlsx.load(content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer);
  } catch {
    return { problem: 'The file could not be read as an .xlsx workbook.' };
  }
  const sheet = workbook.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) return { problem: 'The workbook has no rows.' };
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellText(row.getCell(column).value));
    rows.push({ number, cells });
  });
  return { rows };
}

/** An .xlsx cell as the text a CSV would hold (numbers exact to the cent, formulas by their result). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    // A cost typed as 12.34 is stored as the nearest double; give it back with two decimals.
    const hundredths = value * 100;
    return Math.abs(hundredths - Math.round(hundredths)) < 1e-6 && Number.isSafeInteger(Math.round(hundredths))
      ? centsToDecimal(Math.round(hundredths))
      : String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('hyperlink' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

