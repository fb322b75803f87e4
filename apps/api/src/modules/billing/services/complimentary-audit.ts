import type { RecordChange } from '../../../db/database.ts';
import type { SubscriptionRow } from '../../../db/schema.ts';
import { recordOperatorAction, type Actor } from '../../../audit/audit-log.ts';
import type { GrantSubscriptionResult } from './grant-subscription.ts';
import type { RevokeSubscriptionResult } from './revoke-subscription.ts';

/** What the audit log keeps of a subscription. */
function subscriptionState(subscription: SubscriptionRow) {
  return {
    id: subscription.id,
    status: subscription.status,
    source: subscription.source,
    current_period_start: subscription.current_period_start.toISOString(),
    period_end: subscription.period_end.toISOString(),
  };
}

/** Records a complimentary subscription granted or extended (console and command line alike). */
export function recordComplimentaryGrant(now: Date, actor: Actor): RecordChange<GrantSubscriptionResult & { before: SubscriptionRow | null }> {
  return (trx, change) =>
    recordOperatorAction(trx, now, actor, {
      action: 'subscription.grant_complimentary',
      subjectType: 'user',
      subjectId: change.user.id,
      before: change.before ? subscriptionState(change.before) : null,
      after: subscriptionState(change.subscription),
    });
}

/** Records complimentary subscriptions ended now. */
export function recordComplimentaryRevoke(now: Date, actor: Actor): RecordChange<RevokeSubscriptionResult & { userId: number; before: SubscriptionRow[]; periodEnd: Date }> {
  return (trx, change) =>
    recordOperatorAction(trx, now, actor, {
      action: 'subscription.revoke_complimentary',
      subjectType: 'user',
      subjectId: change.userId,
      before: change.before.map(subscriptionState),
      after: change.before.map((subscription) => ({ ...subscriptionState(subscription), status: 'expired', period_end: change.periodEnd.toISOString() })),
    });
}
