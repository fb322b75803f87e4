import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBasisPoints, basisPointsToPercent, centsToDecimal, formatPercent, formatPercentChange, formatUsd, parseDollars, percentToBasisPoints } from './money.ts';

/** The definition, in BigInt: round half-up of cents × (10000 + bp) / 10000. */
function referenceApply(cents: number, basisPoints: number): number {
  const doubled = BigInt(cents) * BigInt(10_000 + basisPoints) * 2n;
  return Number((doubled + 10_000n) / 20_000n);
}

describe('percentToBasisPoints', () => {
  it.each([
    [0, 0],
    [12.5, 1250],
    [10, 1000],
    [0.01, 1],
    [33.33, 3333],
    [100, 10_000],
    [10_000, 1_000_000],
    // Half-up at two decimals, read from the decimal the number prints as.
    [1.005, 101],
    [12.345, 1235],
    [12.344, 1234],
    [0.005, 1],
    [0.004, 0],
    [1e-7, 0],
    [-0, 0],
  ])('%s %% → %s bp', (percent, basisPoints) => {
    expect(percentToBasisPoints(percent)).toBe(basisPoints);
  });

  it.each([-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, 1e20])('rejects %s with a RangeError', (percent) => {
    expect(() => percentToBasisPoints(percent)).toThrow(RangeError);
  });

  it('round-trips every two-decimal percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 99 }), (whole, hundredths) => {
        const percent = Number(`${whole}.${String(hundredths).padStart(2, '0')}`);
        const basisPoints = percentToBasisPoints(percent);
        expect(basisPoints).toBe(whole * 100 + hundredths);
        expect(basisPointsToPercent(basisPoints)).toBe(percent);
      }),
    );
  });

  it('round-trips every basis-point value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (basisPoints) => {
        expect(percentToBasisPoints(basisPointsToPercent(basisPoints))).toBe(basisPoints);
      }),
    );
  });
});

describe('centsToDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [10, '0.10'],
    [100, '1.00'],
    [1234, '12.34'],
    [42_000, '420.00'],
    [123_456_789, '1234567.89'],
    [-5, '-0.05'],
    [-1234, '-12.34'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%s → %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects %s', (cents) => {
    expect(() => centsToDecimal(cents)).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [1234, '$12.34'],
    [42_000, '$420.00'],
    [99_999, '$999.99'],
    [100_000, '$1,000.00'],
    [123_456_789, '$1,234,567.89'],
    [100_000_000_000, '$1,000,000,000.00'],
    [-5, '-$0.05'],
    [-123_456, '-$1,234.56'],
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
  ])('%s cents → %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it.each([
    // cents, options, text: every variant the product shows.
    [123_456, { symbol: false }, '1,234.56'],
    [123_456, { grouping: false }, '$1234.56'],
    [123_456, { symbol: false, grouping: false }, '1234.56'],
    [0, { wholeDollars: true }, '$0'],
    [3500, { wholeDollars: true }, '$35'],
    [3550, { wholeDollars: true }, '$35.50'],
    [3501, { wholeDollars: true }, '$35.01'],
    [123_400, { wholeDollars: true }, '$1,234'],
    [-3500, { wholeDollars: true }, '-$35'],
  ])('%s cents with %j → %s', (cents, options, text) => {
    expect(formatUsd(cents, options)).toBe(text);
  });

  it.each([1.5, Number.NaN, Number.NEGATIVE_INFINITY, 2 ** 53])('rejects %s', (cents) => {
    expect(() => formatUsd(cents)).toThrow(RangeError);
  });

  it('writes what Intl writes for US dollars, without a float of dollars', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (cents) => {
        expect(formatUsd(cents)).toBe(usd.format(centsToDecimal(cents) as `${number}`));
      }),
    );
  });

  it('is centsToDecimal with "$" and commas', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(formatUsd(cents, { symbol: false, grouping: false })).toBe(centsToDecimal(cents));
        expect(parseDollars(formatUsd(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0'],
    [1250, '12.5'],
    [1234, '12.34'],
    [1000, '10'],
    [5, '0.05'],
    [50, '0.5'],
    [825, '8.25'],
    [1_000_000, '10000'],
    [-1250, '-12.5'],
  ])('%s bp → %s', (basisPoints, text) => {
    expect(formatPercent(basisPoints)).toBe(text);
  });

  it('prints what basisPointsToPercent prints', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (basisPoints) => {
        expect(formatPercent(basisPoints)).toBe(String(basisPointsToPercent(basisPoints)));
      }),
    );
  });
});

describe('formatPercentChange', () => {
  it.each([
    [1000, '+10.0%'],
    [2615, '+26.2%'],
    [-235, '-2.4%'],
    [-234, '-2.3%'],
    [5, '+0.1%'],
    [4, '0.0%'],
    [-4, '0.0%'],
    [-5, '-0.1%'],
    [0, '0.0%'],
    [123_456, '+1234.6%'],
  ])('%i bp reads %s', (basisPoints, text) => {
    expect(formatPercentChange(basisPoints)).toBe(text);
  });

  it('refuses a fractional amount', () => {
    expect(() => formatPercentChange(1.5)).toThrow(RangeError);
  });
});

describe('parseDollars', () => {
  it.each([
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['$1,234.50', 123_450],
    [' 7.00 ', 700],
    ['0', 0],
    ['0.05', 5],
    ['.99', 99],
    ['$12', 1200],
    ['1,234,567', 123_456_700],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %s cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', ' ', '$', '.', '12.', '12.345', '-12', '$-1', '(12.00)', '12,34', '1,2345', '12a', 'abc', '1e3', '$ 12', '12.3.4', '90071992547409.92', '0x10'])(
    'rejects %j',
    (text) => {
      expect(parseDollars(text)).toBeNull();
    },
  );

  it.each([
    ['420', 42_000],
    ['420.5', 42_050],
    ['420.05', 42_005],
    [' 0.99 ', 99],
    ['0', 0],
    ['1234.50', 123_450],
  ])('reads plain %j as %s cents', (text, cents) => {
    expect(parseDollars(text, { plain: true })).toBe(cents);
  });

  it.each(['', '4.999', '-1', '1e3', '12,50', '$5', 'abc', '1,234.50', '$1,234'])('rejects plain %j', (text) => {
    expect(parseDollars(text, { plain: true })).toBeNull();
  });

  it('reads back what centsToDecimal writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseDollars(centsToDecimal(cents))).toBe(cents);
      }),
    );
  });
});

describe('applyBasisPoints', () => {
  it.each([
    // cost, bp, result: the brief's half-up cases first.
    [5, 1000, 6], // 0.05 × 1.10 = 0.055 → 0.06
    [115, 1000, 127], // 1.15 × 1.10 = 1.265 → 1.27
    [100, 0, 100],
    [0, 5000, 0],
    [1, 5000, 2], // 0.015 → 0.02
    [1, 4999, 1], // 0.014999 → 0.01
    [999, 1250, 1124], // 11.23875 → 11.24
    [1251, 825, 1354], // 13.542075 → 13.54
    [1_000_000_000, 1_000_000, 101_000_000_000],
    [2 ** 40, 1_000_000, 2 ** 40 * 101], // the product passes 2^53: BigInt path
    [Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER],
  ])('%s cents + %s bp → %s cents', (cents, basisPoints, result) => {
    expect(applyBasisPoints(cents, basisPoints)).toBe(result);
  });

  it.each([
    [-1, 0],
    [0, -1],
    [1.5, 0],
    [100, 0.5],
    [Number.NaN, 0],
    [Number.MAX_SAFE_INTEGER, 1],
  ])('rejects %s cents + %s bp', (cents, basisPoints) => {
    expect(() => applyBasisPoints(cents, basisPoints)).toThrow(RangeError);
  });

  it('matches the BigInt definition', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (cents, basisPoints) => {
        expect(applyBasisPoints(cents, basisPoints)).toBe(referenceApply(cents, basisPoints));
      }),
      { numRuns: 500 },
    );
  });
});
