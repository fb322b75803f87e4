import { sql, type Kysely } from 'kysely';

/**
 * Typed jobs and cluster-wide schedules (docs/decisions/0009-jobs-and-worker-processes.md): an
 * idempotency key so that the same logical job is queued once, the worker that claimed a job, and
 * one row per scheduled task whose `next_run_at` one process of the cluster claims per period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE jobs ADD COLUMN idempotency_key text;
    ALTER TABLE jobs ADD COLUMN claimed_by text;
    CREATE UNIQUE INDEX jobs_queue_idempotency_key ON jobs (queue, idempotency_key) WHERE idempotency_key IS NOT NULL;

    CREATE TABLE job_schedules (
      name text PRIMARY KEY,
      next_run_at timestamptz NOT NULL,
      last_run_at timestamptz,
      last_run_by text
    );
  `.execute(db);
}
