import type Stripe from 'stripe';
import { expect, test } from 'vitest';
import { lookupKeysOf, priceMismatch } from './link-plan-prices.ts';

const plan = { slug: 'annual', billing_interval: 'year' as const, price_cents: 42_000 };
const price = (overrides: Partial<Stripe.Price>): Stripe.Price =>
  ({ id: 'price_x', active: true, unit_amount: 42_000, type: 'recurring', recurring: { interval: 'year' }, ...overrides }) as unknown as Stripe.Price;

test('a plan’s prices are found by lookup keys named after it', () => {
  expect(lookupKeysOf(plan)).toEqual({ recurring: 'annual_yearly', oneTime: 'annual_one_time' });
  expect(lookupKeysOf({ slug: 'pro', billing_interval: 'month' })).toEqual({ recurring: 'pro_monthly', oneTime: 'pro_one_time' });
});

test('a price that differs from the plan in amount, interval, kind or state is not linked', () => {
  expect(priceMismatch(plan, price({}), true)).toBeNull();
  expect(priceMismatch(plan, price({ type: 'one_time', recurring: null }), false)).toBeNull();
  expect(priceMismatch(plan, price({ unit_amount: 41_999 }), true)).toBe('price_x costs 41999 cents, the plan 42000');
  expect(priceMismatch(plan, price({ recurring: { interval: 'month' } as Stripe.Price.Recurring }), true)).toBe('price_x does not renew every year');
  expect(priceMismatch(plan, price({}), false)).toBe('price_x is not a one-time price');
  expect(priceMismatch(plan, price({ active: false }), true)).toBe('price_x is not active');
});
