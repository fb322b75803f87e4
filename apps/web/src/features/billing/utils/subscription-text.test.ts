import type { SubscriptionSummary } from '@tradelist/contract/billing';
import { describe, expect, it } from 'vitest';
import {
  downloadMaxText,
  downloadsText,
  pastDueNotice,
  paymentText,
  periodText,
  refundConfirmationText,
  sourceNote,
  subscriptionFlags,
  subscriptionStatusText,
} from './subscription-text';

const summary: SubscriptionSummary = {
  plan_name: 'Annual plan',
  source: 'stripe_subscription',
  status: 'active',
  started_at: '2026-11-23T10:00:00.000Z',
  current_period_start: '2026-11-23T10:00:00.000Z',
  period_end: '2027-11-23T10:00:00.000Z',
  renews: true,
  downloads_used: 3,
  downloads_allowed: 120,
  can_cancel: true,
  can_manage_billing: true,
  refund_eligible: false,
  refund_until: null,
};

describe('subscriptionStatusText', () => {
  it('names each status, without the end date the period line gives', () => {
    expect(subscriptionStatusText(summary)).toBe('Active');
    expect(subscriptionStatusText({ ...summary, status: 'canceled' })).toBe('Canceled');
    expect(subscriptionStatusText({ ...summary, status: 'past_due' })).toBe('Payment failed');
  });
});

describe('the subscription card', () => {
  // Status, period line and note together: the end date once, whatever the subscription.
  const cardTexts = (card: SubscriptionSummary) => [subscriptionStatusText(card), periodText(card), sourceNote(card) ?? ''].join(' ');
  const cases: Array<[string, SubscriptionSummary]> = [
    ['cancelled', { ...summary, status: 'canceled', renews: false, can_cancel: false }],
    ['paid once', { ...summary, source: 'one_time_payment', renews: false, can_cancel: false }],
    ['granted', { ...summary, source: 'complimentary', renews: false, can_cancel: false }],
    ['renewing', summary],
  ];
  it.each(cases)('of a %s subscription states the end date once', (_, card) => {
    expect(cardTexts(card).split('Nov 23, 2027')).toHaveLength(2);
  });
});

describe('pastDueNotice', () => {
  it('tells the user of a failed renewal how to keep the subscription', () => {
    expect(pastDueNotice({ status: true, subscription: { ...summary, status: 'past_due' } })).toBe(
      'Your renewal payment failed. Update your card in the billing portal to keep your subscription.',
    );
  });

  it('says nothing otherwise, nor before the subscription is known', () => {
    expect(pastDueNotice({ status: true, subscription: summary })).toBeNull();
    expect(pastDueNotice({ status: true, subscription: { ...summary, status: 'canceled' } })).toBeNull();
    expect(pastDueNotice({ status: false, subscription: null })).toBeNull();
    expect(pastDueNotice(undefined)).toBeNull();
  });
});

describe('periodText', () => {
  it('says when it renews, or when it ends', () => {
    expect(periodText(summary)).toBe('Renews on Nov 23, 2027');
    expect(periodText({ ...summary, renews: false })).toBe('Ends on Nov 23, 2027');
  });
});

describe('downloadsText', () => {
  it('shows used of allowed (product §10.10)', () => {
    expect(downloadsText(summary)).toBe('Downloads this period: 3 of 120');
    expect(downloadsText({ ...summary, downloads_used: 1200, downloads_allowed: 5000 })).toBe('Downloads this period: 1,200 of 5,000');
  });
});

describe('sourceNote', () => {
  it('explains why a one-time purchase or a grant has nothing to cancel', () => {
    expect(sourceNote({ ...summary, source: 'one_time_payment' })).toBe(
      'Paid once, without auto-renew: it does not renew, so there is nothing to cancel.',
    );
    expect(sourceNote({ ...summary, source: 'complimentary' })).toBe('Granted by Tradelist: it does not renew, so there is nothing to cancel.');
    expect(sourceNote(summary)).toBeNull();
  });

  it('points a cancelled subscription to the billing portal to renew it', () => {
    expect(sourceNote({ ...summary, renews: false })).toBe('It does not renew. To renew it, turn renewal back on in the billing portal.');
  });
});

describe('refundConfirmationText', () => {
  it('says the payment is refunded, access ends now, and until when one may ask', () => {
    expect(refundConfirmationText({ refund_until: '2026-12-03T10:00:00.000Z' })).toBe(
      'Your renewal payment will be refunded and your access ends now: paid editions stop downloading and syncing at once. A refund can be requested until Dec 3, 2026.',
    );
  });
});

describe('downloadMaxText', () => {
  it('gives the maximum per renewal period, each edition counted once', () => {
    expect(downloadMaxText({ download_max: 120, interval: 'year' })).toBe('Up to 120 price-list downloads a year; each edition counts once, in any format or layout');
    expect(downloadMaxText({ download_max: 1500, interval: 'month' })).toBe('Up to 1,500 price-list downloads a month; each edition counts once, in any format or layout');
  });
});

describe('paymentText', () => {
  const annual = { price: 42_000, interval: 'year' as const, period_months: 12 };

  it('bills the price every year with auto-renew on', () => {
    expect(paymentText(annual, true)).toBe('$420 billed annually, renews until you cancel');
  });

  it('charges it once for the period with auto-renew off', () => {
    expect(paymentText(annual, false)).toBe('$420 paid once for 12 months, no renewal');
  });
});

describe('subscriptionFlags', () => {
  it('sets both flags for an active subscription', () => {
    expect(subscriptionFlags({ status: true, subscription: summary })).toEqual({ status: true, status2: true });
    expect(subscriptionFlags({ status: true, subscription: { ...summary, status: 'past_due' } })).toEqual({ status: true, status2: true });
  });

  it('keeps a cancelled subscription usable but no longer active (product §4)', () => {
    expect(subscriptionFlags({ status: true, subscription: { ...summary, status: 'canceled', renews: false } })).toEqual({ status: true, status2: false });
  });

  it('clears both without a subscription', () => {
    expect(subscriptionFlags({ status: false, subscription: null })).toEqual({ status: false, status2: false });
  });
});
