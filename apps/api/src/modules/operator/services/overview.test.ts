import { describe, expect, test } from 'vitest';
import { yearlyCents } from './overview.ts';

describe('a plan’s price over a year (the overview’s revenue per year)', () => {
  test.each([
    { plan: { price_cents: 42_000, billing_interval: 'year' as const }, yearly: 42_000 },
    { plan: { price_cents: 4_500, billing_interval: 'month' as const }, yearly: 54_000 },
    { plan: { price_cents: 1, billing_interval: 'month' as const }, yearly: 12 },
    { plan: { price_cents: 0, billing_interval: 'none' as const }, yearly: 0 },
    { plan: { price_cents: 9_999, billing_interval: 'none' as const }, yearly: 0 },
  ])('$plan.billing_interval at $plan.price_cents cents → $yearly cents a year', ({ plan, yearly }) => {
    expect(yearlyCents(plan)).toBe(yearly);
  });
});
