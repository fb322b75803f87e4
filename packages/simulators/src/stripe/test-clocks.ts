// Test clocks: a customer's own time, moved forward to make renewals, failed payments and
// period ends happen.
import { newId, type StripeEngine } from './engine.ts';
import { allowOnly, int, invalid, str, type Params } from './params.ts';
import { notifyUpcoming, renewOrEnd, retryRenewal, UPCOMING_NOTICE_SECONDS } from './renewals.ts';
import type { StripeObject } from './store.ts';
import { periodEnd } from './subscriptions.ts';

/** Creates a clock frozen at `frozen_time`. */
export function createTestClock(engine: StripeEngine, params: Params): StripeObject {
  allowOnly(params, ['frozen_time', 'name', 'expand']);
  const frozen = int(params, 'frozen_time');
  if (frozen === undefined) throw invalid('Missing required param: frozen_time.', 'frozen_time', 'parameter_missing');
  const now = Math.floor(Date.now() / 1000);
  return engine.put({
    id: newId('clock'),
    object: 'test_helpers.test_clock',
    created: now,
    deletes_after: now + 30 * 24 * 3600,
    frozen_time: frozen,
    livemode: false,
    name: str(params, 'name') ?? null,
    status: 'ready',
    status_details: {},
  });
}

/**
 * Moves a clock forward and runs what the time passed makes happen, in time order: each
 * subscription on the clock whose period ended renews (paid or past due) or, when set to
 * cancel at period end, ends. Stripe answers `advancing` and finishes in the background; the
 * simulator finishes before answering, so the clock is `ready` at once.
 */
export function advanceTestClock(engine: StripeEngine, id: string, params: Params): StripeObject {
  allowOnly(params, ['frozen_time', 'expand']);
  const clock = engine.get(id, 'test_helpers.test_clock', 'test clock');
  const target = int(params, 'frozen_time');
  if (target === undefined) throw invalid('Missing required param: frozen_time.', 'frozen_time', 'parameter_missing');
  if (target <= (clock['frozen_time'] as number)) {
    throw invalid('The frozen_time must be after the current frozen time of the test clock.', 'frozen_time');
  }
  const subscriptions = Object.values(engine.state.objects).filter((o) => o.object === 'subscription' && o['test_clock'] === id);
  for (;;) {
    // The next thing due on this clock: a renewal notice or a period end, earliest first.
    const due = subscriptions
      .filter((s) => s['status'] !== 'canceled')
      .flatMap((s) => {
        const end = periodEnd(s);
        const notice = end - UPCOMING_NOTICE_SECONDS;
        const owesNotice = s['status'] === 'active' && s['cancel_at_period_end'] !== true && engine.state.upcomingNotified[s.id] !== end;
        const unpaid = s['status'] === 'past_due' ? engine.state.objects[s['latest_invoice'] as string] : undefined;
        const retryAt = unpaid?.['status'] === 'open' ? (unpaid['next_payment_attempt'] as number | null) : null;
        return [
          ...(owesNotice && notice <= target ? [{ at: notice, run: () => notifyUpcoming(engine, s) }] : []),
          ...(retryAt !== null && retryAt <= target ? [{ at: retryAt, run: () => retryRenewal(engine, s, unpaid!) }] : []),
          ...(end <= target ? [{ at: end, run: () => renewOrEnd(engine, s) }] : []),
        ];
      })
      .sort((a, b) => a.at - b.at)[0];
    if (!due) break;
    clock['frozen_time'] = Math.max(clock['frozen_time'] as number, due.at);
    due.run();
  }
  clock['frozen_time'] = target;
  clock['status'] = 'ready';
  return clock;
}
