import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnsFor, createRowBuilder, type Cell, type Column, type ProductInput } from './layouts.ts';
import { emptyMarkups, priceFor, type Markups } from './markups.ts';
import { rulesFromMarkups } from './rules.ts';
import { columnLetter, escapeXml, safeSheetName, xlsxStream, type XlsxOptions } from './xlsx.ts';

const markups: Markups = { ...emptyMarkups, markup1_10: 5000, markup11_20: 4000, markup21_50: 3000, markup51_150: 2500, markup151_500: 2000, markup501: 1000, tax: 825 };
const noOptions = { inventoryOption: '', incomeType: '' };
const CURRENCY = '"$"#,##0.00';

interface ZipEntry {
  name: string;
  flags: number;
  data: Buffer;
}

/**
 * An independent minimal reader: finds the end record, walks the central directory, and for
 * every entry checks the local header and data descriptor against it, inflates the data and
 * checks its size and CRC-32.
 */
function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBe(zip.length - 22);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  expect(at + directorySize).toBe(end);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + skip;

    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    expect(zip.readUInt16LE(offset + 6)).toBe(flags);
    expect(zip.readUInt16LE(offset + 8)).toBe(method);
    expect(zip.toString('utf8', offset + 30, offset + 30 + nameLength)).toBe(name);
    const dataStart = offset + 30 + nameLength + zip.readUInt16LE(offset + 28);
    const compressed = zip.subarray(dataStart, dataStart + compressedSize);
    if (flags & 0x0008) {
      const descriptor = dataStart + compressedSize;
      expect([zip.readUInt32LE(descriptor), zip.readUInt32LE(descriptor + 4), zip.readUInt32LE(descriptor + 8), zip.readUInt32LE(descriptor + 12)]).toEqual([
        0x08074b50,
        crc,
        compressedSize,
        size,
      ]);
    } else {
      expect([zip.readUInt32LE(offset + 14), zip.readUInt32LE(offset + 18), zip.readUInt32LE(offset + 22)]).toEqual([crc, compressedSize, size]);
    }
    expect(method).toBe(8);
    const data = inflateRawSync(compressed);
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, flags, data });
  }
  expect(at).toBe(end);
  return entries;
}

function partXml(zip: Buffer, name: string): string {
  return readZip(zip)
    .find((entry) => entry.name === name)!
    .data.toString('utf8');
}

function sheetXml(zip: Buffer): string {
  return partXml(zip, 'xl/worksheets/sheet1.xml');
}

async function writeXlsx(columns: readonly Column[], rows: Iterable<readonly Cell[]> | AsyncIterable<readonly Cell[]>, options?: XlsxOptions): Promise<Buffer> {
  return buffer(xlsxStream(columns, rows, options));
}

async function load(zip: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer; hand it exactly the file's bytes.
  await workbook.xlsx.load(zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength) as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

function product(index: number): ProductInput {
  return {
    sku: `SKU-${index}`,
    name: `Item ${index} 1/2" EMT`,
    description: index % 9 === 0 ? `Has <tags> & "quotes", commas` : `Plain ${index}`,
    unit: 'EA',
    group: 'Conduit Fittings',
    costCents: (index * 3571) % 80_000,
    manufacturerPartNumber: index % 5 === 0 ? null : `SIM-${index}-A`,
    upc: index % 4 === 0 ? null : `0${String(780_000_000_00 + index)}`,
  };
}

const tricky = [
  "=cmd|' /C calc'!A0",
  '+1',
  '-2',
  '@SUM(1)',
  '=HYPERLINK("http://evil.example","x")',
  `<b>&amp; "double" 'single'</b>`,
  'emoji 😀 👍🏽 family 👨‍👩‍👧',
  'tab\tinside',
  '\tleading tab',
  '  leading and trailing  ',
  'line one\nline two',
  'carriage\r\nreturn',
  'Ünïcödé 電気 עברית',
];

describe('xlsxStream', () => {
  it('writes a well-formed ZIP with the six parts, the sheet and shared strings streamed and the workbook (which names its filter range) after them', async () => {
    const zip = await writeXlsx(columnsFor('price-list'), [createRowBuilder('price-list', rulesFromMarkups(markups), noOptions)(product(1))]);
    const entries = readZip(zip);
    expect(entries.map((entry) => entry.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/sharedStrings.xml',
      'xl/workbook.xml',
    ]);
    expect(entries.map((entry) => entry.flags & 0x0008)).toEqual([0, 0, 0, 0, 0x0008, 0x0008, 0]);
  });

  it('puts an autofilter on the header row over every row and column, named as Excel names it', async () => {
    const build = createRowBuilder('price-list', rulesFromMarkups(markups), noOptions);
    const columns = columnsFor('price-list');
    expect(columns).toHaveLength(12);
    const zip = await writeXlsx(columns, Array.from({ length: 250 }, (_, index) => build(product(index))), { sheetName: "O'Brien's list" });
    const sheet = sheetXml(zip);
    // One autofilter, right after the rows (CT_Worksheet's order), from A1 to the last column and row.
    expect([...sheet.matchAll(/<autoFilter [^>]*\/>/g)].map((match) => match[0])).toEqual(['<autoFilter ref="A1:L251"/>']);
    expect(sheet.endsWith('</sheetData><autoFilter ref="A1:L251"/></worksheet>')).toBe(true);
    // The header row is row 1 and holds every column's header.
    const header = /<row r="1">(.*?)<\/row>/.exec(sheet)![1]!;
    expect([...header.matchAll(/<c r="([A-Z]+)1"/g)].map((match) => match[1])).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L']);
    expect(header).toContain('<t>Manufacturer part number</t>');
    expect(header).toContain('<t>UPC</t>');
    // The workbook's hidden _FilterDatabase name: LibreOffice shows the filter only with it.
    expect(partXml(zip, 'xl/workbook.xml')).toContain(
      `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'O''Brien''s list'!$A$1:$L$251</definedName></definedNames>`,
    );
    const loaded = await load(zip);
    expect(loaded.autoFilter).toBe('A1:L251');
    expect(loaded.name).toBe("O'Brien's list");
  });

  it('filters the header alone in a list without rows, and any layout the same way', async () => {
    expect(sheetXml(await writeXlsx(columnsFor('price-list'), []))).toContain('<autoFilter ref="A1:L1"/>');
    const build = createRowBuilder('quickbooks', rulesFromMarkups(markups), noOptions);
    const zip = await writeXlsx(columnsFor('quickbooks'), [build(product(1)), build(product(2))]);
    expect(sheetXml(zip)).toContain('<autoFilter ref="A1:H3"/>');
    expect(partXml(zip, 'xl/workbook.xml')).toContain(`>'Products'!$A$1:$H$3</definedName>`);
  });

  it('keeps the UPC as text with its leading zero, and an empty cell when there is none', async () => {
    const build = createRowBuilder('price-list', rulesFromMarkups(markups), noOptions);
    const sheet = await load(await writeXlsx(columnsFor('price-list'), [build(product(1)), build(product(4))]));
    const upc = sheet.getRow(2).getCell(12);
    expect(upc.type).toBe(ExcelJS.ValueType.String);
    expect(upc.value).toBe('078000000001');
    expect(sheet.getRow(2).getCell(11).value).toBe('SIM-1-A');
    expect(sheet.getRow(3).getCell(12).value).toBeNull();
  });

  it('writes 1,000 rows that exceljs reads back: bold frozen header, widths, numeric money and percents equal to the engine’s', async () => {
    const products = Array.from({ length: 1000 }, (_, index) => product(index));
    const build = createRowBuilder('price-list', rulesFromMarkups(markups), noOptions);
    const columns = columnsFor('price-list');
    const zip = await writeXlsx(columns, products.map(build), { sheetName: 'Electrical' });
    const sheet = await load(zip);

    expect(sheet.name).toBe('Electrical');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(sheet.rowCount).toBe(1001);
    columns.forEach((column, index) => {
      const header = sheet.getRow(1).getCell(index + 1);
      expect(header.value).toBe(column.header);
      expect(header.font?.bold).toBe(true);
      expect(sheet.getColumn(index + 1).width).toBe(column.width);
    });

    products.forEach((item, index) => {
      const row = sheet.getRow(index + 2);
      const price = priceFor(item.costCents, markups);
      const expected = [undefined, item.sku, item.name, item.description, item.group, item.unit, item.costCents / 100, price.markupBp / 100, price.priceCents / 100, price.taxBp / 100, price.priceWithTaxCents / 100, item.manufacturerPartNumber ?? undefined, item.upc ?? undefined];
      // exceljs ends a row's values at its last cell that holds something (empty text cells are not written).
      while (expected.length > 1 && expected.at(-1) === undefined) expected.pop();
      expect(row.values).toEqual(expected);
      for (const money of [6, 8, 10]) {
        expect(row.getCell(money).type).toBe(ExcelJS.ValueType.Number);
        expect(row.getCell(money).numFmt).toBe(CURRENCY);
      }
      for (const percent of [7, 9]) {
        expect(row.getCell(percent).type).toBe(ExcelJS.ValueType.Number);
        expect(row.getCell(percent).numFmt).toBe('0.00');
      }
      expect(row.getCell(1).font?.bold).toBeFalsy();
    });
  });

  it('writes money as the exact decimal of the cents, never through float arithmetic', async () => {
    const columns: readonly Column[] = [{ header: 'Money', kind: 'money', width: 10 }];
    const amounts = [0, 1, 5, 10, 99, 1_005, 123_456_789, 90_071_992_547_409, -1234];
    const xml = sheetXml(await writeXlsx(columns, amounts.map((cents) => [cents])));
    expect([...xml.matchAll(/<v>([^<]*)<\/v>/g)].map((match) => match[1])).toEqual(['0.00', '0.01', '0.05', '0.10', '0.99', '10.05', '1234567.89', '900719925474.09', '-12.34']);
  });

  it('keeps tricky text as plain strings in the shared strings, never formulas (product §11.12)', async () => {
    const columns: readonly Column[] = [
      { header: 'Index', kind: 'text', width: 6 },
      { header: 'Text', kind: 'text', width: 40 },
    ];
    const zip = await writeXlsx(columns, tricky.map((text, index) => [String(index), text]));
    const sheet = await load(zip);
    tricky.forEach((text, index) => {
      const cell = sheet.getRow(index + 2).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.value).toBe(text);
    });
    const xml = sheetXml(zip);
    expect(xml).not.toContain('<f>');
    // Text that starts like a formula also carries Excel's quotePrefix style, so editing it keeps it text.
    expect(xml).toContain(`<c r="B2" s="4" t="s"><v>1</v></c>`);
    expect(xml).toContain(`<c r="B7" t="s"><v>11</v></c>`);
    const strings = partXml(zip, 'xl/sharedStrings.xml');
    expect(strings).toContain(`<si><t>=cmd|' /C calc'!A0</t></si>`);
    expect(strings).toContain(`<si><t>&lt;b&gt;&amp;amp; &quot;double&quot; 'single'&lt;/b&gt;</t></si>`);
    expect(strings).toContain(`<si><t xml:space="preserve">  leading and trailing  </t></si>`);
    expect(strings).toContain(`<si><t>carriage&#13;\nreturn</t></si>`);
  });

  it('drops characters XML 1.0 forbids and keeps everything else', async () => {
    const columns: readonly Column[] = [{ header: 'Text', kind: 'text', width: 10 }];
    const sheet = await load(await writeXlsx(columns, [['bell\u0007 nul\u0000 esc\u001b'], ['lone \ud800 surrogate \udfff'], ['non-char \uffff\ufffe end']]));
    expect([2, 3, 4].map((row) => sheet.getRow(row).getCell(1).value)).toEqual(['bell nul esc', 'lone  surrogate ', 'non-char  end']);
  });

  it('escapes for SpreadsheetML', () => {
    expect(escapeXml('plain')).toBe('plain');
    expect(escapeXml('a & b < c > d "e"')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot;');
    expect(escapeXml('a\r\nb')).toBe('a&#13;\nb');
    // A literal _xHHHH_ would be decoded by Excel; its underscore is escaped as _x005F_.
    expect(escapeXml('code _x0041_ and _x00e9_ and _x12_')).toBe('code _x005F_x0041_ and _x005F_x00e9_ and _x12_');
  });

  it('reads rows from an async source, and writes an empty list as a header-only sheet', async () => {
    async function* rows(): AsyncGenerator<Cell[]> {
      for (let index = 0; index < 300; index += 1) {
        if (index % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
        yield [`row ${index}`];
      }
    }
    const columns: readonly Column[] = [{ header: 'Text', kind: 'text', width: 10 }];
    const sheet = await load(await writeXlsx(columns, rows()));
    expect(sheet.rowCount).toBe(301);
    expect(sheet.getRow(301).getCell(1).value).toBe('row 299');
    const empty = await load(await writeXlsx(columns, []));
    expect(empty.rowCount).toBe(1);
    expect(empty.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('writes the QuickBooks layout', async () => {
    const build = createRowBuilder('quickbooks', rulesFromMarkups(markups), noOptions);
    const sheet = await load(await writeXlsx(columnsFor('quickbooks'), [build(product(2)), build(product(2))]));
    const price = priceFor(product(2).costCents, markups);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Item 2 1/2 in EMT', 'SKU-2', 'Non-inventory', 'Plain 2', price.priceCents / 100, 'Sales of Product Income', 'Plain 2', product(2).costCents / 100]);
    expect(sheet.getRow(3).getCell(1).value).toBe('Item 2 1/2 in EMT (SKU-2)');
  });

  it('loads the same bytes twice to the same cells (deterministic with a fixed time)', async () => {
    const build = createRowBuilder('price-list', rulesFromMarkups(markups), noOptions);
    const options = { modifiedAt: new Date(Date.UTC(2026, 10, 1, 12, 0, 0)) };
    const rows = Array.from({ length: 50 }, (_, index) => build(product(index)));
    const first = await writeXlsx(columnsFor('price-list'), rows, options);
    const second = await writeXlsx(columnsFor('price-list'), rows, options);
    expect(first.equals(second)).toBe(true);
    expect((await load(first)).getSheetValues()).toEqual((await load(second)).getSheetValues());
  });

  it('stops pulling rows and releases zlib when the reader goes away', async () => {
    let pulled = 0;
    function* endless(): Generator<Cell[]> {
      for (;;) {
        pulled += 1;
        yield [`row ${pulled}`];
      }
    }
    const stream = xlsxStream([{ header: 'Text', kind: 'text', width: 10 }], endless());
    for await (const _chunk of stream) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = pulled;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.destroyed).toBe(true);
    expect(pulled).toBe(after);
    expect(pulled).toBeLessThan(50_000);
  });

  it('rejects a row of the wrong width through the stream', async () => {
    await expect(writeXlsx([{ header: 'A', kind: 'text', width: 5 }], [['a', 'b']])).rejects.toThrow(RangeError);
  });

  it('writes each distinct text once in the shared strings, counted as Excel counts them, and the user’s texts inline', async () => {
    const build = createRowBuilder('quickbooks', rulesFromMarkups(markups), { inventoryOption: 'Service', incomeType: 'Sales' });
    const items = [product(1), product(2), { ...product(2), sku: 'SKU-2b' }];
    const zip = await writeXlsx(columnsFor('quickbooks'), items.map(build));
    const strings = partXml(zip, 'xl/sharedStrings.xml');
    // Name, SKU, Sales Description and Purchase Description (the same text) of 3 rows: 12 references, 8 distinct texts.
    expect(strings).toContain('count="12" uniqueCount="8">');
    expect([...strings.matchAll(/<si><t>(.*?)<\/t><\/si>/g)].map((match) => match[1])).toEqual(['Item 1 1/2 in EMT', 'SKU-1', 'Plain 1', 'Item 2 1/2 in EMT', 'SKU-2', 'Plain 2', 'Item 2 1/2 in EMT (SKU-2b)', 'SKU-2b']);
    const sheet = sheetXml(zip);
    expect(sheet).toContain('<c r="C2" t="inlineStr"><is><t>Service</t></is></c>');
    expect(sheet).toContain('<c r="F4" t="inlineStr"><is><t>Sales</t></is></c>');
    expect(sheet).toContain('<c r="D3" t="s"><v>5</v></c><c r="E3"');
    const loaded = await load(zip);
    expect(loaded.getRow(4).values).toEqual([undefined, 'Item 2 1/2 in EMT (SKU-2b)', 'SKU-2b', 'Service', 'Plain 2', priceFor(product(2).costCents, markups).priceCents / 100, 'Sales', 'Plain 2', product(2).costCents / 100]);
  });

  it('streams 100,000 rows of a thousand distinct texts without the heap growing with them', async () => {
    // The shared strings hold each distinct text until the sheet ends; the rows themselves are not kept.
    const collect = (globalThis as { gc?: () => void }).gc;
    const build = createRowBuilder('price-list', rulesFromMarkups(markups), noOptions);
    function* rows(): Generator<Cell[]> {
      for (let index = 0; index < 100_000; index += 1) yield build({ ...product(index % 1000), costCents: (index * 3571) % 80_000 });
    }
    collect?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of xlsxStream(columnsFor('price-list'), rows()) as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      chunks += 1;
      if (chunks % 16 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(bytes).toBeGreaterThan(3_000_000);
    expect(peak - before).toBeLessThan(48 * 1024 * 1024);
  });

  const python = spawnSync('python3', ['--version']).status === 0;
  it.skipIf(!python)('passes Python’s zipfile integrity test (when python3 is installed)', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'pricing-xlsx-'));
    try {
      const file = join(directory, 'products.xlsx');
      const build = createRowBuilder('price-list', rulesFromMarkups(markups), noOptions);
      writeFileSync(file, await writeXlsx(columnsFor('price-list'), Array.from({ length: 500 }, (_, index) => build(product(index)))));
      const result = spawnSync('python3', ['-c', 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.testzip())', file], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.stdout.trim()).toBe('None');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('safeSheetName', () => {
  it.each([
    [undefined, 'Products'],
    ['', 'Products'],
    ['Electrical', 'Electrical'],
    ['Electrical [Nov]: 2026/11', 'Electrical Nov 2026 11'],
    ["'quoted'", 'quoted'],
    ['history', 'Products'],
    ['A'.repeat(40), 'A'.repeat(31)],
    [`${'A'.repeat(30)}😀`, 'A'.repeat(30)],
    ['tab\there', 'tab here'],
  ])('%j → %j', (name, expected) => {
    expect(safeSheetName(name)).toBe(expected);
  });
});

describe('columnLetter', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
    [16_383, 'XFD'],
  ])('%s → %s', (index, letters) => {
    expect(columnLetter(index)).toBe(letters);
  });
});
