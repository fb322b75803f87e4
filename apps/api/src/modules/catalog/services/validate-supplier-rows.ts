import { parseDollars } from '@tradelist/pricing/money';
import type { NewProduct } from '../repositories/products.ts';
import type { TableRow } from './read-supplier-table.ts';

// Checking a supplier file's rows (product §10.13): the items to store, or every problem with
// its row number, worded for the operator who fixes the file.

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

/** A problem with the file: `row` is its row number (the header is row 1), null for the whole file. */
export interface RowProblem {
  row: number | null;
  message: string;
}

export type StoredItem = Omit<NewProduct, 'collection_id'>;

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function headerKey(text: string): string {
  return normalise(text.replace(/^\uFEFF/, '')).toLowerCase().replace(/[_-]+/g, ' ');
}

/** Where each known column is, from the header row; a repeated or missing column is a problem of that row. */
function readHeader(header: TableRow, problems: RowProblem[]): Map<Column, number> {
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
  return columns;
}

/**
 * One item row: the item to store, or null with the row's problems added to `rowProblems`.
 * `firstRowOfSku` remembers where each SKU was first seen, so a repeat names that row.
 */
function readItemRow(row: TableRow, columns: Map<Column, number>, firstRowOfSku: Map<string, number>, rowProblems: string[]): StoredItem | null {
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
  if (rowProblems.length > 0 || costCents === null) return null;
  return { sku, name, description, unit, group_name: group, cost_cents: costCents, manufacturer_part_number: partNumber || null, upc: upc || null };
}

/** Every row checked (product §10.13): the items to store, or every problem with its row number. */
export function validateRows(rows: TableRow[]): { items: StoredItem[]; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const dataRows = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  const header = dataRows.shift();
  if (!header) return { items: [], problems: [{ row: null, message: 'The file has no header row.' }] };
  const columns = readHeader(header, problems);
  if (dataRows.length === 0) problems.push({ row: null, message: 'The file has no item rows below the header.' });
  if (dataRows.length > MAX_ROWS) {
    return { items: [], problems: [...problems, { row: null, message: `The file has ${dataRows.length} item rows; at most ${MAX_ROWS} are allowed.` }] };
  }

  const items: StoredItem[] = [];
  const firstRowOfSku = new Map<string, number>();
  for (const row of dataRows) {
    const rowProblems: string[] = [];
    const item = readItemRow(row, columns, firstRowOfSku, rowProblems);
    for (const message of rowProblems) problems.push({ row: row.number, message });
    if (item) items.push(item);
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

