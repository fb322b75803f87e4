import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { lockUserForBilling } from '../repositories/customers.ts';

/** The user whose billing a handler changes, read and locked in `trx`. */
export type BillingUser = NonNullable<Awaited<ReturnType<typeof lockUserForBilling>>>;

/**
 * Runs `work` in one unit of work holding the user's billing lock; null when the user is gone.
 * Emails queued in it go out once it commits.
 */
export async function withBillingLock<T>(ctx: AppContext, userId: number, work: (trx: Db, user: BillingUser) => Promise<T>): Promise<T | null> {
  const result = await runUnitOfWork(ctx, async (trx) => {
    const user = await lockUserForBilling(trx, userId);
    return user ? { value: await work(trx, user) } : null;
  });
  return result ? result.value : null;
}
