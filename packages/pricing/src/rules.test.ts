import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyMarkups as empty, priceFor, type Markups } from './markups.ts';
import {
  applyEnding,
  compileRules,
  defaultBandStarts,
  hasDefaultBands,
  markupsFromRules,
  priceEndings,
  requireValidRules,
  rulesFromMarkups,
  type ItemOverride,
  type PriceEnding,
  type PricingRules,
} from './rules.ts';

const basisPoints = fc.integer({ min: 0, max: 100_000 });
const optionalBasisPoints = fc.option(basisPoints, { nil: null });
const markups: fc.Arbitrary<Markups> = fc.record({
  markup1_10: optionalBasisPoints,
  markup11_20: optionalBasisPoints,
  markup21_50: optionalBasisPoints,
  markup51_150: optionalBasisPoints,
  markup151_500: optionalBasisPoints,
  markup501: optionalBasisPoints,
  tax: optionalBasisPoints,
});
const cost = fc.integer({ min: 0, max: 2_000_000 });
const groups = ['Wires', 'Breakers', 'Boxes'] as const;
const skus = ['A1', 'B2', 'C3', 'D4'] as const;

const rules: fc.Arbitrary<PricingRules> = fc.record({
  bands: fc
    .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 19 })
    .chain((starts) => {
      const sorted = [0, ...starts.sort((a, b) => a - b)];
      return fc.tuple(...sorted.map((fromCents) => optionalBasisPoints.map((markupBp) => ({ fromCents, markupBp }))));
    }),
  groupMarkups: fc.uniqueArray(fc.record({ group: fc.constantFrom(...groups), markupBp: basisPoints }), { selector: (entry) => entry.group }),
  itemOverrides: fc.uniqueArray(
    fc.oneof(
      fc.record({ sku: fc.constantFrom(...skus), kind: fc.constant('exempt' as const) }),
      fc.record({ sku: fc.constantFrom(...skus), kind: fc.constant('markup' as const), markupBp: basisPoints }),
      fc.record({ sku: fc.constantFrom(...skus), kind: fc.constant('price' as const), priceCents: fc.integer({ min: 0, max: 100_000_000 }) }),
    ) as fc.Arbitrary<ItemOverride>,
    { selector: (override) => override.sku },
  ),
  ending: fc.constantFrom(...priceEndings),
  minPriceCents: fc.integer({ min: 0, max: 10_000 }),
  minMarginCents: fc.integer({ min: 0, max: 10_000 }),
  taxBp: optionalBasisPoints,
});

/** Half-up rounding of cents × (1 + bp), by BigInt: an independent reading of the product's rule. */
function markUp(cents: number, bp: number): number {
  const exact = BigInt(cents) * BigInt(10_000 + bp);
  return Number((exact * 2n + 10_000n) / 20_000n);
}

/** The rules applied step by step, as a person would on paper. */
function byHand(table: PricingRules, item: { sku: string; group: string; costCents: number }): number {
  const override = table.itemOverrides.find((candidate) => candidate.sku === item.sku);
  const tax = table.taxBp ?? 0;
  if (override?.kind === 'exempt') return markUp(item.costCents, tax);
  if (override?.kind === 'price') return markUp(override.priceCents, tax);
  const band = [...table.bands].reverse().find((candidate) => candidate.fromCents <= item.costCents)!;
  const group = table.groupMarkups.find((candidate) => candidate.group === item.group);
  const markup = override?.kind === 'markup' ? override.markupBp : group ? group.markupBp : (band.markupBp ?? 0);
  let price = Math.max(markUp(item.costCents, markup), item.costCents + table.minMarginCents, table.minPriceCents);
  const step: Partial<Record<PriceEnding, number>> = { 'up_0.05': 5, 'up_0.25': 25, up_1: 100 };
  if (step[table.ending]) price = Math.ceil(price / step[table.ending]!) * step[table.ending]!;
  const target = table.ending === '99' ? 99 : table.ending === '95' ? 95 : null;
  if (target !== null) while (price % 100 !== target) price += 1;
  return markUp(price, tax);
}

describe('compileRules', () => {
  it('prices every item as the step-by-step reading does', () => {
    fc.assert(
      fc.property(rules, cost, fc.constantFrom(...skus, 'Z9'), fc.constantFrom(...groups, 'Lamps'), (table, costCents, sku, group) => {
        expect(compileRules(table).price({ sku, group, costCents }).priceWithTaxCents).toBe(byHand(table, { sku, group, costCents }));
      }),
      { numRuns: 500 },
    );
  });

  it('with the default table, prices exactly as the six bands of the product do', () => {
    fc.assert(
      fc.property(markups, cost, (six, costCents) => {
        const price = compileRules(rulesFromMarkups(six)).price({ sku: 'X', group: 'Wires', costCents });
        const expected = priceFor(costCents, six);
        expect([price.priceCents, price.priceWithTaxCents, price.markupBp]).toEqual([expected.priceCents, expected.priceWithTaxCents, expected.markupBp]);
      }),
    );
  });

  it('keeps band edges inclusive: $10.00 is in the first band, $10.01 in the second', () => {
    const engine = compileRules(rulesFromMarkups({ markup1_10: 1000, markup11_20: 2000, markup21_50: null, markup51_150: null, markup151_500: null, markup501: null, tax: null }));
    expect(engine.price({ sku: 'a', group: 'g', costCents: 10_00 })).toMatchObject({ band: 0, priceCents: 11_00 });
    expect(engine.price({ sku: 'a', group: 'g', costCents: 10_01 })).toMatchObject({ band: 1, priceCents: 12_01 });
  });

  it('says which rule set each price', () => {
    const table: PricingRules = {
      ...rulesFromMarkups({ markup1_10: 5000, markup11_20: null, markup21_50: null, markup51_150: null, markup151_500: null, markup501: null, tax: 800 }),
      groupMarkups: [{ group: 'Wires', markupBp: 2500 }],
      itemOverrides: [
        { sku: 'E', kind: 'exempt' },
        { sku: 'M', kind: 'markup', markupBp: 100 },
        { sku: 'F', kind: 'price', priceCents: 4_99 },
      ],
      minPriceCents: 1_00,
    };
    const engine = compileRules(table);
    expect(engine.price({ sku: 'x', group: 'Lamps', costCents: 4_00 })).toMatchObject({ source: 'band', priceCents: 6_00, priceWithTaxCents: 6_48 });
    expect(engine.price({ sku: 'x', group: 'Wires', costCents: 4_00 })).toMatchObject({ source: 'group', priceCents: 5_00 });
    expect(engine.price({ sku: 'E', group: 'Wires', costCents: 4_00 })).toMatchObject({ source: 'exempt', priceCents: 4_00 });
    expect(engine.price({ sku: 'M', group: 'Wires', costCents: 4_00 })).toMatchObject({ source: 'item_markup', priceCents: 4_04 });
    expect(engine.price({ sku: 'F', group: 'Wires', costCents: 4_00 })).toMatchObject({ source: 'fixed', markupBp: null, priceCents: 4_99 });
    expect(engine.price({ sku: 'x', group: 'Lamps', costCents: 20 })).toMatchObject({ source: 'band', markedUpCents: 30, raisedTo: 'min_price', priceCents: 1_00 });
  });

  it('refuses a table that is not whole', () => {
    const base = rulesFromMarkups(empty);
    expect(() => requireValidRules({ ...base, bands: [] })).toThrow(RangeError);
    expect(() => requireValidRules({ ...base, bands: [{ fromCents: 5, markupBp: 0 }] })).toThrow(/start at 0/);
    expect(() => requireValidRules({ ...base, bands: [{ fromCents: 0, markupBp: 0 }, { fromCents: 0, markupBp: 0 }] })).toThrow(/increase/);
    expect(() => requireValidRules({ ...base, bands: Array.from({ length: 21 }, (_, index) => ({ fromCents: index, markupBp: 0 })) })).toThrow(/1 to 20/);
    expect(() => requireValidRules({ ...base, groupMarkups: [{ group: 'W', markupBp: 1 }, { group: 'W', markupBp: 2 }] })).toThrow(/two markups/);
    expect(() => requireValidRules({ ...base, itemOverrides: [{ sku: 'A', kind: 'exempt' }, { sku: 'A', kind: 'exempt' }] })).toThrow(/two overrides/);
  });
});

describe('applyEnding', () => {
  it.each([
    [1_23, 'none', 1_23],
    [1_23, 'up_0.05', 1_25],
    [1_25, 'up_0.05', 1_25],
    [1_26, 'up_0.25', 1_50],
    [1_01, 'up_1', 2_00],
    [1_00, 'up_1', 1_00],
    [1_00, '99', 1_99],
    [1_99, '99', 1_99],
    [1_96, '95', 2_95],
    [1_95, '95', 1_95],
    [0, '95', 95],
  ] as const)('%i cents with %s → %i', (cents, ending, expected) => {
    expect(applyEnding(cents, ending)).toBe(expected);
  });

  it('never lowers a price and always ends as it says', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(...priceEndings), (cents, ending) => {
        const ended = applyEnding(cents, ending);
        expect(ended).toBeGreaterThanOrEqual(cents);
        if (ending === '99') expect(ended % 100).toBe(99);
        if (ending === '95') expect(ended % 100).toBe(95);
        if (ending === 'up_0.25') expect(ended % 25).toBe(0);
      }),
    );
  });
});

describe('the six fields of the user factor', () => {
  it('round-trip through the default table', () => {
    fc.assert(
      fc.property(markups, (six) => {
        const table = rulesFromMarkups(six);
        expect(hasDefaultBands(table)).toBe(true);
        expect(markupsFromRules(table)).toEqual(six);
      }),
    );
  });

  it('read, for another table, the markup at each default band lower edge', () => {
    const table: PricingRules = { ...rulesFromMarkups({ ...empty, tax: 700 }), bands: [{ fromCents: 0, markupBp: 4000 }, { fromCents: 100_00, markupBp: 2000 }] };
    expect(hasDefaultBands(table)).toBe(false);
    expect(markupsFromRules(table)).toEqual({ markup1_10: 4000, markup11_20: 4000, markup21_50: 4000, markup51_150: 4000, markup151_500: 2000, markup501: 2000, tax: 700 });
    expect(defaultBandStarts).toHaveLength(6);
  });
});
