import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import type { SubscriptionRow } from '../../../db/schema.ts';
import type { CollectionWithCategory } from '../../catalog/repositories/catalog.ts';
import { findEntitlingSubscription } from '../repositories/subscriptions.ts';

/** The subscription that entitles the user now, if any (SPEC §4 "catalog rights"). */
export function currentSubscription(ctx: AppContext, db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  return findEntitlingSubscription(db, userId, ctx.clock.now());
}

/** True while the user holds an entitling subscription: the `status` flag of SPEC §3/§4. */
export async function hasActiveSubscription(ctx: AppContext, userId: number): Promise<boolean> {
  return (await currentSubscription(ctx, ctx.db, userId)) !== undefined;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The editions of one category the user holds as bought: an edition is current from its run
 * date until the next edition's, and it is bought when that time overlaps one of the user's
 * subscription periods. `editions` are one category's, newest first.
 */
export function boughtEditions<T extends Pick<CollectionWithCategory, 'rundate'>>(
  editions: T[],
  subscriptions: Array<Pick<SubscriptionRow, 'period_start' | 'period_end'>>,
): T[] {
  return editions.filter((edition, index) => {
    const currentUntil = index === 0 ? undefined : editions[index - 1]!.rundate;
    return subscriptions.some(
      (s) => edition.rundate < day(s.period_end) && (currentUntil === undefined || currentUntil > day(s.period_start)),
    );
  });
}
