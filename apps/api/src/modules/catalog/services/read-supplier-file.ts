import { centsToDecimal, parseDollars } from '@tradelist/pricing/money';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../../errors.ts';
import type { NewProduct } from '../repositories/products.ts';
import { checkWorkbookLimits } from './workbook-limits.ts';

// Reading and checking a supplier file, with no database and no I/O: it runs on a worker thread
// (check-supplier-file.ts), so a large file never holds up the server's other requests.

/** The columns a supplier file must have (header names are matched case-insensitively). */
export const REQUIRED_COLUMNS = ['sku', 'name', 'description', 'unit', 'group', 'cost'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | 'manufacturer_part_number' | 'upc';

// Optional columns we keep when present; every other column is ignored.
const COLUMN_ALIASES: Record<string, Column> = {
  sku: 'sku',
  name: 'name',
  description: 'description',
  unit: 'unit',
  group: 'group',
  cost: 'cost',
  'manufacturer part number': 'manufacturer_part_number',
  mpn: 'manufacturer_part_number',
  upc: 'upc',
};

/** Length bounds of the stored texts (a sanity limit, well above any real supplier's). */
const MAX_LENGTH: Record<Exclude<Column, 'cost'>, number> = {
  sku: 64,
  name: 200,
  description: 1000,
  unit: 16,
  group: 100,
  manufacturer_part_number: 64,
  upc: 32,
};
const MAX_COST_CENTS = 100_000_000; // $1,000,000.00
export const MAX_ROWS = 250_000;
const EXAMPLES = 5;

/** A problem with the file: `row` is its row number (the header is row 1), null for the whole file. */
export interface RowProblem {
  row: number | null;
  message: string;
}

export interface ItemSummary {
  sku: string;
  name: string;
  costCents: number;
}

export interface PriceChange {
  sku: string;
  name: string;
  oldCents: number;
  newCents: number;
}

/** What changed against the previous edition of the same category. */
export interface EditionComparison {
  previous: { code: string; name: string; rundate: string } | null;
  added: number;
  removed: number;
  priceUp: number;
  priceDown: number;
  unchanged: number;
  examples: { added: ItemSummary[]; removed: ItemSummary[]; priceUp: PriceChange[]; priceDown: PriceChange[] };
}

/** A product of the previous edition, as the comparison needs it. */
export interface PreviousPrice {
  sku: string;
  name: string;
  cost_cents: number;
}

/**
 * A supplier file checked against the previous edition's prices: every problem with its row
 * number, or the rows to store and what changes.
 */
export type SupplierFileCheck = { status: 'rejected'; problems: RowProblem[] } | { status: 'checked'; items: StoredItem[]; comparison: EditionComparison };

/**
 * Reads, validates and compares a supplier file: everything about it that needs no database. The
 * previous prices may still be arriving while the file is read.
 */
export async function checkSupplierFile(
  fileName: string,
  content: Uint8Array,
  previous: PromiseLike<readonly PreviousPrice[] | null> | readonly PreviousPrice[] | null,
): Promise<SupplierFileCheck> {
  const table = await readTable(fileName, content);
  if ('problem' in table) return { status: 'rejected', problems: [{ row: null, message: table.problem }] };
  const { items, problems } = validateRows(table.rows);
  if (problems.length > 0) return { status: 'rejected', problems };
  return { status: 'checked', items, comparison: compare(items, await previous) };
}

// ---------------------------------------------------------------------------------------------
// Reading the file

interface TableRow {
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

// ---------------------------------------------------------------------------------------------
// Validating the rows

export type StoredItem = Omit<NewProduct, 'collection_id'>;

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function headerKey(text: string): string {
  return normalise(text.replace(/^\uFEFF/, '')).toLowerCase().replace(/[_-]+/g, ' ');
}

/** Every row checked (product §10.13): the items to store, or every problem with its row number. */
function validateRows(rows: TableRow[]): { items: StoredItem[]; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const dataRows = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  const header = dataRows.shift();
  if (!header) return { items: [], problems: [{ row: null, message: 'The file has no header row.' }] };

  const columns = new Map<Column, number>();
  header.cells.forEach((cell, index) => {
    const column = COLUMN_ALIASES[headerKey(cell)];
    if (!column) return;
    if (columns.has(column)) problems.push({ row: header.number, message: `The column "${column}" appears twice.` });
    else columns.set(column, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.has(column));
  if (missing.length > 0) {
    problems.push({
      row: header.number,
      message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (the header row needs ${REQUIRED_COLUMNS.join(', ')}).`,
    });
  }
  if (dataRows.length === 0) problems.push({ row: null, message: 'The file has no item rows below the header.' });
  if (dataRows.length > MAX_ROWS) {
    return { items: [], problems: [...problems, { row: null, message: `The file has ${dataRows.length} item rows; at most ${MAX_ROWS} are allowed.` }] };
  }

  const items: StoredItem[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const row of dataRows) {
    const rowProblems: string[] = [];
    const text = (column: Exclude<Column, 'cost'>, required: boolean): string => {
      const index = columns.get(column);
      if (index === undefined) return '';
      const value = normalise(row.cells[index] ?? '');
      if (required && value === '') rowProblems.push(`${column} is empty.`);
      else if (value.length > MAX_LENGTH[column]) rowProblems.push(`${column} is longer than ${MAX_LENGTH[column]} characters.`);
      // eslint-disable-next-line no-control-regex
      else if (/[\u0000-\u001f\u007f]/.test(value)) rowProblems.push(`${column} contains a control character.`);
      return value;
    };
    const sku = text('sku', true);
    const name = text('name', true);
    const description = text('description', false);
    const unit = text('unit', true);
    const group = text('group', true);
    const partNumber = text('manufacturer_part_number', false);
    const upc = text('upc', false);
    const costCents = readCost(columns.has('cost') ? normalise(row.cells[columns.get('cost')!] ?? '') : null, rowProblems);

    if (sku !== '') {
      const first = firstRowOfSku.get(sku);
      if (first !== undefined) rowProblems.push(`SKU "${sku}" repeats row ${first}.`);
      else firstRowOfSku.set(sku, row.number);
    }
    for (const message of rowProblems) problems.push({ row: row.number, message });
    if (rowProblems.length === 0 && costCents !== null) {
      items.push({
        sku,
        name,
        description,
        unit,
        group_name: group,
        cost_cents: costCents,
        manufacturer_part_number: partNumber || null,
        upc: upc || null,
      });
    }
  }
  return { items, problems };
}

/** The cost in cents, or null with the reason added to `problems` (null text: no cost column). */
function readCost(text: string | null, problems: string[]): number | null {
  if (text === null) return null;
  if (text === '') {
    problems.push('cost is empty.');
    return null;
  }
  const cents = parseDollars(text);
  if (cents !== null) {
    if (cents > MAX_COST_CENTS) {
      problems.push(`cost "${text}" is above $1,000,000.00.`);
      return null;
    }
    return cents;
  }
  if (/^\s*(-|\(|\$\s*-)/.test(text)) problems.push(`cost "${text}" is negative.`);
  else if (/^\$?[\d,]*\.\d{3,}$/.test(text)) problems.push(`cost "${text}" has more than two decimals.`);
  else problems.push(`cost "${text}" is not an amount in dollars such as 12.34.`);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Comparing with the previous edition

/** What changes against the previous edition's prices (null: there is none), with the largest changes as examples. */
function compare(items: StoredItem[], previous: readonly PreviousPrice[] | null): EditionComparison {
  const comparison: EditionComparison = {
    previous: null,
    added: 0,
    removed: 0,
    priceUp: 0,
    priceDown: 0,
    unchanged: 0,
    examples: { added: [], removed: [], priceUp: [], priceDown: [] },
  };
  if (!previous) return comparison;
  const before = new Map(previous.map((product) => [product.sku, product]));
  const seen = new Set<string>();
  const up: PriceChange[] = [];
  const down: PriceChange[] = [];
  for (const item of items) {
    seen.add(item.sku);
    const old = before.get(item.sku);
    if (!old) {
      comparison.added++;
      if (comparison.examples.added.length < EXAMPLES) comparison.examples.added.push({ sku: item.sku, name: item.name, costCents: item.cost_cents });
    } else if (item.cost_cents > old.cost_cents) {
      up.push({ sku: item.sku, name: item.name, oldCents: old.cost_cents, newCents: item.cost_cents });
    } else if (item.cost_cents < old.cost_cents) {
      down.push({ sku: item.sku, name: item.name, oldCents: old.cost_cents, newCents: item.cost_cents });
    } else {
      comparison.unchanged++;
    }
  }
  for (const product of previous) {
    if (seen.has(product.sku)) continue;
    comparison.removed++;
    if (comparison.examples.removed.length < EXAMPLES) comparison.examples.removed.push({ sku: product.sku, name: product.name, costCents: product.cost_cents });
  }
  // The largest relative changes are the ones an operator wants to double-check.
  const relative = (change: PriceChange) => Math.abs(change.newCents - change.oldCents) / Math.max(1, change.oldCents);
  comparison.priceUp = up.length;
  comparison.priceDown = down.length;
  comparison.examples.priceUp = up.sort((a, b) => relative(b) - relative(a)).slice(0, EXAMPLES);
  comparison.examples.priceDown = down.sort((a, b) => relative(b) - relative(a)).slice(0, EXAMPLES);
  return comparison;
}
