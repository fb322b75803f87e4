import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editionsByMonth, monthOf, priceIndex, weightedMedian, type CostMove } from './price-index.ts';

const move = (group: string, previousCostCents: number, costCents: number, count = 1): CostMove => ({ group, previousCostCents, costCents, count });

describe('weightedMedian', () => {
  it.each([
    ['no value', [], null],
    ['one value', [{ value: 250, count: 1 }], 250],
    ['odd count: the middle one', [{ value: 300, count: 1 }, { value: -100, count: 1 }, { value: 0, count: 1 }], 0],
    ['even count: the mean of the two middle ones', [{ value: 100, count: 1 }, { value: 200, count: 1 }], 150],
    ['a half rounds up on its size', [{ value: 100, count: 1 }, { value: 201, count: 1 }], 151],
    ['a negative half rounds away from zero too', [{ value: -100, count: 1 }, { value: -201, count: 1 }], -151],
    ['counts weigh: three at 0 outweigh two at 500', [{ value: 500, count: 2 }, { value: 0, count: 3 }], 0],
    ['counts weigh: the middle falls inside one count', [{ value: -50, count: 1 }, { value: 700, count: 4 }], 700],
    ['a zero count is no value', [{ value: 900, count: 0 }, { value: 10, count: 1 }], 10],
  ])('%s', (_name, values, expected) => {
    expect(weightedMedian(values)).toBe(expected);
  });

  it('equals the median of the values written out one by one', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ value: fc.integer({ min: -100_000, max: 100_000 }), count: fc.integer({ min: 0, max: 4 }) }), { maxLength: 12 }), (values) => {
        const flat = values.flatMap(({ value, count }) => Array.from({ length: count }, () => value)).sort((a, b) => a - b);
        if (flat.length === 0) return weightedMedian(values) === null;
        const low = flat[Math.floor((flat.length - 1) / 2)]!;
        const high = flat[Math.floor(flat.length / 2)]!;
        const sum = low + high;
        const expected = Math.sign(sum) * Math.floor((Math.abs(sum) + 1) / 2);
        return weightedMedian(values) === (expected || 0);
      }),
    );
  });
});

describe('priceIndex', () => {
  it('one edition: one month, nothing compared, no change', () => {
    expect(priceIndex([{ month: '2026-09', moves: null }])).toEqual({
      whole: [{ month: '2026-09', changeBp: null, itemsCompared: 0, cumulativeBp: 0 }],
      groups: [],
    });
  });

  it('the median per group and for the whole category, chained since the first month', () => {
    const index = priceIndex([
      { month: '2026-09', moves: null },
      // Wire: +10 %, +5 %, +6 % → 6 %; Boxes: 0 %, +1 % → 0.5 %; all five: 0, 1, 5, 6, 10 → 5 %.
      { month: '2026-10', moves: [move('Wire', 1000, 1100), move('Wire', 2000, 2100), move('Wire', 5000, 5300), move('Boxes', 400, 400), move('Boxes', 1000, 1010)] },
      // Wire: -2 %; Boxes: none in both editions; all: -2 %.
      { month: '2026-11', moves: [move('Wire', 1000, 980, 3)] },
    ]);
    expect(index.whole).toEqual([
      { month: '2026-09', changeBp: null, itemsCompared: 0, cumulativeBp: 0 },
      { month: '2026-10', changeBp: 500, itemsCompared: 5, cumulativeBp: 500 },
      // 1.05 × 0.98 = 1.029
      { month: '2026-11', changeBp: -200, itemsCompared: 3, cumulativeBp: 290 },
    ]);
    expect(index.groups).toEqual([
      {
        group: 'Boxes',
        points: [
          { month: '2026-09', changeBp: null, itemsCompared: 0, cumulativeBp: 0 },
          { month: '2026-10', changeBp: 50, itemsCompared: 2, cumulativeBp: 50 },
          { month: '2026-11', changeBp: null, itemsCompared: 0, cumulativeBp: 50 },
        ],
      },
      {
        group: 'Wire',
        points: [
          { month: '2026-09', changeBp: null, itemsCompared: 0, cumulativeBp: 0 },
          { month: '2026-10', changeBp: 600, itemsCompared: 3, cumulativeBp: 600 },
          // 1.06 × 0.98 = 1.0388
          { month: '2026-11', changeBp: -200, itemsCompared: 3, cumulativeBp: 388 },
        ],
      },
    ]);
  });

  it('counts only the items given as in both editions, and leaves out an old cost of 0', () => {
    const index = priceIndex([
      { month: '2026-01', moves: null },
      { month: '2026-02', moves: [move('Wire', 0, 500), move('Wire', 1000, 1200)] },
    ]);
    expect(index.whole[1]).toEqual({ month: '2026-02', changeBp: 2000, itemsCompared: 1, cumulativeBp: 2000 });
  });

  it('a month whose editions share no item has no change and keeps the change so far', () => {
    const index = priceIndex([
      { month: '2026-01', moves: null },
      { month: '2026-02', moves: [move('Wire', 1000, 1100)] },
      { month: '2026-03', moves: [] },
      { month: '2026-04', moves: [move('Wire', 1100, 1210)] },
    ]);
    expect(index.whole.map((point) => [point.changeBp, point.cumulativeBp])).toEqual([
      [null, 0],
      [1000, 1000],
      [null, 1000],
      [1000, 2100],
    ]);
  });

  it('each item change is the half-up share of the old cost; the chain rounds half-up on its size', () => {
    // 469 / 20000 = 2.345 % → 235 bp, down as up.
    expect(priceIndex([{ month: 'a', moves: null }, { month: 'b', moves: [move('G', 20_000, 19_531)] }]).whole[1]!.changeBp).toBe(-235);
    // -50 % then -50 %: a quarter is left, -75 %.
    const halves = priceIndex([{ month: 'a', moves: null }, { month: 'b', moves: [move('G', 1000, 500)] }, { month: 'c', moves: [move('G', 500, 250)] }]);
    expect(halves.whole.map((point) => point.cumulativeBp)).toEqual([0, -5000, -7500]);
  });
});

describe('editionsByMonth', () => {
  it('keeps the last edition of each month, oldest first; a month with one edition keeps it', () => {
    const editions = [
      { id: 1, rundate: '2026-08-01' },
      { id: 2, rundate: '2026-09-01' },
      { id: 3, rundate: '2026-09-15' },
      { id: 4, rundate: '2026-11-01' },
    ];
    expect(editionsByMonth(editions).map((edition) => edition.id)).toEqual([1, 3, 4]);
    expect(editionsByMonth([{ id: 9, rundate: '2026-03-01' }]).map((edition) => edition.id)).toEqual([9]);
    expect(editionsByMonth([])).toEqual([]);
    expect(monthOf('2026-11-01')).toBe('2026-11');
  });
});
