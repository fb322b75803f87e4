import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';

/** What happened inside a unit of work's transaction that matters after its commit. */
interface OpenUnit {
  queued: boolean;
}

/** The transactions of the units of work in progress, each with its unit. */
const openUnits = new WeakMap<Db, OpenUnit>();

/**
 * Runs `work` in one transaction, a unit of work (docs/decisions/0039). Jobs and mail queued in
 * it (`ctx.queue.enqueue` or `queueEmail` with the transaction) exist if and only if it commits;
 * after the commit, the job workers are woken once when anything was queued, so they start now
 * rather than at their next poll. A rollback wakes nothing. Given a `ctx` whose `db` is already a
 * unit's transaction, the work joins that unit, and the outer commit wakes the workers. Services
 * use this and never wake the queue themselves.
 */
export async function runUnitOfWork<T>(ctx: Pick<AppContext, 'db' | 'queue'>, work: (trx: Db) => Promise<T>): Promise<T> {
  if (openUnits.has(ctx.db)) return work(ctx.db);
  const unit: OpenUnit = { queued: false };
  const result = await ctx.db.transaction().execute(async (trx) => {
    openUnits.set(trx, unit);
    try {
      return await work(trx);
    } finally {
      openUnits.delete(trx);
    }
  });
  if (unit.queued) ctx.queue.wake();
  return result;
}

/** Notes a job inserted in `db`: when `db` is a unit of work's transaction, its commit wakes the workers. */
export function noteJobQueued(db: Db): void {
  const unit = openUnits.get(db);
  if (unit) unit.queued = true;
}
