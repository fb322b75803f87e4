import fc from 'fast-check';
import { priceEndings, type ItemOverride, type PricingRules } from '@tradelist/pricing/rules';
import { describe, expect, test } from 'vitest';
import { pricingProfileInput, profileFromRules, profileMessages, rulesFromProfile } from './pricing-profiles.ts';

const basisPoints = fc.integer({ min: 0, max: 100_000 });
const skus = ['A-1', 'B-2', 'C-3', 'D-4'];
const groups = ['Wires', 'Breakers', 'Boxes'];

/** Rules within the limits a profile accepts: 1 to 20 ordered bands from $0.00, markups up to 1,000 %, amounts up to $1,000,000. */
const rules: fc.Arbitrary<PricingRules> = fc.record({
  bands: fc
    .uniqueArray(fc.integer({ min: 1, max: 100_000_000 }), { maxLength: 19 })
    .chain((starts) => fc.tuple(...[0, ...starts.sort((a, b) => a - b)].map((fromCents) => fc.option(basisPoints, { nil: null }).map((markupBp) => ({ fromCents, markupBp }))))),
  groupMarkups: fc.uniqueArray(fc.record({ group: fc.constantFrom(...groups), markupBp: basisPoints }), { selector: (entry) => entry.group }),
  itemOverrides: fc.uniqueArray(
    fc.oneof(
      fc.record({ sku: fc.constantFrom(...skus), kind: fc.constant('exempt' as const) }),
      fc.record({ sku: fc.constantFrom(...skus), kind: fc.constant('markup' as const), markupBp: basisPoints }),
      fc.record({ sku: fc.constantFrom(...skus), kind: fc.constant('price' as const), priceCents: fc.integer({ min: 0, max: 100_000_000 }) }),
    ) as fc.Arbitrary<ItemOverride>,
    { selector: (entry) => entry.sku },
  ),
  ending: fc.constantFrom(...priceEndings),
  minPriceCents: fc.integer({ min: 0, max: 100_000_000 }),
  minMarginCents: fc.integer({ min: 0, max: 100_000_000 }),
  taxBp: fc.option(basisPoints, { nil: null }),
});

describe('a profile on the wire and in the engine', () => {
  test('rules become the wire profile and back unchanged, and the wire profile passes the request schema', () => {
    fc.assert(
      fc.property(rules, (original) => {
        const wire = profileFromRules(original);
        expect(rulesFromProfile(wire)).toEqual(original);
        const parsed = pricingProfileInput.safeParse({ name: 'Round trip', ...wire });
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(rulesFromProfile(parsed.data!)).toEqual(original);
      }),
    );
  });

  test('dollars are decimal strings and percents numbers, as in /user_factor/', () => {
    const wire = profileFromRules({
      bands: [
        { fromCents: 0, markupBp: 1250 },
        { fromCents: 10_01, markupBp: null },
      ],
      groupMarkups: [{ group: 'Wires', markupBp: 5 }],
      itemOverrides: [
        { sku: 'A-1', kind: 'exempt' },
        { sku: 'B-2', kind: 'price', priceCents: 100_000_000 },
      ],
      ending: '99',
      minPriceCents: 1_00,
      minMarginCents: 5,
      taxBp: 825,
    });
    expect(wire).toEqual({
      bands: [
        { from: '0.00', markup: 12.5 },
        { from: '10.01', markup: null },
      ],
      group_markups: [{ group: 'Wires', markup: 0.05 }],
      item_overrides: [
        { sku: 'A-1', exempt: true },
        { sku: 'B-2', price: '1000000.00' },
      ],
      ending: '99',
      min_price: '1.00',
      min_margin: '0.05',
      tax: 8.25,
    });
  });

  test('bands whose edges do not go up are refused band by band', () => {
    const result = pricingProfileInput.safeParse({ name: 'Edges', bands: ['0.00', '5.00', '5.00', '4.99', '6'].map((from) => ({ from, markup: 1 })) });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['bands.2.from', profileMessages.bandOrder(3)],
      ['bands.3.from', profileMessages.bandOrder(4)],
    ]);
  });
});
