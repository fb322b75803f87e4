import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Job } from '../db/schema.ts';

/**
 * Adds a job; inside the caller's transaction when `db` is one. With an idempotency key that is
 * already queued (or kept as completed) for this queue, adds nothing and returns that job's id.
 */
export async function insertJob(
  db: Db,
  job: { queue: string; payload: unknown; max_attempts: number; run_at: Date; created_at: Date; idempotency_key: string | null },
): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values({ ...job, payload: JSON.stringify(job.payload) })
    .onConflict((oc) => oc.columns(['queue', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('queue', '=', job.queue)
    .where('idempotency_key', '=', job.idempotency_key)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/**
 * Claims up to `limit` due jobs of one queue for `worker`: queued ones whose time has come, and
 * active ones whose lock ran out (their worker died). SKIP LOCKED lets several workers claim
 * without waiting on each other.
 */
export async function claimDueJobs(
  db: Db,
  claim: { queue: string; now: Date; lockUntil: Date; limit: number; worker: string },
): Promise<Job[]> {
  const { queue, now, lockUntil, limit, worker } = claim;
  const result = await sql<Job>`
    UPDATE jobs SET state = 'active', attempts = attempts + 1, locked_until = ${lockUntil}, claimed_by = ${worker}
    WHERE id IN (
      SELECT id FROM jobs
      WHERE queue = ${queue}
        AND ((state = 'queued' AND run_at <= ${now}) OR (state = 'active' AND locked_until < ${now}))
      ORDER BY run_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING *
  `.execute(db);
  return result.rows;
}

/** Marks a job done. */
export async function completeJob(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'completed', completed_at: now, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Puts a failed job back in the queue for `runAt`, or marks it failed for good. */
export async function failJob(
  db: Db,
  id: number,
  error: string,
  retry: { runAt: Date } | null,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set(
      retry
        ? { state: 'queued', run_at: retry.runAt, locked_until: null, last_error: error }
        : { state: 'failed', locked_until: null, last_error: error },
    )
    .where('id', '=', id)
    .execute();
}

/** Deletes completed jobs older than `before` (housekeeping). */
export async function deleteCompletedJobs(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('jobs').where('state', '=', 'completed').where('completed_at', '<', before).execute();
}

/** One kind's jobs that are not completed, as the metrics show them. */
export interface JobFigures {
  queue: string;
  /** Queued and due: waiting for a worker. */
  due: number;
  /** Queued for later: a retry's backoff or a later run time. */
  later: number;
  running: number;
  /** Failed for good (every attempt used). */
  failed: number;
  /** When the longest-waiting due job became due; null when none is due. */
  oldest_due: Date | null;
}

/** Jobs not completed, per kind (`state <> 'completed'`: a week of completed jobs is not read). */
export async function jobFiguresByQueue(db: Db, now: Date): Promise<JobFigures[]> {
  const rows = await db
    .selectFrom('jobs')
    .select([
      'queue',
      sql<number>`count(*) FILTER (WHERE state = 'queued' AND run_at <= ${now})`.as('due'),
      sql<number>`count(*) FILTER (WHERE state = 'queued' AND run_at > ${now})`.as('later'),
      sql<number>`count(*) FILTER (WHERE state = 'active')`.as('running'),
      sql<number>`count(*) FILTER (WHERE state = 'failed')`.as('failed'),
      sql<Date | null>`min(run_at) FILTER (WHERE state = 'queued' AND run_at <= ${now})`.as('oldest_due'),
    ])
    .where('state', '!=', 'completed')
    .groupBy('queue')
    .execute();
  // count(*) is a bigint, which the driver hands over as a string.
  return rows.map((row) => ({ ...row, due: Number(row.due), later: Number(row.later), running: Number(row.running), failed: Number(row.failed), oldest_due: row.oldest_due === null ? null : new Date(row.oldest_due) }));
}
