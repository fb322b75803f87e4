import type { AppContext } from '../../../context.ts';
import type { RecordChange } from '../../../db/database.ts';
import type { SubscriptionRow, User } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { listSubscriptionsOfUser, updateSubscription } from '../repositories/subscriptions.ts';
import { entitlingSubscription, isEntitling } from './entitling-subscription.ts';

export interface RevokeSubscriptionResult {
  email: string;
  /** The complimentary subscriptions ended now. */
  revoked: number;
  /** A paid subscription that still entitles the user (ended only through the payment provider). */
  stillEntitledBy: SubscriptionRow | null;
}

/**
 * Ends the user's entitling complimentary subscription(s) now: status 'expired', period ending
 * now. Paid subscriptions are left alone. NOT_FOUND when there is nothing to revoke. `record`
 * runs in the transaction, with the subscriptions as they were.
 */
export async function revokeSubscription(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: { user: Pick<User, 'id' | 'email'> },
  record?: RecordChange<RevokeSubscriptionResult & { userId: number; before: SubscriptionRow[]; periodEnd: Date }>,
): Promise<RevokeSubscriptionResult> {
  const { user } = input;
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const subscriptions = await listSubscriptionsOfUser(trx, user.id, { forUpdate: true });
    const running = subscriptions.filter((s) => s.source === 'complimentary' && isEntitling(s, now));
    if (running.length === 0) {
      throw new AppError('NOT_FOUND', `${user.email} has no complimentary subscription to revoke.`);
    }
    for (const subscription of running) {
      // The period must stay longer than zero (a CHECK): one granted this very instant ends 1 ms later.
      const end = now > subscription.period_start ? now : new Date(subscription.period_start.getTime() + 1);
      await updateSubscription(trx, subscription.id, { status: 'expired', period_end: end }, now);
    }
    const stillEntitledBy = entitlingSubscription(await listSubscriptionsOfUser(trx, user.id), now) ?? null;
    const result = { email: user.email, revoked: running.length, stillEntitledBy };
    await record?.(trx, { ...result, userId: user.id, before: running, periodEnd: now });
    return result;
  });
}
