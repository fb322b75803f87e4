import type { SubscriptionPlan } from '@tradelist/contract/billing';
import { describe, expect, it } from 'vitest';
import { planCard } from './plan-card';

const annual: SubscriptionPlan = {
  id: 2,
  slug: 'annual',
  name: 'Annual plan',
  description: '$35/month, billed annually (normally $50/month)',
  price: 42_000,
  regular_price: 60_000,
  interval: 'year',
  period_months: 12,
  download_max: 120,
  is_free: false,
  stripe_price_id_recurring: null,
  stripe_price_id_one_time: null,
};

describe('planCard', () => {
  it('shows the seeded annual plan as product §9 gives it', () => {
    expect(planCard(annual)).toMatchObject({ name: 'Annual plan', price: '$35', unit: '/month', was: '$50/month', billing: 'Paid annually', isFeatured: true });
    expect(planCard(annual).features).toContain('12 editions, paid annually');
  });

  it('follows the plan when its price changes', () => {
    expect(planCard({ ...annual, price: 30_000, regular_price: null })).toMatchObject({ price: '$25', was: null });
    expect(planCard({ ...annual, price: 42_600 })).toMatchObject({ price: '$35.50' });
    expect(planCard({ ...annual, slug: 'monthly', interval: 'month', period_months: 1, price: 4_000, regular_price: null })).toMatchObject({
      price: '$40',
      billing: 'Paid monthly',
      features: [],
    });
  });

  it('shows the free demo at $0', () => {
    const free = { ...annual, slug: 'free-demo', name: 'Wire & Conduit Demo', price: 0, regular_price: null, interval: null, period_months: null, is_free: true };
    expect(planCard(free)).toMatchObject({ name: 'Wire & Conduit Demo', price: '$0', unit: '', was: null, billing: 'Free', isFeatured: false });
  });
});
