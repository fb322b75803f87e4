import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeLabels,
  columnsFor,
  createChangeRowBuilder,
  createQuickBooksNamer,
  createRowBuilder,
  DEFAULT_QUICKBOOKS_INCOME_ACCOUNT,
  DEFAULT_QUICKBOOKS_TYPE,
  layouts,
  noPreviousEditionRow,
  NO_PREVIOUS_EDITION_NOTE,
  productLayouts,
  quickBooksName,
  userColumnsFor,
  type ChangedProductInput,
  type ProductInput,
} from './layouts.ts';
import { emptyMarkups, priceFor, type Markups } from './markups.ts';
import { rulesFromMarkups, type PricingRules } from './rules.ts';
import { downloadLayouts } from '@tradelist/contract/catalog';

const markups: Markups = { ...emptyMarkups, markup1_10: 5000, markup11_20: 2500, tax: 825 };
const rules = rulesFromMarkups(markups);
const wire: ProductInput = {
  sku: 'THHN-12-BLK-500',
  name: '12 AWG THHN Black 500 ft',
  description: 'Copper building wire',
  unit: 'RL',
  group: 'Wires',
  costCents: 10_01,
  manufacturerPartNumber: 'SIM-THHN12-BK-500',
  upc: '078477015113',
};
const noOptions = { inventoryOption: '', incomeType: '' };

describe('columnsFor', () => {
  it('names the layouts as the contract does', () => {
    expect([...layouts]).toEqual([...downloadLayouts]);
  });

  it.each([
    ['price-list', ['SKU', 'Name', 'Description', 'Category', 'Unit', 'Cost', 'Markup %', 'Price', 'Tax %', 'Price with tax', 'Manufacturer part number', 'UPC']],
    ['quickbooks', ['Name', 'SKU', 'Type', 'Sales Description', 'Sales Price/Rate', 'Income Account', 'Purchase Description', 'Purchase Cost']],
    [
      'changes',
      ['Change', 'SKU', 'Name', 'Category', 'Unit', 'Old cost', 'New cost', 'Old price', 'New price', 'Old price with tax', 'New price with tax', 'Change $', 'Change %'],
    ],
  ] as const)('%s has the columns of the issue, in order', (layout, headers) => {
    expect(columnsFor(layout).map((column) => column.header)).toEqual(headers);
  });

  it('marks money and percent columns and gives every column a width', () => {
    // A UPC is text: as a number it would lose its leading zeros.
    expect(columnsFor('price-list').map((column) => column.kind)).toEqual(['text', 'text', 'text', 'text', 'text', 'money', 'percent', 'money', 'percent', 'money', 'text', 'text']);
    expect(columnsFor('quickbooks').map((column) => column.kind)).toEqual(['text', 'text', 'text', 'text', 'money', 'text', 'text', 'money']);
    expect(columnsFor('changes').map((column) => column.kind)).toEqual([
      'text', 'text', 'text', 'text', 'text', 'money', 'money', 'money', 'money', 'money', 'money', 'money', 'percent',
    ]);
    for (const layout of layouts) for (const column of columnsFor(layout)) expect(column.width).toBeGreaterThan(0);
  });

  it('marks as the user’s text exactly the text columns the user’s settings fill (kept out of an .xlsx’s shared strings)', () => {
    for (const layout of productLayouts) {
      const userText = columnsFor(layout).flatMap((column, index) => (column.userText ? [index] : []));
      expect(userText).toEqual(userColumnsFor(layout).filter((index) => columnsFor(layout)[index]!.kind === 'text'));
    }
    expect(columnsFor('changes').some((column) => column.userText)).toBe(false);
  });
});

describe('createRowBuilder', () => {
  it('builds a price-list row: money in cents, percents in basis points', () => {
    const row = createRowBuilder('price-list', rules, noOptions)(wire);
    expect(row).toEqual(['THHN-12-BLK-500', '12 AWG THHN Black 500 ft', 'Copper building wire', 'Wires', 'RL', 10_01, 2500, 12_51, 825, 13_54, 'SIM-THHN12-BK-500', '078477015113']);
  });

  it('prices with every rule of a profile by SKU and group: the Markup % is the one applied, empty for a fixed price', () => {
    const profile: PricingRules = {
      ...rules,
      groupMarkups: [{ group: 'Wires', markupBp: 1000 }],
      itemOverrides: [
        { sku: 'FIXED', kind: 'price', priceCents: 7_77 },
        { sku: 'EXEMPT', kind: 'exempt' },
        { sku: 'OWN', kind: 'markup', markupBp: 300 },
      ],
      ending: '99',
    };
    const build = createRowBuilder('price-list', profile, noOptions);
    const cells = (product: ProductInput) => build(product).slice(6, 10);
    // The group's 10 %: $10.01 → $11.01 → $11.99 with the ending.
    expect(cells(wire)).toEqual([1000, 11_99, 825, 12_98]);
    expect(cells({ ...wire, group: 'Boxes' })).toEqual([2500, 12_99, 825, 14_06]);
    expect(cells({ ...wire, sku: 'FIXED' })).toEqual(['', 7_77, 825, 8_41]);
    expect(cells({ ...wire, sku: 'EXEMPT' })).toEqual([0, 10_01, 825, 10_84]);
    expect(cells({ ...wire, sku: 'OWN' })).toEqual([300, 10_99, 825, 11_90]);
    expect(createRowBuilder('quickbooks', profile, noOptions)({ ...wire, sku: 'FIXED' })[4]).toBe(7_77);
    const change = createChangeRowBuilder(profile)({ sku: 'OWN', name: 'n', unit: 'EA', group: 'Wires', previousCostCents: 10_01, costCents: 20_00 });
    expect(change.slice(7, 9)).toEqual([10_99, 20_99]);
  });

  it('leaves the part number and UPC cells empty when the supplier gave none', () => {
    const build = createRowBuilder('price-list', rules, noOptions);
    const { manufacturerPartNumber: _partNumber, upc: _upc, ...bare } = wire;
    expect(build(bare).slice(-2)).toEqual(['', '']);
    expect(build({ ...wire, manufacturerPartNumber: null, upc: null }).slice(-2)).toEqual(['', '']);
  });

  it('puts no part number or UPC in the QuickBooks layout, whose import has no field for them', () => {
    const row = createRowBuilder('quickbooks', rules, noOptions)(wire);
    expect(row).toHaveLength(columnsFor('quickbooks').length);
    expect(row).not.toContain('SIM-THHN12-BK-500');
    expect(row).not.toContain('078477015113');
  });

  it('builds a QuickBooks row: price without tax (QuickBooks adds it), cost as purchase cost, defaults for empty options', () => {
    const row = createRowBuilder('quickbooks', rules, noOptions)(wire);
    expect(row).toEqual([
      '12 AWG THHN Black 500 ft',
      'THHN-12-BLK-500',
      DEFAULT_QUICKBOOKS_TYPE,
      'Copper building wire',
      priceFor(10_01, markups).priceCents,
      DEFAULT_QUICKBOOKS_INCOME_ACCOUNT,
      'Copper building wire',
      10_01,
    ]);
    expect(DEFAULT_QUICKBOOKS_TYPE).toBe('Non-inventory');
    expect(DEFAULT_QUICKBOOKS_INCOME_ACCOUNT).toBe('Sales of Product Income');
  });

  it('fills Type from inventory_option and Income Account from income_type, and falls back to the name for a missing description', () => {
    const build = createRowBuilder('quickbooks', rules, { inventoryOption: ' Inventory ', incomeType: 'Materials Income' });
    const row = build({ ...wire, description: '  ' });
    expect(row[2]).toBe('Inventory');
    expect(row[5]).toBe('Materials Income');
    expect(row[3]).toBe(wire.name);
    expect(row[6]).toBe(wire.name);
  });

  it('keeps QuickBooks names unique within one builder, and starts afresh with a new one', () => {
    const build = createRowBuilder('quickbooks', rules, noOptions);
    expect(build(wire)[0]).toBe('12 AWG THHN Black 500 ft');
    expect(build({ ...wire, sku: 'THHN-12-BLK-500-B' })[0]).toBe('12 AWG THHN Black 500 ft (THHN-12-BLK-500-B)');
    expect(createRowBuilder('quickbooks', rules, noOptions)(wire)[0]).toBe('12 AWG THHN Black 500 ft');
  });

  it('rejects invalid markups up front and a negative cost per row', () => {
    expect(() => createRowBuilder('price-list', rulesFromMarkups({ ...markups, tax: 1.5 }), noOptions)).toThrow(RangeError);
    const build = createRowBuilder('price-list', rules, noOptions);
    expect(() => build({ ...wire, costCents: -1 })).toThrow(RangeError);
  });
});

describe('quickBooksName', () => {
  it.each([
    ['1/2" EMT Connector', '1/2 in EMT Connector'],
    ['3/4"EMT', '3/4 in EMT'],
    ['Cable 10"x12"', 'Cable 10 in x12 in'],
    ['1-1/4 " Rigid Coupling', '1-1/4 in Rigid Coupling'],
    ['Box: 4" Square', 'Box - 4 in Square'],
    ['Say "hello"', 'Say hello'],
    ['Ratio 1:2', 'Ratio 1 -2'],
    ['  many   spaces\tand\ttabs  ', 'many spaces and tabs'],
    ['line\r\nbreak', 'line break'],
    ['', ''],
    ['x'.repeat(150), 'x'.repeat(100)],
  ])('%j → %j', (name, expected) => {
    expect(quickBooksName(name)).toBe(expected);
  });

  it('never cuts an emoji in half at the 100-character limit', () => {
    const name = `${'a'.repeat(99)}😀`;
    expect(quickBooksName(name)).toBe('a'.repeat(99));
  });
});

describe('createQuickBooksNamer', () => {
  it('adds the SKU, then a counter, on a clash; compares without case', () => {
    const nameFor = createQuickBooksNamer();
    expect(nameFor('Wire Nut', 'WN-1')).toBe('Wire Nut');
    expect(nameFor('wire nut', 'WN-2')).toBe('wire nut (WN-2)');
    expect(nameFor('Wire Nut', 'WN-2')).toBe('Wire Nut (2)');
    expect(nameFor('Wire Nut', '')).toBe('Wire Nut (3)');
    expect(nameFor('Wire Nut (WN-2)', 'X')).toBe('Wire Nut (WN-2) (X)');
    expect(nameFor('', 'SKU:9')).toBe('SKU -9');
    expect(nameFor('', '')).toBe('Item');
    expect(nameFor('"', '')).toBe('Item (2)');
  });

  it('keeps a suffixed long name within 100 characters', () => {
    const nameFor = createQuickBooksNamer();
    const long = 'L'.repeat(120);
    expect(nameFor(long, 'A')).toBe('L'.repeat(100));
    expect(nameFor(long, 'B')).toBe(`${'L'.repeat(96)} (B)`);
    expect(nameFor(long, 'B')).toBe(`${'L'.repeat(96)} (2)`);
  });

  it('gives unique, valid names for any list of products', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'A', 'b', ' ', ':', '"', '1', '/', '😀', '\n'), maxLength: 120 });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 60 }), (products) => {
        const nameFor = createQuickBooksNamer();
        const names = products.map(([name, sku]) => nameFor(name, sku));
        expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
        for (const name of names) {
          expect(name.length).toBeGreaterThan(0);
          expect(name.length).toBeLessThanOrEqual(100);
          expect(name).not.toMatch(/[:"\n]|^\s|\s$|\s\s|[\ud800-\udbff]$/);
        }
      }),
    );
  });
});

describe('createChangeRowBuilder', () => {
  const build = createChangeRowBuilder(rules);
  const item: ChangedProductInput = { sku: 'THHN-12-BLK-500', name: '12 AWG THHN Black 500 ft', unit: 'RL', group: 'Wires', previousCostCents: 8_00, costCents: 8_80 };

  it('a price rise: old and new cost, price and price with tax, and the change of the price', () => {
    // $8.00 → $12.00 → $12.99 with 8.25 % tax; $8.80 → $13.20 → $14.29.
    expect(build(item)).toEqual(['Up', 'THHN-12-BLK-500', '12 AWG THHN Black 500 ft', 'Wires', 'RL', 8_00, 8_80, 12_00, 13_20, 12_99, 14_29, 1_20, 1000]);
  });

  it('a fall is negative in dollars and percent', () => {
    const row = build({ ...item, previousCostCents: 8_80, costCents: 8_00 });
    // $13.20 → $12.00: -$1.20, -9.0909 % → -909 bp.
    expect([row[0], row[11], row[12]]).toEqual(['Down', -1_20, -909]);
  });

  it('a new item has only new values, a removed one only old ones; neither has a change', () => {
    expect(build({ ...item, previousCostCents: null })).toEqual(['New', item.sku, item.name, 'Wires', 'RL', '', 8_80, '', 13_20, '', 14_29, '', '']);
    expect(build({ ...item, costCents: null })).toEqual(['Removed', item.sku, item.name, 'Wires', 'RL', 8_00, '', 12_00, '', 12_99, '', '', '']);
  });

  it('names every kind of change, and fills every column', () => {
    expect(Object.values(changeLabels)).toEqual(['New', 'Removed', 'Up', 'Down', 'Same price']);
    expect(build(item)).toHaveLength(columnsFor('changes').length);
    expect(noPreviousEditionRow()).toHaveLength(columnsFor('changes').length);
    expect(noPreviousEditionRow()[0]).toBe(NO_PREVIOUS_EDITION_NOTE);
  });

  it('rejects invalid markups up front', () => {
    expect(() => createChangeRowBuilder(rulesFromMarkups({ ...markups, tax: -1 }))).toThrow(RangeError);
  });
});
