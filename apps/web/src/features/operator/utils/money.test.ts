import { describe, expect, test } from 'vitest';
import { centsToDollars, dollarsToCents } from './money';

describe('dollarsToCents', () => {
  test.each([
    ['420', 42_000],
    ['420.5', 42_050],
    ['420.05', 42_005],
    [' 0.99 ', 99],
    ['0', 0],
  ])('%s is %i cents', (text, cents) => expect(dollarsToCents(text)).toBe(cents));

  test.each(['', '4.999', '-1', '1e3', '12,50', '$5', 'abc'])('%s is not an amount', (text) => expect(dollarsToCents(text)).toBeNull());
});

test('centsToDollars shows two decimals', () => {
  expect(centsToDollars(42_000)).toBe('420.00');
  expect(centsToDollars(5)).toBe('0.05');
});
