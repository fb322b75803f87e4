import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandFor, bandLabel, markupBands, markupFields } from './bands.ts';

describe('bandFor', () => {
  it.each([
    [0, 'markup1_10'],
    [1, 'markup1_10'],
    [10_00, 'markup1_10'],
    [10_01, 'markup11_20'],
    [20_00, 'markup11_20'],
    [20_01, 'markup21_50'],
    [50_00, 'markup21_50'],
    [50_01, 'markup51_150'],
    [150_00, 'markup51_150'],
    [150_01, 'markup151_500'],
    [500_00, 'markup151_500'],
    [500_01, 'markup501'],
    [Number.MAX_SAFE_INTEGER, 'markup501'],
  ] as const)('%s cents → %s', (costCents, field) => {
    expect(bandFor(costCents)).toBe(field);
  });

  it.each([-1, 10.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects a cost of %s', (costCents) => {
    expect(() => bandFor(costCents)).toThrow(RangeError);
  });

  it('puts every cost in exactly one band, the one whose range holds it (product §10.7)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (costCents) => {
        const holding = markupBands.filter((band, index) => {
          const lowest = index === 0 ? 0 : markupBands[index - 1]!.maxCostCents! + 1;
          return costCents >= lowest && (band.maxCostCents === null || costCents <= band.maxCostCents);
        });
        expect(holding.map((band) => band.field)).toEqual([bandFor(costCents)]);
      }),
    );
  });
});

describe('bandLabel', () => {
  it.each([
    ['markup1_10', '$0–10'],
    ['markup11_20', '$10–20'],
    ['markup21_50', '$20–50'],
    ['markup51_150', '$50–150'],
    ['markup151_500', '$150–500'],
    ['markup501', '$500+'],
  ] as const)('%s → %s', (field, label) => {
    expect(bandLabel(field)).toBe(label);
  });
});

describe('markupBands', () => {
  it('lists the markup fields in order, with rising limits', () => {
    expect(markupBands.map((band) => band.field)).toEqual([...markupFields]);
    const limits = markupBands.map((band) => band.maxCostCents ?? Number.POSITIVE_INFINITY);
    expect(limits).toEqual([...limits].sort((a, b) => a - b));
    expect(markupBands.at(-1)!.maxCostCents).toBeNull();
  });
});
