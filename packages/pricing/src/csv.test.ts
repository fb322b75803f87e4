import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvChunks, csvTextField, isFormulaTrigger } from './csv.ts';
import { columnsFor, createRowBuilder, type Cell, type Column, type ProductInput } from './layouts.ts';
import { emptyMarkups, priceFor, type Markups } from './markups.ts';
import { rulesFromMarkups } from './rules.ts';
import { centsToDecimal, formatPercent } from './money.ts';

const markups: Markups = { ...emptyMarkups, markup1_10: 5000, markup11_20: 4000, markup21_50: 3000, markup51_150: 2500, markup151_500: 2000, markup501: 1000, tax: 825 };
const noOptions = { inventoryOption: '', incomeType: '' };
const textAndMoney: readonly Column[] = [
  { header: 'Text', kind: 'text', width: 10 },
  { header: 'Money', kind: 'money', width: 10 },
];

async function csvText(columns: readonly Column[], rows: Iterable<readonly Cell[]> | AsyncIterable<readonly Cell[]>, chunkSize?: number): Promise<string> {
  let text = '';
  for await (const chunk of csvChunks(columns, rows, chunkSize === undefined ? {} : { chunkSize })) text += chunk;
  return text;
}

/** Reads a file back with csv-parse, an independent RFC 4180 parser, after checking and dropping the BOM. */
function readBack(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parse(text.slice(1)) as string[][];
}

function product(index: number): ProductInput {
  return {
    sku: `SKU-${index}`,
    name: `Item ${index}`,
    description: index % 7 === 0 ? `Has "quotes", commas\r\nand lines` : `Plain ${index}`,
    unit: 'EA',
    group: 'Conduit Fittings',
    costCents: (index * 3571) % 80_000,
    manufacturerPartNumber: index % 5 === 0 ? null : `SIM-${index}-A`,
    // Every third UPC starts with a zero, which the file must keep.
    upc: index % 4 === 0 ? null : `${index % 3 === 0 ? '0' : '7'}${String(100_000_000_00 + index)}`,
  };
}

describe('csvChunks', () => {
  it('writes a BOM, the header, and rows whose prices are the engine’s', async () => {
    const products = Array.from({ length: 300 }, (_, index) => product(index));
    const build = createRowBuilder('price-list', rulesFromMarkups(markups), noOptions);
    const records = readBack(await csvText(columnsFor('price-list'), products.map(build)));
    expect(records[0]).toEqual(['SKU', 'Name', 'Description', 'Category', 'Unit', 'Cost', 'Markup %', 'Price', 'Tax %', 'Price with tax', 'Manufacturer part number', 'UPC']);
    expect(records).toHaveLength(301);
    products.forEach((item, index) => {
      const price = priceFor(item.costCents, markups);
      expect(records[index + 1]).toEqual([
        item.sku,
        item.name,
        item.description,
        item.group,
        item.unit,
        centsToDecimal(item.costCents),
        formatPercent(price.markupBp),
        centsToDecimal(price.priceCents),
        formatPercent(price.taxBp),
        centsToDecimal(price.priceWithTaxCents),
        item.manufacturerPartNumber ?? '',
        item.upc ?? '',
      ]);
    });
    // The UPC is written as its digits, leading zero included.
    expect(products[3]!.upc).toBe('010000000003');
    expect(records[4]![11]).toBe('010000000003');
  });

  it('writes the QuickBooks layout with the price before tax', async () => {
    const build = createRowBuilder('quickbooks', rulesFromMarkups(markups), { inventoryOption: 'Inventory', incomeType: '' });
    const records = readBack(await csvText(columnsFor('quickbooks'), [product(1), product(1)].map(build)));
    expect(records[0]).toEqual(['Name', 'SKU', 'Type', 'Sales Description', 'Sales Price/Rate', 'Income Account', 'Purchase Description', 'Purchase Cost']);
    const price = priceFor(product(1).costCents, markups);
    expect(records[1]).toEqual(['Item 1', 'SKU-1', 'Inventory', 'Plain 1', centsToDecimal(price.priceCents), 'Sales of Product Income', 'Plain 1', centsToDecimal(product(1).costCents)]);
    expect(records[2]![0]).toBe('Item 1 (SKU-1)');
  });

  it('ends every record with CRLF and quotes only fields that need it', async () => {
    const text = await csvText(textAndMoney, [
      ['plain', 100],
      ['with "quote"', 200],
      ['with, comma', 300],
      ['with\nnewline', 400],
      ['with\rreturn', 500],
    ]);
    expect(text).toBe(
      '\uFEFFText,Money\r\nplain,1.00\r\n"with ""quote""",2.00\r\n"with, comma",3.00\r\n"with\nnewline",4.00\r\n"with\rreturn",5.00\r\n',
    );
  });

  it('round-trips quotes, commas and line breaks through an RFC 4180 parser', async () => {
    const safeText = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '"', ',', '\n', '\r', '\r\n', "'", 'é', '😀', ';'), maxLength: 30 }).filter((s) => !isFormulaTrigger(s));
    await fc.assert(
      fc.asyncProperty(fc.array(safeText, { minLength: 1, maxLength: 20 }), async (texts) => {
        const records = readBack(await csvText(textAndMoney, texts.map((text, index) => [text, index])));
        expect(records.slice(1).map((record) => record[0])).toEqual(texts);
      }),
      { numRuns: 200 },
    );
  });

  it('prefixes text that a spreadsheet would run as a formula with an apostrophe (product §11.12)', async () => {
    const trigger = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\0');
    const anyText = fc.oneof(fc.string({ unit: 'binary' }), fc.tuple(trigger, fc.string({ unit: 'binary' })).map(([first, rest]) => first + rest));
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        const [, record] = readBack(await csvText(textAndMoney, [[text, 0]]));
        expect(record![0]).toBe(/^[=+\-@\t\r\0]/.test(text) ? `'${text}` : text);
      }),
      { numRuns: 300 },
    );
    expect(csvTextField("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvTextField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvTextField('-2')).toBe("'-2");
  });

  it('never prefixes or quotes numbers, negative ones included', async () => {
    const columns: readonly Column[] = [
      { header: 'Money', kind: 'money', width: 10 },
      { header: 'Percent', kind: 'percent', width: 10 },
      { header: 'Count', kind: 'text', width: 10 },
    ];
    const text = await csvText(columns, [[-1234, -1250, -5]]);
    expect(text.split('\r\n')[1]).toBe('-12.34,-12.5,-5');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: -1e8, max: 1e8 }), async (cents, basisPoints) => {
        const line = (await csvText(columns, [[cents, basisPoints, cents]])).split('\r\n')[1];
        expect(line).toBe(`${centsToDecimal(cents)},${formatPercent(basisPoints)},${cents}`);
      }),
      { numRuns: 100 },
    );
  });

  it('reads rows from an async source and yields chunks of about the chunk size', async () => {
    async function* rows(): AsyncGenerator<Cell[]> {
      for (let index = 0; index < 1000; index += 1) {
        if (index % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
        yield [`row ${index}`, index];
      }
    }
    const chunks: string[] = [];
    for await (const chunk of csvChunks(textAndMoney, rows(), { chunkSize: 1024 })) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(1024);
      expect(chunk.length).toBeLessThan(1024 + 40);
    }
    const records = readBack(chunks.join(''));
    expect(records).toHaveLength(1001);
    expect(records[1000]).toEqual(['row 999', '9.99']);
  });

  it('writes a header-only file for no rows', async () => {
    expect(await csvText(textAndMoney, [])).toBe('\uFEFFText,Money\r\n');
  });

  it('rejects a row of the wrong width and a fractional amount', async () => {
    await expect(csvText(textAndMoney, [['only one']])).rejects.toThrow(RangeError);
    await expect(csvText(textAndMoney, [['x', 1.5]])).rejects.toThrow(RangeError);
  });

  it('streams 100,000 rows from a lazy source without the heap growing with them', async () => {
    const collect = (globalThis as { gc?: () => void }).gc;
    const build = createRowBuilder('price-list', rulesFromMarkups(markups), noOptions);
    function* rows(): Generator<Cell[]> {
      for (let index = 0; index < 100_000; index += 1) yield build(product(index));
    }
    collect?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let characters = 0;
    let chunks = 0;
    for await (const chunk of csvChunks(columnsFor('price-list'), rows())) {
      characters += chunk.length;
      chunks += 1;
      if (chunks % 16 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    collect?.();
    const growth = Math.max(peak, process.memoryUsage().heapUsed) - before;
    // The file is ~10 MB of text from 100,000 rows of 13 cells (1.3 million cell values), which
    // holding would show here. The peak also counts garbage not yet collected (34 MB seen under
    // Node 24), so the bound leaves room for it. Its speed is measured by the benchmarks.
    expect(characters).toBeGreaterThan(8_000_000);
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  });
});
