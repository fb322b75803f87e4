import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import type { SubscriptionRow } from '../../../db/schema.ts';
import { localStatus, mirrorOf } from './mirror-stripe-subscription.ts';

const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/** The parts of a Stripe subscription the mirror reads (the period is on its item, as in Stripe's API). */
function stripeSubscription(overrides: Partial<Stripe.Subscription> = {}, period = { start: '2027-01-15T00:00:00Z', end: '2028-01-15T00:00:00Z' }): Stripe.Subscription {
  return {
    id: 'sub_1',
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    start_date: at('2026-01-15T00:00:00Z'),
    items: { object: 'list', data: [{ current_period_start: at(period.start), current_period_end: at(period.end), price: { id: 'price_x' } }] },
    ...overrides,
  } as unknown as Stripe.Subscription;
}

function localRow(overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    id: 1,
    user_id: 7,
    plan_id: 2,
    status: 'active',
    period_start: new Date('2026-01-15T00:00:00Z'),
    current_period_start: new Date('2026-01-15T00:00:00Z'),
    period_end: new Date('2027-01-15T00:00:00Z'),
    auto_renew: true,
    source: 'stripe_subscription',
    stripe_subscription_id: 'sub_1',
    stripe_checkout_session_id: null,
    canceled_at: null,
    created_at: new Date('2026-01-15T00:00:00Z'),
    updated_at: new Date('2026-01-15T00:00:00Z'),
    ...overrides,
  };
}

const now = new Date('2027-01-20T00:00:00Z');

describe('the local status of a Stripe subscription', () => {
  test.each([
    ['active', false, 'active'],
    ['active', true, 'canceled'],
    ['trialing', false, 'active'],
    ['past_due', false, 'past_due'],
    ['canceled', false, 'expired'],
    ['unpaid', false, 'expired'],
    ['incomplete_expired', false, 'expired'],
    ['paused', false, 'expired'],
    ['incomplete', false, null],
  ] as const)('%s (cancel at period end: %s) is %s', (status, cancelAtPeriodEnd, expected) => {
    expect(localStatus({ status, cancel_at_period_end: cancelAtPeriodEnd })).toBe(expected);
  });
});

describe('the mirror of a Stripe subscription', () => {
  test('an active subscription takes its current period from Stripe: a renewal starts a fresh count', () => {
    expect(mirrorOf(stripeSubscription(), 7, 2, localRow(), now)).toMatchObject({
      status: 'active',
      auto_renew: true,
      period_start: new Date('2026-01-15T00:00:00Z'),
      current_period_start: new Date('2027-01-15T00:00:00Z'),
      period_end: new Date('2028-01-15T00:00:00Z'),
    });
  });

  test('past due keeps the period that was paid for (the count goes on) while the end moves with Stripe', () => {
    expect(mirrorOf(stripeSubscription({ status: 'past_due' }), 7, 2, localRow(), now)).toMatchObject({
      status: 'past_due',
      auto_renew: false,
      current_period_start: new Date('2026-01-15T00:00:00Z'),
      period_end: new Date('2028-01-15T00:00:00Z'),
    });
  });

  test('canceled at Stripe: access ends when Stripe ended it, never later than a local end already recorded', () => {
    const ended = stripeSubscription({ status: 'canceled', ended_at: at('2027-01-22T00:00:00Z'), canceled_at: at('2027-01-22T00:00:00Z') });
    expect(mirrorOf(ended, 7, 2, localRow({ status: 'past_due' }), now)).toMatchObject({ status: 'expired', period_end: new Date('2027-01-22T00:00:00Z') });
    // Refunded and ended here first at 10:00; Stripe's own end a few seconds later changes nothing.
    const refundedHere = localRow({ status: 'expired', period_end: new Date('2027-01-21T10:00:00Z'), current_period_start: new Date('2027-01-15T00:00:00Z') });
    expect(mirrorOf(ended, 7, 2, refundedHere, now)).toMatchObject({ status: 'expired', period_end: new Date('2027-01-21T10:00:00Z'), current_period_start: new Date('2027-01-15T00:00:00Z') });
  });

  test('the same Stripe answer gives the same row: a redelivered event writes nothing new', () => {
    const a = mirrorOf(stripeSubscription(), 7, 2, localRow(), now);
    const b = mirrorOf(stripeSubscription(), 7, 2, { ...localRow(), ...a! }, now);
    expect(b).toEqual(a);
  });

  test('a subscription whose first payment is not done is not mirrored', () => {
    expect(mirrorOf(stripeSubscription({ status: 'incomplete' }), 7, 2, undefined, now)).toBeNull();
  });
});
