import type { Db } from '../db/database.ts';

/** Adds a schedule's row, first due at `firstRunAt`, unless another process added it already. */
export async function ensureSchedule(db: Db, name: string, firstRunAt: Date): Promise<void> {
  await db
    .insertInto('job_schedules')
    .values({ name, next_run_at: firstRunAt, last_run_at: null, last_run_by: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Locks a schedule's row when it is due, inside the caller's transaction; undefined when it is not
 * due or another process holds it (SKIP LOCKED: that process is running this period).
 */
export async function lockDueSchedule(trx: Db, name: string, now: Date): Promise<{ next_run_at: Date } | undefined> {
  return trx
    .selectFrom('job_schedules')
    .select('next_run_at')
    .where('name', '=', name)
    .where('next_run_at', '<=', now)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** Records that `worker` ran the schedule at `now`, and when it is due next. */
export async function recordScheduleRun(trx: Db, name: string, run: { now: Date; nextRunAt: Date; worker: string }): Promise<void> {
  await trx
    .updateTable('job_schedules')
    .set({ next_run_at: run.nextRunAt, last_run_at: run.now, last_run_by: run.worker })
    .where('name', '=', name)
    .execute();
}
