import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { csvChunks } from '@tradelist/pricing/csv';
import { columnsFor, createChangeRowBuilder, createRowBuilder, noPreviousEditionRow, productLayouts, type ChangedProductInput, type ProductInput } from '@tradelist/pricing/layouts';
import { markupsFromPercents } from '@tradelist/pricing/markups';
import { rulesFromMarkups, type PricingRules } from '@tradelist/pricing/rules';
import { xlsxStream } from '@tradelist/pricing/xlsx';
import type { AllowedDownload } from './download-edition.ts';
import { EDITION_FILE_VERSION, editionFileKey } from './edition-file-key.ts';

const base: AllowedDownload = {
  reservationId: 1,
  collection: {
    id: 12,
    category_id: 1,
    collection_id: 'ELECTRICAL-2026-03',
    name: 'Electrical Price List — March 2026',
    rundate: '2026-03-01',
    image: null,
    is_free: false,
    item_count: 5,
    created_at: new Date('2026-02-28T09:00:00.123Z'),
    category_name: 'Electrical',
    category_image: null,
  },
  previousCollection: null,
  format: 'csv',
  layout: 'price-list',
  profile: { id: 1, name: 'Standard', isDefault: true, rules: rulesFromMarkups(markupsFromPercents({ markup1_10: 35, markup11_20: 30, markup21_50: 25, markup51_150: 20, markup151_500: 15, markup501: 10, tax: 8.25 })) },
  inventoryOption: 'Non-inventory',
  incomeType: 'Sales',
};

/**
 * A ZIP file's entry names and inflated contents, read through its central directory. The
 * fingerprint hashes these rather than the compressed bytes, which may differ between zlib builds.
 */
function unzipped(zip: Buffer): Buffer {
  const end = zip.length - 22;
  const count = zip.readUInt16LE(end + 10);
  let record = zip.readUInt32LE(end + 16);
  const parts: Buffer[] = [];
  for (let index = 0; index < count; index += 1) {
    const compressedSize = zip.readUInt32LE(record + 20);
    const nameLength = zip.readUInt16LE(record + 28);
    const local = zip.readUInt32LE(record + 42);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    parts.push(zip.subarray(record + 46, record + 46 + nameLength), inflateRawSync(zip.subarray(dataStart, dataStart + compressedSize)));
    record += 46 + nameLength + zip.readUInt16LE(record + 30) + zip.readUInt16LE(record + 32);
  }
  return Buffer.concat(parts);
}

/** The edition before `base`'s, which a Changes file compares with. */
const previous: AllowedDownload['collection'] = {
  ...base.collection,
  id: 11,
  collection_id: 'ELECTRICAL-2026-02',
  name: 'Electrical Price List — February 2026',
  rundate: '2026-02-01',
  created_at: new Date('2026-01-31T09:00:00.123Z'),
};

/** `base` with some of its profile's rules changed. */
const withRules = (rules: Partial<PricingRules>): AllowedDownload => ({ ...base, profile: { ...base.profile, rules: { ...base.profile.rules, ...rules } } });

describe('editionFileKey', () => {
  test('the same inputs give the same key, a safe file name ending in the format', () => {
    const key = editionFileKey(base);
    expect(editionFileKey(structuredClone(base))).toBe(key);
    expect(key).toMatch(/^12-[0-9a-f]{40}\.csv$/);
    expect(editionFileKey({ ...base, format: 'xlsx' })).toMatch(/\.xlsx$/);
  });

  test('anything the bytes depend on changes the key; the edition name (only in the download name) does not', () => {
    const key = editionFileKey(base);
    const variants: AllowedDownload[] = [
      { ...base, format: 'xlsx' },
      { ...base, layout: 'quickbooks' },
      withRules({ bands: base.profile.rules.bands.map((band, index) => (index === 3 ? { ...band, markupBp: 2001 } : band)) }),
      withRules({ taxBp: null }),
      withRules({ bands: base.profile.rules.bands.map((band, index) => (index === 0 ? { ...band, markupBp: 0 } : band)) }),
      withRules({ bands: base.profile.rules.bands.map((band, index) => (index === 2 ? { ...band, fromCents: 20_02 } : band)) }),
      withRules({ bands: base.profile.rules.bands.slice(0, 5) }),
      withRules({ groupMarkups: [{ group: 'Wires', markupBp: 1000 }] }),
      withRules({ groupMarkups: [{ group: 'Wires', markupBp: 1001 }] }),
      withRules({ itemOverrides: [{ sku: 'EMT-050', kind: 'exempt' }] }),
      withRules({ itemOverrides: [{ sku: 'EMT-050', kind: 'markup', markupBp: 0 }] }),
      withRules({ itemOverrides: [{ sku: 'EMT-050', kind: 'price', priceCents: 0 }] }),
      withRules({ ending: '99' }),
      withRules({ minPriceCents: 1 }),
      withRules({ minMarginCents: 1 }),
      { ...base, inventoryOption: 'Inventory' },
      { ...base, incomeType: 'Sales of Product Income' },
      { ...base, collection: { ...base.collection, id: 13 } },
      { ...base, collection: { ...base.collection, collection_id: 'ELECTRICAL-2026-03-2' } },
      { ...base, collection: { ...base.collection, created_at: new Date('2026-02-28T09:00:00.124Z') } },
      { ...base, collection: { ...base.collection, item_count: 6 } },
      { ...base, layout: 'changes' },
      { ...base, layout: 'changes', previousCollection: previous },
      { ...base, layout: 'changes', previousCollection: { ...previous, id: 10 } },
      { ...base, layout: 'changes', previousCollection: { ...previous, created_at: new Date('2026-01-31T09:00:00.124Z') } },
    ];
    const keys = variants.map(editionFileKey);
    expect(new Set([key, ...keys]).size).toBe(variants.length + 1);
    expect(editionFileKey({ ...base, collection: { ...base.collection, name: 'Renamed' } })).toBe(key);
    expect(editionFileKey({ ...base, profile: { ...base.profile, id: 7, name: 'Commercial', isDefault: false } })).toBe(key);
  });

  test(`the writers' output matches the fingerprint of file version ${EDITION_FILE_VERSION} (bump the version when this fails)`, async () => {
    // Stored files of the old version would otherwise be served after a change to the writers.
    const products: ProductInput[] = [
      { sku: 'EMT-050', name: '1/2" EMT Set-Screw Connector', description: 'Die-cast zinc', unit: 'EA', group: 'Conduit Fittings', costCents: 1000, manufacturerPartNumber: 'SIM-EMT050-SS', upc: '078477015113' },
      { sku: 'INJ-1', name: '=HYPERLINK("http://evil.example","click")', description: '+1+1', unit: 'EA', group: '@SUM(A1)', costCents: 250, manufacturerPartNumber: '-5A', upc: null },
      { sku: '-5', name: '\tTab start', description: '\rCR start, "quoted"', unit: 'RL', group: 'Wires', costCents: 150_001, manufacturerPartNumber: null, upc: '032664000019' },
    ];
    const changes: ChangedProductInput[] = [
      { sku: 'EMT-050', name: '1/2" EMT Set-Screw Connector', unit: 'EA', group: 'Conduit Fittings', previousCostCents: 1000, costCents: 1001 },
      { sku: 'INJ-1', name: '=HYPERLINK("http://evil.example","click")', unit: 'EA', group: '@SUM(A1)', previousCostCents: null, costCents: 250 },
      { sku: '-5', name: '\tTab start', unit: 'RL', group: 'Wires', previousCostCents: 150_001, costCents: null },
    ];
    const hash = createHash('sha256');
    const layoutRows = productLayouts.map((layout) => ({
      columns: columnsFor(layout),
      rows: () => products.map(createRowBuilder(layout, base.profile.rules, { inventoryOption: base.inventoryOption, incomeType: base.incomeType })),
    }));
    layoutRows.push(
      { columns: columnsFor('changes'), rows: () => changes.map(createChangeRowBuilder(base.profile.rules)) },
      { columns: columnsFor('changes'), rows: () => [noPreviousEditionRow()] },
    );
    for (const { columns, rows } of layoutRows) {
      hash.update(await buffer(Readable.from(csvChunks(columns, rows()), { objectMode: false })));
      hash.update(unzipped(await buffer(xlsxStream(columns, rows(), { sheetName: 'Price list', modifiedAt: new Date('2026-03-01T00:00:00Z') }))));
    }
    // 2: the Changes layout joined the files. 3: the price list's part number and UPC columns, and the .xlsx autofilter.
    // 4: the .xlsx's edition texts in shared strings (decision 0053).
    const fingerprints: Record<number, string> = {
      1: '0c76d43d305d6702539bcc5e45af8990b4429d3d43d5b2bca7d456b7b32f6f6f',
      2: 'ddc8be335885d2e00bfd500777bc93b7eb9c1649ed39d6f57257b7a40e95de62',
      3: 'd79f28be7b8be4354909319ca0f9877d864e6abf1d7c87fd56c63061e1acf7ca',
      4: 'd99702377a78e0722708e55f8cbd122cd8bd3a7060c3369f4532fdc4990e3268',
    };
    expect(hash.digest('hex')).toBe(fingerprints[EDITION_FILE_VERSION]);
  });
});
