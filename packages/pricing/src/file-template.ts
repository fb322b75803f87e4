/**
 * A product layout's file written once per edition, without the user's cells (decision 0043),
 * Node only. Most of a price list depends on the edition alone: SKU, name, description, group,
 * unit, cost, part number and UPC, encoded and escaped by the CSV or .xlsx writer. A template
 * holds those bytes, split where the user's cells go (`userColumnsFor`), with each row's cost, SKU
 * and group (what the pricing engine reads). A
 * user's file is then the template's bytes interleaved with the user's cells, formatted by the
 * same cell writers: byte for byte what csv.ts or xlsx.ts writes for the whole rows.
 *
 * Template bytes, a sequence of frames `[u32 length][payload]` (integers little-endian):
 * - the head, as UTF-8 text (CSV: BOM and header row; .xlsx: the sheet XML to its header row);
 * - blocks of up to 1,000 rows: `[u32 rows]`, for each row `[u32 cost low][u32 cost high]`, the
 *   lengths (UTF-8 bytes) of its SKU and its group, and the lengths of its pieces, one piece more
 *   than the user's cells (before the first, between them, after the last); then for each row its
 *   SKU, its group and its pieces' text, UTF-8;
 * - an empty block (0 rows), then the tail, as UTF-8 text (CSV: nothing; .xlsx: the sheet's end);
 * - .xlsx only: the workbook's shared strings (the edition's texts, decision 0053), deflated once
 *   per edition: `[u32 CRC-32][u32 size]` and the raw deflate bytes, copied into every user's file.
 * A user's block is one buffer of the block's size plus the user's cells, filled by copying bytes:
 * no text is encoded per row, and a row's SKU and group are decoded only when the rules have
 * group markups or item overrides.
 */
import { csvChunks, csvHead, fieldWriter, LINE_END } from './csv.ts';
import { columnsFor, createEditionCellBuilder, createRowBuilder, createUserCellBuilder, userColumnsFor, type Cell, type ProductInput, type ProductLayout, type RowOptions } from './layouts.ts';
import type { Cents } from './money.ts';
import type { PricingRules } from './rules.ts';
import { autoFilterRange, cellWriter, columnLetter, SharedStrings, sheetHead, sheetTail, xlsxChunks, xlsxPackage, XLSX_MAX_ROWS, type XlsxOptions } from './xlsx.ts';
import { digitCount, put, putDigits } from './byte-copy.ts';
import { deflatePart, type DeflatedPart } from './zip-stream.ts';

export type TemplateFormat = 'csv' | 'xlsx';

/** The user's side of a file: what fills a template's gaps, and the .xlsx's name and date. */
export interface TemplateUser {
  /** The rules of the profile that prices the file. */
  rules: PricingRules;
  rowOptions: RowOptions;
  /** The worksheet's tab name (.xlsx). */
  sheetName?: string;
  /** The time stamped on the ZIP entries (.xlsx). */
  modifiedAt?: Date;
}

const ROWS_PER_BLOCK = 1_000;
const FRAME_HEADER = 4;
const UINT32 = 4;
const TWO_TO_32 = 2 ** 32;

/** How one format writes a row: its start and end, the separator between cells, and each cell. */
interface RowEncoding {
  head: string;
  open: (ref: string) => string;
  separator: string;
  close: string;
  cell: (index: number, cell: Cell, ref: string) => string;
  tail: (lastRow: number) => string;
}

/** How `format` writes `layout`'s rows; an .xlsx's text cells go to `strings` (the user's texts stay inline). */
function rowEncoding(format: TemplateFormat, layout: ProductLayout, strings: SharedStrings): RowEncoding {
  const columns = columnsFor(layout);
  if (format === 'csv') {
    const writers = columns.map((column) => fieldWriter(column.kind));
    return { head: csvHead(columns), open: () => '', separator: ',', close: LINE_END, cell: (index, cell) => writers[index]!(cell), tail: () => '' };
  }
  const writers = columns.map((column, index) => cellWriter(column, columnLetter(index), strings));
  return {
    head: sheetHead(columns),
    open: (ref) => `<row r="${ref}">`,
    separator: '',
    close: '</row>',
    cell: (index, cell, ref) => writers[index]!(cell, ref),
    tail: (lastRow) => sheetTail(autoFilterRange(columns.length, lastRow)),
  };
}

/** A frame of text. */
function textFrame(text: string): Buffer {
  const bytes = Buffer.byteLength(text);
  const frame = Buffer.allocUnsafe(FRAME_HEADER + bytes);
  frame.writeUInt32LE(bytes, 0);
  frame.write(text, FRAME_HEADER);
  return frame;
}

/** A frame of `rows` rows: `index` (their costs and piece lengths), then their pieces' text. */
function blockFrame(rows: number, index: number[], text: string): Buffer {
  const indexBytes = UINT32 * (1 + index.length);
  const frame = Buffer.allocUnsafe(FRAME_HEADER + indexBytes + Buffer.byteLength(text));
  frame.writeUInt32LE(frame.length - FRAME_HEADER, 0);
  frame.writeUInt32LE(rows, FRAME_HEADER);
  const numbers = new Uint32Array(index);
  Buffer.from(numbers.buffer).copy(frame, FRAME_HEADER + UINT32);
  frame.write(text, FRAME_HEADER + indexBytes);
  return frame;
}

/**
 * The template of an edition's file in `format` and `layout`, as byte chunks, from its products
 * in file order (one template per edition: the QuickBooks names are made unique across it).
 */
export async function* fileTemplateChunks(format: TemplateFormat, layout: ProductLayout, products: AsyncIterable<ProductInput> | Iterable<ProductInput>): AsyncGenerator<Buffer, void, undefined> {
  const strings = new SharedStrings();
  const encoding = rowEncoding(format, layout, strings);
  const editionCells = createEditionCellBuilder(layout);
  const userColumns = new Set(userColumnsFor(layout));
  yield textFrame(encoding.head);
  let rowNumber = 1;
  let rows = 0;
  let index: number[] = [];
  let text = '';
  for await (const product of products) {
    rowNumber += 1;
    if (format === 'xlsx' && rowNumber > XLSX_MAX_ROWS) throw new RangeError(`An xlsx sheet holds at most ${XLSX_MAX_ROWS} rows`);
    const ref = String(rowNumber);
    const cells = editionCells(product);
    const cost = product.costCents;
    index.push(cost % TWO_TO_32, Math.floor(cost / TWO_TO_32), Buffer.byteLength(product.sku), Buffer.byteLength(product.group));
    text += product.sku + product.group;
    let piece = encoding.open(ref);
    for (let column = 0; column < cells.length; column += 1) {
      if (column > 0) piece += encoding.separator;
      if (userColumns.has(column)) {
        index.push(Buffer.byteLength(piece));
        text += piece;
        piece = '';
      } else {
        piece += encoding.cell(column, cells[column]!, ref);
      }
    }
    piece += encoding.close;
    index.push(Buffer.byteLength(piece));
    text += piece;
    rows += 1;
    if (rows === ROWS_PER_BLOCK) {
      yield blockFrame(rows, index, text);
      rows = 0;
      index = [];
      text = '';
    }
  }
  if (rows > 0) yield blockFrame(rows, index, text);
  yield blockFrame(0, [], '');
  yield textFrame(encoding.tail(rowNumber));
  if (format === 'xlsx') yield sharedStringsFrame(await deflatePart(strings.xmlParts()));
}

/** The frame of an .xlsx template's shared strings, deflated. */
function sharedStringsFrame(part: DeflatedPart): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER + 2 * UINT32 + part.compressed.byteLength);
  frame.writeUInt32LE(frame.length - FRAME_HEADER, 0);
  frame.writeUInt32LE(part.crc, FRAME_HEADER);
  frame.writeUInt32LE(part.size, FRAME_HEADER + UINT32);
  frame.set(part.compressed, FRAME_HEADER + 2 * UINT32);
  return frame;
}

/** The shared strings read back from their frame's payload. */
function sharedStringsOf(payload: Buffer): DeflatedPart {
  return { crc: payload.readUInt32LE(0), size: payload.readUInt32LE(UINT32), compressed: payload.subarray(2 * UINT32) };
}

/** The payloads of a template's frames, whole, however its bytes arrive in chunks. */
async function* templateFrames(template: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer, void, undefined> {
  // Bytes not yet making a whole frame, joined only once the frame they start is complete.
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let needed = FRAME_HEADER;
  for await (const chunk of template) {
    pending.push(chunk);
    pendingBytes += chunk.byteLength;
    if (pendingBytes < needed) continue;
    const data = pending.length === 1 ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : Buffer.concat(pending, pendingBytes);
    let at = 0;
    while (at + FRAME_HEADER <= data.length) {
      const end = at + FRAME_HEADER + data.readUInt32LE(at);
      if (end > data.length) break;
      yield data.subarray(at + FRAME_HEADER, end);
      at = end;
    }
    const rest = data.subarray(at);
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
    needed = rest.length >= FRAME_HEADER ? FRAME_HEADER + rest.readUInt32LE(0) : FRAME_HEADER;
  }
  if (pendingBytes > 0) throw new RangeError('A file template ends inside a frame');
}

/**
 * A row reference no cell's XML holds (the XML writer drops control characters): the user's
 * .xlsx cells are written once per cost with it, and split where each row's reference goes.
 */
const ROW_MARK = '\u0001';
/** What a template tells once its rows are read: the last row's number, and the .xlsx's shared strings. */
interface BodyEnd {
  lastRow: number;
  sharedStrings: DeflatedPart | null;
}

/**
 * A user's cells of one row, as bytes: each cell's text before its row's reference and after it
 * (.xlsx; CSV cells have no reference, `after` null), with their length without the references.
 */
interface CellParts {
  before: Buffer[];
  after: Array<Buffer | null>;
  bytes: number;
  references: number;
}

/** A row's user cells from its cost and, when the rules ask for them, its SKU and group (`block`'s bytes from `start` to `skuEnd`, then to `groupEnd`). */
type PartsOf = (cost: Cents, block: Buffer, start: number, skuEnd: number, groupEnd: number) => CellParts;

/** Integers of an index stored before each row's text: cost low and high, SKU and group lengths. */
const ROW_FACTS = 4;

/** The bytes of a block of `rows` rows from `firstRow` on: the template's pieces with the user's cells between. */
function fillBlock(block: Buffer, rows: number, slots: number, firstRow: number, partsOf: PartsOf): Buffer {
  const stride = ROW_FACTS + slots + 1;
  const textStart = UINT32 * (1 + rows * stride);
  // A copy, so that the numbers sit at an offset a Uint32Array can start at.
  const index = new Uint32Array(new Uint8Array(block.subarray(UINT32, textStart)).buffer);
  const cellsOfRows = new Array<CellParts>(rows);
  const rowStarts = new Array<number>(rows);
  let size = block.length - textStart;
  let from = textStart;
  let digits = digitCount(firstRow);
  let nextDigit = 10 ** digits;
  for (let row = 0; row < rows; row += 1) {
    const at = row * stride;
    const skuEnd = from + index[at + 2]!;
    const groupEnd = skuEnd + index[at + 3]!;
    const cells = partsOf(index[at]! + index[at + 1]! * TWO_TO_32, block, from, skuEnd, groupEnd);
    cellsOfRows[row] = cells;
    rowStarts[row] = groupEnd;
    size -= groupEnd - from;
    from = groupEnd;
    for (let piece = 0; piece <= slots; piece += 1) from += index[at + ROW_FACTS + piece]!;
    if (firstRow + row === nextDigit) {
      digits += 1;
      nextDigit *= 10;
    }
    size += cells.bytes + cells.references * digits;
  }
  if (from !== block.length) throw new RangeError('A file template block does not match its index');
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  digits = digitCount(firstRow);
  nextDigit = 10 ** digits;
  for (let row = 0; row < rows; row += 1) {
    const lengths = row * stride + ROW_FACTS;
    const { before, after } = cellsOfRows[row]!;
    const rowNumber = firstRow + row;
    if (rowNumber === nextDigit) {
      digits += 1;
      nextDigit *= 10;
    }
    from = rowStarts[row]!;
    for (let piece = 0; piece < slots; piece += 1) {
      at = put(out, at, block, from, (from += index[lengths + piece]!));
      const first = before[piece]!;
      at = put(out, at, first, 0, first.length);
      const rest = after[piece]!;
      if (rest !== null) {
        at = putDigits(out, at, rowNumber, digits);
        at = put(out, at, rest, 0, rest.length);
      }
    }
    at = put(out, at, block, from, from + index[lengths + slots]!);
  }
  if (at !== size) throw new RangeError('A file template block does not match its index');
  return out;
}

/**
 * What a row's price depends on besides its cost, as a key: its SKU when the rules give it an
 * override, else its group when the rules give the group a markup, else nothing (so that the
 * cells of a cost are written once for all the rows priced by their band alone).
 */
function priceKeyOf(rules: PricingRules): ((item: { sku: string; group: string }) => string) | null {
  if (rules.itemOverrides.length === 0 && rules.groupMarkups.length === 0) return null;
  const skus = new Set(rules.itemOverrides.map((override) => override.sku));
  const groups = new Set(rules.groupMarkups.map((entry) => entry.group));
  return ({ sku, group }) => (skus.has(sku) ? `s${sku}` : groups.has(group) ? `g${group}` : '');
}

/**
 * The body of a user's file from its template: the head, each row's pieces with the user's cells
 * between them, the tail. The user's cells come from the pricing engine (`createUserCellBuilder`),
 * and their text from the writers' cell functions, once per distinct cost and rule (`priceKeyOf`);
 * an .xlsx cell's text is kept in two parts, before and after its row's reference.
 */
async function* filledBody(format: TemplateFormat, layout: ProductLayout, template: AsyncIterable<Uint8Array>, user: TemplateUser, onEnd: (end: BodyEnd) => void): AsyncGenerator<Buffer, void, undefined> {
  // The user's cells are numbers or the user's texts, which never go to the edition's shared strings.
  const encoding = rowEncoding(format, layout, new SharedStrings());
  const userColumns = userColumnsFor(layout);
  const slots = userColumns.length;
  const userCells = createUserCellBuilder(layout, user.rules, user.rowOptions);
  const keyOf = priceKeyOf(user.rules);
  const known = new Map<Cents | string, CellParts>();
  const cellParts: PartsOf = (cost, block, start, skuEnd, groupEnd) => {
    const facts = keyOf ? { sku: block.toString('utf8', start, skuEnd), group: block.toString('utf8', skuEnd, groupEnd) } : { sku: '', group: '' };
    const rule = keyOf?.(facts) ?? '';
    const key = rule === '' ? cost : `${cost}\u0000${rule}`;
    let parts = known.get(key);
    if (!parts) {
      const cells = userCells({ ...facts, costCents: cost }).map((cell, index) => {
        const text = encoding.cell(userColumns[index]!, cell, ROW_MARK);
        return (format === 'csv' ? [text] : text.split(ROW_MARK)).map((part) => Buffer.from(part, 'utf8'));
      });
      parts = {
        before: cells.map((cell) => cell[0]!),
        after: cells.map((cell) => cell[1] ?? null),
        bytes: cells.reduce((total, cell) => total + cell[0]!.length + (cell[1]?.length ?? 0), 0),
        references: cells.filter((cell) => cell.length > 1).length,
      };
      known.set(key, parts);
    }
    return parts;
  };
  const frames = templateFrames(template);
  const head = await frames.next();
  if (head.done) throw new RangeError('A file template has no head');
  yield head.value;
  let rowNumber = 1;
  for await (const block of frames) {
    const rows = block.readUInt32LE(0);
    if (rows === 0) {
      const tail = await frames.next();
      if (tail.done) throw new RangeError('A file template ends before its tail');
      const strings = format === 'xlsx' ? await frames.next() : null;
      if (strings?.done) throw new RangeError('A file template ends before its shared strings');
      onEnd({ lastRow: rowNumber, sharedStrings: strings ? sharedStringsOf(strings.value) : null });
      yield tail.value;
      return;
    }
    yield fillBlock(block, rows, slots, rowNumber + 1, cellParts);
    rowNumber += rows;
  }
  throw new RangeError('A file template ends before its last row');
}

/**
 * A user's file from its edition's template, as byte chunks: the same bytes csvChunks or
 * xlsxChunks write for the rows of `createRowBuilder(layout, user.rules, user.rowOptions)`.
 */
export async function* filledFileChunks(format: TemplateFormat, layout: ProductLayout, template: AsyncIterable<Uint8Array>, user: TemplateUser): AsyncGenerator<Uint8Array, void, undefined> {
  let end: BodyEnd | null = null;
  const body = filledBody(format, layout, template, user, (bodyEnd) => (end = bodyEnd));
  if (format === 'csv') {
    yield* body;
    return;
  }
  yield* xlsxPackage(
    body,
    () => {
      const { lastRow, sharedStrings } = end as BodyEnd | null ?? { lastRow: 1, sharedStrings: null };
      if (!sharedStrings) throw new RangeError('An .xlsx template has no shared strings');
      return { filterRange: autoFilterRange(columnsFor(layout).length, lastRow), sharedStrings };
    },
    xlsxOptionsOf(user),
  );
}

/** The .xlsx's tab name and date of a user's file. */
function xlsxOptionsOf(user: TemplateUser): XlsxOptions {
  return { ...(user.sheetName !== undefined ? { sheetName: user.sheetName } : {}), ...(user.modifiedAt ? { modifiedAt: user.modifiedAt } : {}) };
}

/**
 * A user's file written from the edition's products by the row builder and the plain writers,
 * without a template, as byte chunks: what a machine that lacks the edition's template serves
 * while it has none (decision 0043).
 */
export async function* plainFileChunks(format: TemplateFormat, layout: ProductLayout, products: AsyncIterable<ProductInput> | Iterable<ProductInput>, user: TemplateUser): AsyncGenerator<Uint8Array, void, undefined> {
  const build = createRowBuilder(layout, user.rules, user.rowOptions);
  const rows = (async function* () {
    for await (const product of products) yield build(product);
  })();
  if (format === 'xlsx') {
    yield* xlsxChunks(columnsFor(layout), rows, xlsxOptionsOf(user));
    return;
  }
  for await (const chunk of csvChunks(columnsFor(layout), rows)) yield Buffer.from(chunk, 'utf8');
}
