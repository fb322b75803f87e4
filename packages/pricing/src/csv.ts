/**
 * CSV writer (RFC 4180; product §10.2: UTF-8 with a BOM so Excel opens it). Runs in Node and in
 * the browser. Output comes as ~64 KiB strings so the HTTP layer can stream with backpressure
 * and memory stays flat however many rows there are (docs/benchmarks.md). In Node:
 * `reply.send(Readable.from(csvChunks(columns, rows), { objectMode: false }))`.
 */
import type { Cell, Column, ColumnKind } from './layouts.ts';
import { centsToDecimal, formatPercent } from './money.ts';
import { createPacer, rowBatches } from './pacing.ts';

export interface CsvOptions {
  /** Yield a string once it reaches about this many UTF-16 units (default 64 KiB). */
  chunkSize?: number;
}

const BYTE_ORDER_MARK = '\uFEFF';
/** The end of every record. */
export const LINE_END = '\r\n';
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Text that starts with = + - @ tab CR or NUL is a formula to a spreadsheet, and RFC 4180
 * quoting alone does not stop it (product §11.12; ASVS 5.0 1.2.10): such a cell gets a
 * leading "'". Applies to text cells only; numbers are never prefixed.
 */
export function isFormulaTrigger(text: string): boolean {
  switch (text.charCodeAt(0)) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x09: // tab
    case 0x0d: // CR
    case 0x00: // NUL
      return true;
    default:
      return false;
  }
}

/** One text field: formula-neutralised, then quoted (quotes doubled) only if it holds `"` `,` CR or LF. */
export function csvTextField(text: string): string {
  const value = isFormulaTrigger(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function numberField(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`A CSV number must be finite, got ${value}`);
  return String(value);
}

/** How a column's cells become fields: money from cents ("12.34"), percent from basis points ("12.5"). */
export function fieldWriter(kind: ColumnKind): (cell: Cell) => string {
  switch (kind) {
    case 'money':
      return (cell) => (typeof cell === 'number' ? centsToDecimal(cell) : csvTextField(cell));
    case 'percent':
      return (cell) => (typeof cell === 'number' ? formatPercent(cell) : csvTextField(cell));
    case 'text':
      return (cell) => (typeof cell === 'number' ? numberField(cell) : csvTextField(cell));
  }
}

/** The start of the file: the BOM and the header row. */
export function csvHead(columns: readonly Column[]): string {
  return BYTE_ORDER_MARK + columns.map((column) => csvTextField(column.header)).join(',') + LINE_END;
}

/**
 * The CSV file for `columns` and `rows`, as strings of about `chunkSize`: a BOM, the header
 * row, then one CRLF-terminated record per row. Gives the event loop a turn every ~10 ms.
 */
export async function* csvChunks(
  columns: readonly Column[],
  rows: AsyncIterable<readonly Cell[]> | Iterable<readonly Cell[]>,
  options: CsvOptions = {},
): AsyncGenerator<string, void, undefined> {
  if (columns.length === 0) throw new RangeError('A CSV file needs at least one column');
  const chunkSize = options.chunkSize ?? 64 * 1024;
  const writers = columns.map((column) => fieldWriter(column.kind));
  const width = writers.length;
  const pace = createPacer();
  let chunk = csvHead(columns);
  for await (const batch of rowBatches(rows)) {
    for (const row of batch) {
      if (row.length !== width) throw new RangeError(`A row has ${row.length} cells for ${width} columns`);
      let line = writers[0]!(row[0]!);
      for (let index = 1; index < width; index += 1) line += ',' + writers[index]!(row[index]!);
      chunk += line + LINE_END;
      if (chunk.length >= chunkSize) {
        yield chunk;
        chunk = '';
        await pace();
      }
    }
  }
  if (chunk !== '') yield chunk;
}
