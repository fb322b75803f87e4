import { describe, expect, test } from 'vitest';
import type { SubscriptionRow } from '../../../db/schema.ts';
import { entitlingSubscription } from '../../billing/index.ts';
import type { CollectionWithCategory } from '../repositories/catalog.ts';
import { boughtEditions, decideDownload, decideSync, downloadAllowance, editionCurrentFrom, type EntitlementRepository } from './entitlements.ts';

const now = new Date('2026-03-10T12:00:00Z');
const CATEGORY = 1;

function edition(id: number, rundate: string, isFree = false, createdAt = now): CollectionWithCategory {
  return {
    id,
    category_id: CATEGORY,
    collection_id: `E-${id}`,
    name: `Edition ${id}`,
    rundate,
    image: null,
    is_free: isFree,
    item_count: 1,
    created_at: createdAt,
    category_name: 'Electrical',
    category_image: null,
  };
}

/** Newest first, as the repository lists them. */
const editions = [edition(3, '2026-03-01'), edition(2, '2026-02-01'), edition(1, '2026-01-01')];
const free = edition(9, '2026-03-01', true);

function subscription(overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  const start = overrides.period_start ?? new Date('2026-02-15T00:00:00Z');
  return {
    id: 1,
    user_id: 7,
    plan_id: 1,
    status: 'active',
    period_start: start,
    current_period_start: start,
    period_end: new Date('2027-02-15T00:00:00Z'),
    auto_renew: false,
    source: 'complimentary',
    stripe_subscription_id: null,
    stripe_checkout_session_id: null,
    canceled_at: null,
    created_at: start,
    updated_at: start,
    ...overrides,
  };
}

/**
 * A repository in memory: the user's subscriptions, a plan maximum, and per (subscription,
 * period) either how many other editions were downloaded or which editions.
 */
function fakeRepository(subscriptions: SubscriptionRow[], options: { max?: number; used?: Record<string, number | number[]> } = {}): EntitlementRepository {
  return {
    subscriptionsOfUser: async () => subscriptions,
    editionsOfCategory: async () => editions,
    planById: async () => ({ download_max_per_period: options.max ?? 5 }),
    editionsCountedInPeriod: async (subscriptionId, periodStart) => {
      const used = options.used?.[`${subscriptionId}@${periodStart.toISOString()}`] ?? 0;
      // A number stands for that many editions other than the fixture's (ids from 100 on).
      return typeof used === 'number' ? Array.from({ length: used }, (_, index) => 100 + index) : used;
    },
  };
}

describe('who may download what (decision 0006 matrix)', () => {
  const cases: Array<[string, SubscriptionRow[], Record<'free' | 'current' | 'bought' | 'older', boolean>]> = [
    ['no subscription', [], { free: true, current: false, bought: false, older: false }],
    ['subscriber since 15 February', [subscription()], { free: true, current: true, bought: true, older: false }],
    ['cancelled, inside the period', [subscription({ status: 'canceled', period_end: new Date('2026-04-15T00:00:00Z') })], { free: true, current: true, bought: true, older: false }],
    [
      'expired',
      [subscription({ status: 'expired', period_start: new Date('2025-01-15T00:00:00Z'), period_end: new Date('2026-01-15T00:00:00Z') })],
      { free: true, current: false, bought: false, older: false },
    ],
    ['active, but its period is over', [subscription({ period_end: new Date('2026-03-01T00:00:00Z') })], { free: true, current: false, bought: false, older: false }],
    ['not begun yet', [subscription({ period_start: new Date('2026-04-01T00:00:00Z'), period_end: new Date('2027-04-01T00:00:00Z') })], { free: true, current: false, bought: false, older: false }],
  ];
  for (const [name, subscriptions, expected] of cases) {
    test(name, async () => {
      const repo = fakeRepository(subscriptions);
      const allowed = async (e: CollectionWithCategory) => (await decideDownload(repo, 7, e, now)).allowed;
      expect({
        free: await allowed(free),
        current: await allowed(editions[0]!),
        bought: await allowed(editions[1]!),
        older: await allowed(editions[2]!),
      }).toEqual(expected);
      // Syncs follow the same rights.
      expect((await decideSync(repo, 7, editions[0]!, now)).allowed).toBe(expected.current);
    });
  }

  test('refusals carry the product §8 message', async () => {
    expect(await decideDownload(fakeRepository([]), 7, editions[0]!, now)).toEqual({ allowed: false, code: 'NOT_SUBSCRIBED', message: 'Not Subscribed' });
    expect(await decideDownload(fakeRepository([subscription()]), 7, editions[2]!, now)).toMatchObject({ allowed: false, code: 'NOT_SUBSCRIBED' });
  });
});

describe('downloads left this period', () => {
  test('paid downloads count against the maximum of the current period; free ones never', async () => {
    const s = subscription();
    const period = `1@${s.current_period_start.toISOString()}`;
    expect(await decideDownload(fakeRepository([s], { max: 5, used: { [period]: 4 } }), 7, editions[0]!, now)).toMatchObject({
      allowed: true,
      counted: true,
      allowance: { used: 4, allowed: 5, left: 1 },
    });
    expect(await decideDownload(fakeRepository([s], { max: 5, used: { [period]: 5 } }), 7, editions[0]!, now)).toEqual({
      allowed: false,
      code: 'DOWNLOAD_LIMIT_REACHED',
      message: 'You have used all 5 downloads of your plan for this period.',
    });
    expect(await decideDownload(fakeRepository([s], { max: 5, used: { [period]: 5 } }), 7, free, now)).toEqual({ allowed: true, counted: false });
    // Syncs do not count: at the maximum a sync is still allowed.
    expect(await decideSync(fakeRepository([s], { max: 5, used: { [period]: 5 } }), 7, editions[0]!, now)).toEqual({ allowed: true });
  });

  test('a new period counts afresh; the earlier one keeps its downloads', async () => {
    const start = new Date('2026-02-15T00:00:00Z');
    const renewed = subscription({ period_start: start, current_period_start: new Date('2026-03-05T00:00:00Z') });
    const repo = fakeRepository([renewed], { max: 5, used: { [`1@${start.toISOString()}`]: 5 } });
    expect(await downloadAllowance(repo, 7, now)).toMatchObject({ used: 0, allowed: 5, left: 5, periodStart: renewed.current_period_start });
    // The subscription's start still decides what was bought.
    expect((await decideDownload(repo, 7, editions[1]!, now)).allowed).toBe(true);
  });

  test('no allowance without an entitling subscription; the one ending last wins', async () => {
    expect(await downloadAllowance(fakeRepository([]), 7, now)).toBeNull();
    const short = subscription({ id: 1, period_end: new Date('2026-04-01T00:00:00Z') });
    const long = subscription({ id: 2, period_end: new Date('2027-04-01T00:00:00Z') });
    expect(entitlingSubscription([short, long], now)?.id).toBe(2);
    expect(entitlingSubscription([long, short], now)?.id).toBe(2);
  });
});

describe('each edition counts once per period (decision 0029)', () => {
  const s = subscription();
  const period = `1@${s.current_period_start.toISOString()}`;

  test('an edition already counted is downloaded again at the maximum without taking one; a new edition is refused', async () => {
    const atMaximum = fakeRepository([s], { max: 2, used: { [period]: [editions[0]!.id, editions[1]!.id] } });
    expect(await decideDownload(atMaximum, 7, editions[0]!, now)).toMatchObject({ allowed: true, counted: true, allowance: { used: 2, allowed: 2, left: 0 } });
    expect(await decideDownload(atMaximum, 7, editions[1]!, now)).toMatchObject({ allowed: true, counted: true });
    const other = fakeRepository([s], { max: 2, used: { [period]: [editions[1]!.id, 100] } });
    expect(await decideDownload(other, 7, editions[0]!, now)).toEqual({
      allowed: false,
      code: 'DOWNLOAD_LIMIT_REACHED',
      message: 'You have used all 2 downloads of your plan for this period.',
    });
  });

  test('the allowance counts editions, and knows which', async () => {
    const allowance = await downloadAllowance(fakeRepository([s], { max: 120, used: { [period]: [editions[0]!.id] } }), 7, now);
    expect(allowance).toMatchObject({ used: 1, allowed: 120, left: 119 });
    expect([...allowance!.countedEditionIds]).toEqual([editions[0]!.id]);
  });
});

describe('bought editions compare times, not days (decision 0029)', () => {
  const at = (iso: string) => new Date(iso);
  // Current since 1 March; the next edition has the run date 10 March.
  const march = (createdAt: string) => [edition(5, '2026-03-10', false, at(createdAt)), edition(4, '2026-03-01', false, at('2026-02-27T08:00:00Z'))];

  test('an edition is current from when it was published: on its run date when stored that day, otherwise from the start of its run date', () => {
    expect(editionCurrentFrom(edition(1, '2026-03-10', false, at('2026-03-10T15:30:00.250Z')))).toEqual(at('2026-03-10T15:30:00.250Z'));
    // Scheduled ahead: released at the start of its run date (UTC).
    expect(editionCurrentFrom(edition(1, '2026-03-10', false, at('2026-03-04T09:00:00Z')))).toEqual(at('2026-03-10T00:00:00Z'));
    // Back-dated (stored after its run date, like the sample data): its run date.
    expect(editionCurrentFrom(edition(1, '2026-03-10', false, at('2026-11-26T01:00:00Z')))).toEqual(at('2026-03-10T00:00:00Z'));
  });

  test('subscribed at 10:00, the next edition published at 15:00 the same day: the one current at 10:00 stays bought', () => {
    const subscribed = [{ period_start: at('2026-03-10T10:00:00Z'), period_end: at('2027-03-10T10:00:00Z') }];
    expect(boughtEditions(march('2026-03-10T15:00:00Z'), subscribed).map((e) => e.id)).toEqual([5, 4]);
    // Published before the subscription began (scheduled for that day, or earlier that morning): only the new one.
    expect(boughtEditions(march('2026-03-02T15:00:00Z'), subscribed).map((e) => e.id)).toEqual([5]);
    expect(boughtEditions(march('2026-03-10T09:59:59Z'), subscribed).map((e) => e.id)).toEqual([5]);
  });

  test('an edition published after the subscription ended is not bought, even on its last day', () => {
    const ended = [{ period_start: at('2026-02-10T10:00:00Z'), period_end: at('2026-03-10T12:00:00Z') }];
    expect(boughtEditions(march('2026-03-10T15:00:00Z'), ended).map((e) => e.id)).toEqual([4]);
    // Released at midnight of the last day, while the subscription still ran: bought.
    expect(boughtEditions(march('2026-03-05T15:00:00Z'), ended).map((e) => e.id)).toEqual([5, 4]);
  });
});
