import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountChange, classifyChange, itemChange } from './changes.ts';
import { emptyMarkups, priceFor, type Markups } from './markups.ts';

/** The definition, with exact fractions: |new - old| × 10000 / old, half-up on the size, signed. */
function referencePercent(previous: number, current: number): number {
  const doubled = (BigInt(Math.abs(current - previous)) * 20_000n) / BigInt(previous);
  const rounded = Number((doubled + 1n) / 2n);
  return current < previous ? -rounded : rounded;
}

describe('amountChange', () => {
  it.each([
    // previous, current, amount, percent bp
    [1000, 1100, 100, 1000],
    [1000, 900, -100, -1000],
    [1000, 1000, 0, 0],
    // 2.345 % rounds half-up on its size, both ways.
    [20_000, 20_469, 469, 235],
    [20_000, 19_531, -469, -235],
    [30_000, 30_001, 1, 0],
    [3, 4, 1, 3333],
    [3, 2, -1, -3333],
    [1, 1_000_000, 999_999, 9_999_990_000],
  ])('%i → %i cents: %i cents, %i bp', (previous, current, amount, percent) => {
    expect(amountChange(previous, current)).toEqual({ amountCents: amount, percentBp: percent });
  });

  it('has no percent when the old amount is 0', () => {
    expect(amountChange(0, 250)).toEqual({ amountCents: 250, percentBp: null });
    expect(amountChange(0, 0)).toEqual({ amountCents: 0, percentBp: null });
  });

  it('never reports -0', () => {
    expect(Object.is(amountChange(30_000, 29_999).percentBp, 0)).toBe(true);
  });

  it('rejects negative or fractional amounts', () => {
    expect(() => amountChange(-1, 5)).toThrow(RangeError);
    expect(() => amountChange(5, 1.5)).toThrow(RangeError);
  });

  it('matches the definition for any two amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (previous, current) => {
        const change = amountChange(previous, current);
        expect(change.amountCents).toBe(current - previous);
        expect(change.percentBp).toBe(referencePercent(previous, current) || 0);
      }),
    );
  });
});

describe('classifyChange', () => {
  it.each([
    // previous, current, kind, change
    [null, 1250, 'new', null],
    [null, 0, 'new', null],
    [1250, null, 'removed', null],
    [0, null, 'removed', null],
    [1000, 1100, 'up', { amountCents: 100, percentBp: 1000 }],
    [1000, 900, 'down', { amountCents: -100, percentBp: -1000 }],
    [1000, 1000, 'unchanged', { amountCents: 0, percentBp: 0 }],
    [0, 0, 'unchanged', { amountCents: 0, percentBp: null }],
    [0, 250, 'up', { amountCents: 250, percentBp: null }],
    [250, 0, 'down', { amountCents: -250, percentBp: -10_000 }],
    // A move too small to show in basis points is still a move.
    [30_000, 30_001, 'up', { amountCents: 1, percentBp: 0 }],
    [30_000, 29_999, 'down', { amountCents: -1, percentBp: 0 }],
    [20_000, 19_531, 'down', { amountCents: -469, percentBp: -235 }],
  ] as const)('%s → %s cents: %s', (previous, current, kind, change) => {
    expect(classifyChange(previous, current)).toEqual({ kind, change });
  });

  it('needs the item on at least one side', () => {
    expect(() => classifyChange(null, null)).toThrow(RangeError);
  });

  it('rejects negative or fractional amounts', () => {
    expect(() => classifyChange(-1, 5)).toThrow(RangeError);
    expect(() => classifyChange(5, 1.5)).toThrow(RangeError);
  });

  it('names the direction by the sign of the change, for any two amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (previous, current) => {
        const { kind, change } = classifyChange(previous, current);
        expect(change).toEqual(amountChange(previous, current));
        expect(kind).toBe(current > previous ? 'up' : current < previous ? 'down' : 'unchanged');
      }),
    );
  });
});

describe('itemChange', () => {
  const markups: Markups = { ...emptyMarkups, markup1_10: 5000, markup11_20: 2500, tax: 825 };

  it('compares the marked-up prices, not the costs', () => {
    // $8.00 at 50 % = $12.00; $8.80 at 50 % = $13.20: +$1.20, +10 %.
    const change = itemChange(800, 880, markups);
    expect(change.kind).toBe('up');
    expect(change.change).toEqual({ amountCents: 120, percentBp: 1000 });
    expect(change.previousPrice).toEqual(priceFor(800, markups));
    expect(change.price).toEqual(priceFor(880, markups));
  });

  it('follows the price across a band edge: the cost rose, the price fell', () => {
    // $10.00 at 50 % = $15.00; $10.01 at 25 % = $12.51 (half-up of 1251.25).
    const change = itemChange(1000, 1001, markups);
    expect(change.kind).toBe('down');
    expect(change.change).toEqual({ amountCents: -249, percentBp: -1660 });
  });

  it('calls a changed cost with the same price "unchanged"', () => {
    // $10.00 at 10 % = $11.00 = $11.00 at 0 %.
    const sameAfterBand = { ...emptyMarkups, markup1_10: 1000 };
    const change = itemChange(1000, 1100, sameAfterBand);
    expect(change.kind).toBe('unchanged');
    expect(change.change).toEqual({ amountCents: 0, percentBp: 0 });
  });

  it('new and removed items have a price on one side and no change', () => {
    expect(itemChange(null, 500, markups)).toEqual({ kind: 'new', previousPrice: null, price: priceFor(500, markups), change: null });
    expect(itemChange(500, null, markups)).toEqual({ kind: 'removed', previousPrice: priceFor(500, markups), price: null, change: null });
    expect(() => itemChange(null, null, markups)).toThrow(RangeError);
  });

  it('with empty markups the change is the cost change', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (previous, current) => {
        const change = itemChange(previous, current, emptyMarkups);
        expect(change.change).toEqual(amountChange(previous, current));
        expect(change.kind).toBe(current > previous ? 'up' : current < previous ? 'down' : 'unchanged');
      }),
    );
  });
});
