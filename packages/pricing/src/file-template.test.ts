import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvChunks } from './csv.ts';
import { filledFileChunks, fileTemplateChunks, plainFileChunks, type TemplateFormat, type TemplateUser } from './file-template.ts';
import { columnsFor, createRowBuilder, createEditionCellBuilder, createUserCellBuilder, productLayouts, userColumnsFor, type ProductInput, type ProductLayout } from './layouts.ts';
import { emptyMarkups, type Markups } from './markups.ts';
import { rulesFromMarkups, type PricingRules } from './rules.ts';
import { xlsxChunks } from './xlsx.ts';

const markups: Markups = { ...emptyMarkups, markup1_10: 5000, markup11_20: 4000, markup21_50: 3000, markup51_150: 2500, markup151_500: 2000, markup501: 1000, tax: 825 };
const user: TemplateUser = {
  rules: rulesFromMarkups(markups),
  rowOptions: { inventoryOption: 'Inventory "A", =1', incomeType: 'Sales — Électrique\n2' },
  sheetName: 'Price list',
  modifiedAt: new Date('2026-11-01T00:00:00Z'),
};

/** Values a writer must escape or guard: quotes, commas, line ends, unicode, formula starts, empty fields. */
const tricky = ['', 'plain', 'a "quoted" word', 'one, two', 'line\nbreak', 'cr\r\nlf', '=SUM(A1:A2)', '+1', '-2', '@cmd', '\tTab', ' spaced ', 'Ünïcødé ✓ 🔌', 'x_x0041_y', '<&>', '1/2" conduit: 10 ft'];

function trickyProduct(index: number): ProductInput {
  const pick = (offset: number) => tricky[(index + offset) % tricky.length]!;
  return {
    sku: index % 7 === 0 ? pick(3) : `SKU-${index}`,
    name: index % 5 === 0 ? 'Same name' : pick(1),
    description: pick(2),
    unit: pick(4),
    group: pick(5),
    costCents: [0, 1, 999, 10_00, 10_01, 20_00, 50_01, 150_00, 500_01, 123_456_78][index % 10]! + (index % 3),
    manufacturerPartNumber: index % 4 === 0 ? null : pick(6),
    upc: index % 6 === 0 ? undefined : pick(7),
  };
}

async function bytesOf(chunks: AsyncIterable<string | Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk));
  return Buffer.concat(parts);
}

/** What the plain writers produce for the whole rows. */
function plainFile(format: TemplateFormat, layout: ProductLayout, products: ProductInput[], who: TemplateUser): Promise<Buffer> {
  const build = createRowBuilder(layout, who.rules, who.rowOptions);
  const rows = products.map((product) => build(product));
  if (format === 'csv') return bytesOf(csvChunks(columnsFor(layout), rows));
  return bytesOf(xlsxChunks(columnsFor(layout), rows, { sheetName: who.sheetName!, modifiedAt: who.modifiedAt! }));
}

/** The template's bytes handed on in pieces of `size`, as they could arrive from a file or a thread. */
async function* inPieces(template: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < template.length; at += size) yield template.subarray(at, at + size);
}

const cases = productLayouts.flatMap((layout) => (['csv', 'xlsx'] as const).map((format) => [format, layout] as const));

describe('a file filled from its edition template', () => {
  it.each(cases)('%s %s: the same bytes as the plain writer, with tricky values', async (format, layout) => {
    const products = Array.from({ length: 3_000 }, (_, index) => trickyProduct(index));
    const template = await bytesOf(fileTemplateChunks(format, layout, products));
    const expected = await plainFile(format, layout, products, user);
    for (const pieceSize of [7, 64 * 1024, template.length]) {
      expect((await bytesOf(filledFileChunks(format, layout, inPieces(template, pieceSize), user))).equals(expected)).toBe(true);
    }
  });

  it.each(cases)('%s %s: without a template, the plain file of the products as they come', async (format, layout) => {
    const products = Array.from({ length: 2_500 }, (_, index) => trickyProduct(index));
    const arriving = (async function* () {
      yield* products;
    })();
    expect((await bytesOf(plainFileChunks(format, layout, arriving, user))).equals(await plainFile(format, layout, products, user))).toBe(true);
  });

  it.each(cases)('%s %s: the same bytes for an edition without products', async (format, layout) => {
    const template = await bytesOf(fileTemplateChunks(format, layout, []));
    const expected = await plainFile(format, layout, [], user);
    expect((await bytesOf(filledFileChunks(format, layout, inPieces(template, 5), user))).equals(expected)).toBe(true);
  });

  it('serves every user from one template: other markups, empty QuickBooks texts and control characters', async () => {
    const products = Array.from({ length: 200 }, (_, index) => trickyProduct(index));
    const other: TemplateUser = { ...user, rules: rulesFromMarkups({ ...emptyMarkups, markup501: 1, tax: 10_000 }), rowOptions: { inventoryOption: ' ', incomeType: '' } };
    const marked: TemplateUser = { ...user, rowOptions: { inventoryOption: 'a\u0001b', incomeType: '\u0001' } };
    for (const [format, layout] of cases) {
      const template = await bytesOf(fileTemplateChunks(format, layout, products));
      expect((await bytesOf(filledFileChunks(format, layout, inPieces(template, 1000), other))).equals(await plainFile(format, layout, products, other))).toBe(true);
      expect((await bytesOf(filledFileChunks(format, layout, inPieces(template, 1000), marked))).equals(await plainFile(format, layout, products, marked))).toBe(true);
    }
  });

  it('fills every kind of rule: group and item markups, exempt and fixed items, minimums and an ending, by SKU and group', async () => {
    const products = Array.from({ length: 1_500 }, (_, index) => trickyProduct(index));
    const rules: PricingRules = {
      bands: [
        { fromCents: 0, markupBp: 6000 },
        { fromCents: 1_00, markupBp: null },
        { fromCents: 25_00, markupBp: 1500 },
      ],
      groupMarkups: [
        { group: tricky[5]!, markupBp: 3333 },
        { group: 'Ünïcødé ✓ 🔌', markupBp: 0 },
      ],
      itemOverrides: [
        { sku: 'SKU-1', kind: 'exempt' },
        { sku: 'SKU-2', kind: 'markup', markupBp: 12_345 },
        { sku: 'SKU-3', kind: 'price', priceCents: 4_20 },
        { sku: tricky[3]!, kind: 'price', priceCents: 0 },
        { sku: 'SKU-1001', kind: 'markup', markupBp: 1 },
      ],
      ending: '95',
      minPriceCents: 1_00,
      minMarginCents: 50,
      taxBp: 700,
    };
    const profiled: TemplateUser = { ...user, rules };
    for (const [format, layout] of cases) {
      const template = await bytesOf(fileTemplateChunks(format, layout, products));
      const expected = await plainFile(format, layout, products, profiled);
      expect(expected.equals(await plainFile(format, layout, products, user))).toBe(false);
      expect((await bytesOf(filledFileChunks(format, layout, inPieces(template, 333), profiled))).equals(expected)).toBe(true);
    }
  });

  it('refuses a template cut short', async () => {
    const template = await bytesOf(fileTemplateChunks('csv', 'price-list', [trickyProduct(1), trickyProduct(2)]));
    await expect(bytesOf(filledFileChunks('csv', 'price-list', inPieces(template.subarray(0, template.length - 3), 100), user))).rejects.toThrow(/ends inside a frame/);
    const withoutEnd = template.subarray(0, template.length - 12);
    await expect(bytesOf(filledFileChunks('csv', 'price-list', inPieces(withoutEnd, 100), user))).rejects.toThrow(/before its last row/);
  });
});

describe('the edition and user cells', () => {
  it('make up the row that createRowBuilder builds, whatever the product and markups', () => {
    const band = fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null });
    fc.assert(
      fc.property(
        fc.record({ sku: fc.string(), name: fc.string(), description: fc.string(), unit: fc.string(), group: fc.string(), costCents: fc.integer({ min: 0, max: 10_000_000 }) }),
        fc.record({ markup1_10: band, markup11_20: band, markup21_50: band, markup51_150: band, markup151_500: band, markup501: band, tax: band }),
        fc.constantFrom(...productLayouts),
        (product, someMarkups, layout) => {
          const options = { inventoryOption: 'Service', incomeType: '' };
          const row = createEditionCellBuilder(layout)(product);
          const cells = createUserCellBuilder(layout, rulesFromMarkups(someMarkups), options)(product);
          userColumnsFor(layout).forEach((column, index) => {
            expect(row[column]).toBe('');
            row[column] = cells[index]!;
          });
          expect(row).toEqual(createRowBuilder(layout, rulesFromMarkups(someMarkups), options)(product));
        },
      ),
    );
  });
});
