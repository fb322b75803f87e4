import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandFor, markupFields } from './bands.ts';
import { emptyMarkups, markupsFromPercents, priceFor, type Markups } from './markups.ts';
import { applyBasisPoints } from './money.ts';

const tenPercentEverywhere: Markups = {
  markup1_10: 1000,
  markup11_20: 1000,
  markup21_50: 1000,
  markup51_150: 1000,
  markup151_500: 1000,
  markup501: 1000,
  tax: null,
};

const ladder: Markups = {
  markup1_10: 5000,
  markup11_20: 4000,
  markup21_50: 3000,
  markup51_150: 2500,
  markup151_500: 2000,
  markup501: 1000,
  tax: 825,
};

const basisPoints = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 1_000_000 }));
const anyMarkups: fc.Arbitrary<Markups> = fc.record({
  markup1_10: basisPoints,
  markup11_20: basisPoints,
  markup21_50: basisPoints,
  markup51_150: basisPoints,
  markup151_500: basisPoints,
  markup501: basisPoints,
  tax: basisPoints,
});
// Mostly costs around the band limits, some anywhere.
const anyCost = fc.oneof(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 0, max: 1_000_000_000 }));

describe('priceFor', () => {
  it.each([
    // cost, markups, band, price, price with tax
    [5, tenPercentEverywhere, 'markup1_10', 6, 6], // 0.055 → 0.06
    [115, tenPercentEverywhere, 'markup1_10', 127, 127], // 1.265 → 1.27
    [10_00, ladder, 'markup1_10', 15_00, 16_24], // 16.23750 → 16.24
    [10_01, ladder, 'markup11_20', 14_01, 15_17], // 14.014 → 14.01; 15.166 → 15.17
    [20_00, ladder, 'markup11_20', 28_00, 30_31], // 30.31
    [20_01, ladder, 'markup21_50', 26_01, 28_16], // 26.013 → 26.01; 28.156 → 28.16
    [50_01, ladder, 'markup51_150', 62_51, 67_67], // 62.5125 → 62.51; 67.667 → 67.67
    [150_01, ladder, 'markup151_500', 180_01, 194_86], // 180.012 → 180.01; 194.861 → 194.86
    [500_01, ladder, 'markup501', 550_01, 595_39], // 550.011 → 550.01; 595.386 → 595.39
    [0, ladder, 'markup1_10', 0, 0],
    [12_34, emptyMarkups, 'markup11_20', 12_34, 12_34], // empty band and tax: 0 %
  ] as const)('%s cents → %s, price %s, with tax %s', (costCents, markups, band, priceCents, priceWithTaxCents) => {
    expect(priceFor(costCents, markups)).toMatchObject({ band, priceCents, priceWithTaxCents });
  });

  it('applies tax after the markup, never before (they differ here)', () => {
    const markups: Markups = { ...emptyMarkups, markup11_20: 2500, tax: 825 };
    const price = priceFor(10_01, markups);
    expect(price).toEqual({ band: 'markup11_20', markupBp: 2500, priceCents: 12_51, taxBp: 825, priceWithTaxCents: 13_54 });
    // Tax first would give 10.01 → 10.84 → 13.55.
    expect(applyBasisPoints(applyBasisPoints(10_01, 825), 2500)).toBe(13_55);
  });

  it('treats an empty band as 0 % and uses only the cost’s own band', () => {
    const onlyTop: Markups = { ...emptyMarkups, markup501: 5000 };
    expect(priceFor(499_99, onlyTop)).toMatchObject({ markupBp: 0, priceCents: 499_99, taxBp: 0 });
    expect(priceFor(500_01, onlyTop)).toMatchObject({ markupBp: 5000, priceCents: 750_02 });
  });

  it('rejects a negative cost and a negative markup', () => {
    expect(() => priceFor(-1, ladder)).toThrow(RangeError);
    expect(() => priceFor(1, { ...ladder, markup1_10: -100 })).toThrow(RangeError);
    expect(() => priceFor(1, { ...ladder, tax: -1 })).toThrow(RangeError);
  });

  it('never prices below cost, and every price is a whole number of cents', () => {
    fc.assert(
      fc.property(anyCost, anyMarkups, (costCents, markups) => {
        const price = priceFor(costCents, markups);
        expect(Number.isSafeInteger(price.priceCents) && Number.isSafeInteger(price.priceWithTaxCents)).toBe(true);
        expect(price.priceCents).toBeGreaterThanOrEqual(costCents);
        expect(price.priceWithTaxCents).toBeGreaterThanOrEqual(price.priceCents);
      }),
      { numRuns: 500 },
    );
  });

  it('applies tax to the marked-up price: price with tax == applyBasisPoints(price, tax)', () => {
    fc.assert(
      fc.property(anyCost, anyMarkups, (costCents, markups) => {
        const price = priceFor(costCents, markups);
        expect(price.band).toBe(bandFor(costCents));
        expect(price.markupBp).toBe(markups[price.band] ?? 0);
        expect(price.priceCents).toBe(applyBasisPoints(costCents, price.markupBp));
        expect(price.priceWithTaxCents).toBe(applyBasisPoints(price.priceCents, markups.tax ?? 0));
      }),
      { numRuns: 500 },
    );
  });

  it('never falls as the cost rises within a band', () => {
    fc.assert(
      fc.property(anyCost, anyCost, anyMarkups, (first, second, markups) => {
        const [low, high] = first <= second ? [first, second] : [second, first];
        fc.pre(bandFor(low) === bandFor(high));
        const lower = priceFor(low, markups);
        const higher = priceFor(high, markups);
        expect(lower.priceCents).toBeLessThanOrEqual(higher.priceCents);
        expect(lower.priceWithTaxCents).toBeLessThanOrEqual(higher.priceWithTaxCents);
      }),
      { numRuns: 500 },
    );
  });

  it('never falls as the markup or the tax rises', () => {
    fc.assert(
      fc.property(anyCost, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 100_000 }), (costCents, a, b, tax) => {
        const band = bandFor(costCents);
        const [low, high] = a <= b ? [a, b] : [b, a];
        const lower = priceFor(costCents, { ...emptyMarkups, [band]: low, tax });
        const higher = priceFor(costCents, { ...emptyMarkups, [band]: high, tax: tax + 1 });
        expect(lower.priceCents).toBeLessThanOrEqual(higher.priceCents);
        expect(lower.priceWithTaxCents).toBeLessThanOrEqual(higher.priceWithTaxCents);
      }),
    );
  });
});

describe('markupsFromPercents', () => {
  it('reads a stored user factor: percents to basis points, absent or null as empty', () => {
    expect(markupsFromPercents({ markup1_10: 12.5, markup11_20: null, markup501: 0, tax: 8.25 })).toEqual({
      markup1_10: 1250,
      markup11_20: null,
      markup21_50: null,
      markup51_150: null,
      markup151_500: null,
      markup501: 0,
      tax: 825,
    });
    expect(Object.keys(markupsFromPercents({})).sort()).toEqual([...markupFields, 'tax'].sort());
  });

  it('rejects a negative percent', () => {
    expect(() => markupsFromPercents({ tax: -1 })).toThrow(RangeError);
  });
});
