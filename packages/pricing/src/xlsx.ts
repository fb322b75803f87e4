/**
 * .xlsx writer (Office Open XML SpreadsheetML), Node only: a minimal five-part workbook whose
 * sheet XML is built in ~64 KiB strings and deflated as it streams (docs/benchmarks.md: the
 * hand-written workbook through node:zlib at level 1 is the fastest option measured, and it
 * does not block the event loop). Memory stays flat with the number of rows.
 *
 * Text cells refer to the workbook's shared strings (xl/sharedStrings.xml: each distinct text
 * once, written after the sheet), except the header and the user's texts (`Column.userText`),
 * which are inline strings: an edition's template writes the shared strings once for every user's
 * file (decision 0053). The table holds each distinct text of the file until it is written.
 *
 * Safety (product §11.12): every text cell is a string, never a formula, so text that starts with
 * = + - @ stays inert and keeps its exact value; such cells also get Excel's quotePrefix style so
 * that editing the cell in Excel keeps it text.
 */
import { Readable } from 'node:stream';
import { isFormulaTrigger } from './csv.ts';
import type { Cell, Column } from './layouts.ts';
import { centsToDecimal, formatPercent } from './money.ts';
import { createPacer, rowBatches } from './pacing.ts';
import { ZipStreamWriter, type DeflatedPart } from './zip-stream.ts';

export interface XlsxOptions {
  /** The worksheet's tab name (default "Products"); made valid for Excel. */
  sheetName?: string;
  /** The time stamped on the ZIP entries (default now). */
  modifiedAt?: Date;
}

/** Excel's limit, including the header row. */
export const XLSX_MAX_ROWS = 1_048_576;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Cell style indexes into styles.xml `cellXfs`. */
const STYLE = { header: 1, money: 2, percent: 3, quotedText: 4 } as const;

const CONTENT_TYPES =
  XML_DECLARATION +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
  '</Types>';

const ROOT_RELS =
  XML_DECLARATION +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS =
  XML_DECLARATION +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>' +
  '</Relationships>';

const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const STYLES =
  XML_DECLARATION +
  `<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="&quot;$&quot;#,##0.00"/></numFmts>' +
  `<fonts count="2"><font>${FONT}</font><font><b/>${FONT}</font></fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  // Built-in format 2 is "0.00".
  '<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/**
 * xl/workbook.xml. `filterRange` is the sheet's autofilter range: Excel names it in the hidden
 * `_xlnm._FilterDatabase` beside the sheet's `<autoFilter>`, and LibreOffice shows the filter
 * buttons only with that name.
 */
function workbookXml(sheetName: string, filterRange: string): string {
  const [from, to] = filterRange.split(':') as [string, string];
  const absolute = (ref: string) => ref.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2');
  const filterName = `'${sheetName.replaceAll("'", "''")}'!${absolute(from)}:${absolute(to)}`;
  return (
    XML_DECLARATION +
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<bookViews><workbookView/></bookViews>' +
    `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
    `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${escapeXml(filterName)}</definedName></definedNames>` +
    '</workbook>'
  );
}

// Characters XML 1.0 forbids: most C0 controls, U+FFFE, U+FFFF and unpaired surrogates.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ILLEGAL_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_WORK = /[&<>"\r_\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text as SpreadsheetML character data: characters illegal in XML 1.0 dropped, & < > "
 * escaped, CR kept as `&#13;` (a literal CR would be read back as LF) and a literal `_xHHHH_`
 * protected as `_x005F_xHHHH_`, since SpreadsheetML strings decode that escape (ST_Xstring).
 */
export function escapeXml(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text
    .replace(ILLEGAL_XML, '')
    .replace(/_(?=x[0-9a-fA-F]{4}_)/g, '_x005F_')
    .replace(/[&<>"]/g, (character) => ESCAPES[character]!)
    .replaceAll('\r', '&#13;');
}

/** A sheet name Excel accepts: no [ ] : * ? / \ or controls, no apostrophe at either end, 1–31 characters. */
export function safeSheetName(name: string | undefined): string {
  const cleaned = (name ?? '')
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[[\]:*?/\\\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  let cut = cleaned.slice(0, 31);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  cut = cut.trim();
  return cut === '' || cut.toLowerCase() === 'history' ? 'Products' : cut;
}

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetter(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** A string's `<t>` element: whitespace at either end kept (xml:space), the text escaped. */
function textElement(text: string): string {
  return `${/^\s|\s$/.test(text) ? '<t xml:space="preserve">' : '<t>'}${escapeXml(text)}</t>`;
}

/** The style attribute of a text cell: the column's, else quotePrefix for text that starts like a formula. */
function textStyle(text: string, style: number | null): string {
  return style !== null ? ` s="${style}"` : isFormulaTrigger(text) ? ` s="${STYLE.quotedText}"` : '';
}

function textCell(ref: string, text: string, style: number | null): string {
  if (text === '' && style === null) return '';
  return `<c r="${ref}"${textStyle(text, style)} t="inlineStr"><is>${textElement(text)}</is></c>`;
}

function numberCell(ref: string, value: string, style: number | null): string {
  return style === null ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" s="${style}"><v>${value}</v></c>`;
}

/**
 * The workbook's shared strings: each distinct text (as written, escaped) once, in the order
 * cells first refer to it; `count` is the number of cells that refer to the table, as Excel
 * writes it. It keeps every distinct text until the part is written, after the sheet.
 */
export class SharedStrings {
  private readonly indexes = new Map<string, number>();
  private references = 0;

  /** A text cell that refers to the table (nothing for empty text, as for inline cells). */
  cell(ref: string, text: string): string {
    if (text === '') return '';
    const element = textElement(text);
    let index = this.indexes.get(element);
    if (index === undefined) {
      index = this.indexes.size;
      this.indexes.set(element, index);
    }
    this.references += 1;
    return `<c r="${ref}"${textStyle(text, null)} t="s"><v>${index}</v></c>`;
  }

  /** xl/sharedStrings.xml in ~64 KiB strings. */
  *xmlParts(chunkSize = 64 * 1024): Generator<string, void, undefined> {
    let chunk = XML_DECLARATION + `<sst xmlns="${MAIN_NS}" count="${this.references}" uniqueCount="${this.indexes.size}">`;
    for (const element of this.indexes.keys()) {
      chunk += `<si>${element}</si>`;
      if (chunk.length >= chunkSize) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk + '</sst>';
  }
}

/**
 * How a column's cells become XML: money cents as an exact decimal, basis points as a percent
 * number, text in `strings` (inline without it, and always for the user's texts).
 */
export function cellWriter(column: Pick<Column, 'kind' | 'userText'>, letter: string, strings: SharedStrings | null): (cell: Cell, row: string) => string {
  const finite = (value: number): string => {
    if (!Number.isFinite(value)) throw new RangeError(`An xlsx number must be finite, got ${value}`);
    return String(value);
  };
  const text = strings && !column.userText ? (ref: string, cell: string) => strings.cell(ref, cell) : (ref: string, cell: string) => textCell(ref, cell, null);
  switch (column.kind) {
    case 'money':
      return (cell, row) => (typeof cell === 'number' ? numberCell(letter + row, centsToDecimal(cell), STYLE.money) : textCell(letter + row, cell, null));
    case 'percent':
      return (cell, row) => (typeof cell === 'number' ? numberCell(letter + row, formatPercent(cell), STYLE.percent) : textCell(letter + row, cell, null));
    case 'text':
      return (cell, row) => (typeof cell === 'number' ? numberCell(letter + row, finite(cell), null) : text(letter + row, cell));
  }
}

/** The range an autofilter covers: the header row and every row under it, all columns. */
export function autoFilterRange(columnCount: number, lastRow: number): string {
  return `A1:${columnLetter(columnCount - 1)}${lastRow}`;
}

/** The sheet's XML up to and including its header row. */
export function sheetHead(columns: readonly Column[]): string {
  const widths = columns.map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${Math.max(1, Math.min(255, column.width))}" customWidth="1"/>`);
  return (
    XML_DECLARATION +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${widths.join('')}</cols>` +
    '<sheetData><row r="1">' +
    columns.map((column, index) => textCell(`${columnLetter(index)}1`, column.header, STYLE.header)).join('') +
    '</row>'
  );
}

/** The sheet's XML after its last row: the autofilter over `filterRange`. */
export function sheetTail(filterRange: string): string {
  // CT_Worksheet's order: <autoFilter> comes after <sheetData>.
  return `</sheetData><autoFilter ref="${filterRange}"/></worksheet>`;
}

/**
 * xl/worksheets/sheet1.xml in ~64 KiB strings: header frozen at row 1 and bold, column widths
 * from the descriptors, one row per input row, then an autofilter over the header and the rows
 * (the filter buttons sit on the header row). Text cells go to `strings`. Cell references (`r`)
 * are written: they are optional in SpreadsheetML but some readers (exceljs among them) need
 * them. `onEnd` learns the autofilter's range once the last row is written.
 */
export async function* sheetXmlParts(
  columns: readonly Column[],
  rows: AsyncIterable<readonly Cell[]> | Iterable<readonly Cell[]>,
  strings: SharedStrings,
  onEnd: (filterRange: string) => void = () => undefined,
  chunkSize = 64 * 1024,
): AsyncGenerator<string, void, undefined> {
  if (columns.length === 0 || columns.length > 16_384) throw new RangeError('An xlsx sheet holds 1 to 16,384 columns');
  const writers = columns.map((column, index) => cellWriter(column, columnLetter(index), strings));
  const width = writers.length;
  const pace = createPacer();
  let chunk = sheetHead(columns);
  let rowNumber = 1;
  for await (const batch of rowBatches(rows)) {
    for (const row of batch) {
      if (row.length !== width) throw new RangeError(`A row has ${row.length} cells for ${width} columns`);
      rowNumber += 1;
      if (rowNumber > XLSX_MAX_ROWS) throw new RangeError(`An xlsx sheet holds at most ${XLSX_MAX_ROWS} rows`);
      const ref = String(rowNumber);
      let xml = `<row r="${ref}">`;
      for (let index = 0; index < width; index += 1) xml += writers[index]!(row[index]!, ref);
      chunk += xml + '</row>';
      if (chunk.length >= chunkSize) {
        yield chunk;
        chunk = '';
        await pace();
      }
    }
  }
  const filterRange = autoFilterRange(width, rowNumber);
  onEnd(filterRange);
  yield chunk + sheetTail(filterRange);
}

/**
 * The .xlsx file as byte chunks (the parts, then the ZIP central directory). The shared strings
 * and the workbook part come after the sheet: the table is complete, and the autofilter's range
 * known, once the last row is written; readers find the parts through the central directory, so
 * their order is free.
 */
export async function* xlsxChunks(
  columns: readonly Column[],
  rows: AsyncIterable<readonly Cell[]> | Iterable<readonly Cell[]>,
  options: XlsxOptions = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  let filterRange = autoFilterRange(columns.length, 1);
  const strings = new SharedStrings();
  const sheet = sheetXmlParts(columns, rows, strings, (range) => {
    filterRange = range;
  });
  yield* xlsxPackage(sheet, () => ({ filterRange, sharedStrings: strings.xmlParts() }), options);
}

/** What the package needs once the sheet is written: the autofilter's range and the shared strings (their XML, or already deflated). */
export interface SheetEnd {
  filterRange: string;
  sharedStrings: Iterable<string> | DeflatedPart;
}

/**
 * The .xlsx file around a sheet's XML (`sheetHead`, the rows, `sheetTail`), as byte chunks;
 * `end` is asked once the sheet has been read to its end.
 */
export async function* xlsxPackage(sheet: AsyncIterable<string | Uint8Array>, end: () => SheetEnd, options: XlsxOptions = {}): AsyncGenerator<Uint8Array, void, undefined> {
  const zip = new ZipStreamWriter(options.modifiedAt ? { modifiedAt: options.modifiedAt } : {});
  yield zip.wholeEntry('[Content_Types].xml', CONTENT_TYPES);
  yield zip.wholeEntry('_rels/.rels', ROOT_RELS);
  yield zip.wholeEntry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  yield zip.wholeEntry('xl/styles.xml', STYLES);
  yield* zip.streamedEntry('xl/worksheets/sheet1.xml', sheet);
  const { filterRange, sharedStrings } = end();
  if ('compressed' in sharedStrings) yield* zip.deflatedEntry('xl/sharedStrings.xml', sharedStrings);
  else yield* zip.streamedEntry('xl/sharedStrings.xml', asAsync(sharedStrings));
  yield zip.wholeEntry('xl/workbook.xml', workbookXml(safeSheetName(options.sheetName), filterRange));
  yield zip.finish();
}

async function* asAsync<T>(items: Iterable<T>): AsyncGenerator<T, void, undefined> {
  yield* items;
}

/**
 * The .xlsx file as a Node Readable, ready to hand to a Fastify reply or `pipeline`: it pulls
 * rows only as fast as the consumer reads, and stops (releasing zlib) if the consumer goes away.
 */
export function xlsxStream(
  columns: readonly Column[],
  rows: AsyncIterable<readonly Cell[]> | Iterable<readonly Cell[]>,
  options: XlsxOptions = {},
): Readable {
  return Readable.from(xlsxChunks(columns, rows, options), { objectMode: false, highWaterMark: 64 * 1024 });
}
