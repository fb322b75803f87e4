import type { SubscriptionPlan } from '@tradelist/contract/billing';
import { describe, expect, it } from 'vitest';
import { checkoutChoice, unavailableReasons } from './checkout-choice';

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
  stripe_price_id_recurring: 'price_yearly',
  stripe_price_id_one_time: 'price_once',
};

describe('checkoutChoice', () => {
  it('buys the recurring price with auto-renew on (the default of product §9)', () => {
    expect(checkoutChoice(annual, true)).toEqual({ kind: 'checkout', request: { price_id: 'price_yearly', is_recurring: true } });
  });

  it('buys the one-time price with auto-renew off', () => {
    expect(checkoutChoice(annual, false)).toEqual({ kind: 'checkout', request: { price_id: 'price_once', is_recurring: false } });
  });

  it('refuses a plan not linked to Stripe, whatever the choice', () => {
    const unlinked = { ...annual, stripe_price_id_recurring: null, stripe_price_id_one_time: null };
    expect(checkoutChoice(unlinked, true)).toEqual({ kind: 'unavailable', reason: unavailableReasons.notLinked });
    expect(checkoutChoice(unlinked, false)).toEqual({ kind: 'unavailable', reason: unavailableReasons.notLinked });
  });

  it('says which choice works when only one price is linked', () => {
    expect(checkoutChoice({ ...annual, stripe_price_id_recurring: null }, true)).toEqual({ kind: 'unavailable', reason: unavailableReasons.noRecurring });
    expect(checkoutChoice({ ...annual, stripe_price_id_recurring: null }, false)).toMatchObject({ kind: 'checkout', request: { price_id: 'price_once' } });
    expect(checkoutChoice({ ...annual, stripe_price_id_one_time: null }, false)).toEqual({ kind: 'unavailable', reason: unavailableReasons.noOneTime });
  });

  it('never sends the free plan to checkout', () => {
    expect(checkoutChoice({ ...annual, is_free: true, price: 0 }, true)).toEqual({ kind: 'unavailable', reason: unavailableReasons.free });
  });
});
