import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { HeldBackItem, SyncRunRow, SyncRunsTable } from '../../../db/schema.ts';

type Provider = SyncRunsTable['provider'];
export type SyncItemError = { sku: string; name: string; error: string };

/** The first item errors a run keeps (the screen shows them; the counts hold the rest). */
export const KEPT_ITEM_ERRORS = 20;
/** The held-back items a run keeps, largest change first (the summary email names them; `left_alone` counts them all). */
export const KEPT_HELD_BACK = 20;

/**
 * Queues a run unless one is queued or running for this user and provider (the partial unique
 * index decides, also between simultaneous requests); answers the new id or undefined.
 */
export async function insertRunUnlessActive(db: Db, run: Insertable<SyncRunsTable>): Promise<number | undefined> {
  const row = await db.insertInto('sync_runs').values(run).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return row?.id;
}

/** The queued or running sync of this user and provider. */
export function findActiveRun(db: Db, userId: number, provider: Provider): Promise<Pick<SyncRunRow, 'id'> | undefined> {
  return db.selectFrom('sync_runs').select('id').where('user_id', '=', userId).where('provider', '=', provider).where('status', 'in', ['queued', 'running']).executeTakeFirst();
}

export function findRun(db: Db, id: number): Promise<SyncRunRow | undefined> {
  return db.selectFrom('sync_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One of the user's runs; another user's is as unknown as a missing one. */
export function findRunOfUser(db: Db, userId: number, id: number): Promise<SyncRunRow | undefined> {
  return db.selectFrom('sync_runs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's last run per edition and provider. */
export function lastRunsOfUser(db: Db, userId: number): Promise<SyncRunRow[]> {
  return db
    .selectFrom('sync_runs')
    .selectAll()
    .distinctOn(['collection_id', 'provider'])
    .where('user_id', '=', userId)
    .orderBy('collection_id')
    .orderBy('provider')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Takes a queued or running run for one worker: free, or its holder's lease ran out (the
 * worker died). Answers the run as taken, or undefined when another worker holds it or it ended.
 */
export function claimRun(db: Db, id: number, claim: { owner: string; now: Date; leaseUntil: Date }): Promise<SyncRunRow | undefined> {
  return db
    .updateTable('sync_runs')
    .set({
      status: 'running',
      lease_owner: claim.owner,
      lease_until: claim.leaseUntil,
      attempts: (eb) => eb('attempts', '+', 1),
      started_at: (eb) => eb.fn.coalesce('started_at', eb.val(claim.now)),
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', claim.now), eb('lease_owner', '=', claim.owner)]))
    .returningAll()
    .executeTakeFirst();
}

/** Sets how many items the run has (the edition's count when it starts). */
export async function setRunTotal(db: Db, id: number, owner: string, total: number): Promise<void> {
  await db.updateTable('sync_runs').set({ total }).where('id', '=', id).where('lease_owner', '=', owner).execute();
}

/** Progress of one batch: how far the run got, what the batch counted, its item errors. */
export interface Checkpoint {
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  leftAlone: number;
  retired: number;
  failed: number;
  errors: SyncItemError[];
  /** The largest changes the protections held back in the batch. */
  heldBack: HeldBackItem[];
}

/**
 * Records a batch and renews the lease, in one statement; false when this worker no longer holds
 * the run (its lease ran out and another took it over), which must stop it.
 */
export async function checkpointRun(db: Db, id: number, owner: string, step: Checkpoint, leaseUntil: Date): Promise<boolean> {
  const result = await db
    .updateTable('sync_runs')
    .set({
      done: step.done,
      created: (eb) => eb('created', '+', step.created),
      updated: (eb) => eb('updated', '+', step.updated),
      unchanged: (eb) => eb('unchanged', '+', step.unchanged),
      left_alone: (eb) => eb('left_alone', '+', step.leftAlone),
      retired: (eb) => eb('retired', '+', step.retired),
      failed: (eb) => eb('failed', '+', step.failed),
      errors:
        step.errors.length === 0
          ? sql`errors`
          : sql`(SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM (SELECT e FROM jsonb_array_elements(errors || ${JSON.stringify(step.errors)}::jsonb) AS e LIMIT ${KEPT_ITEM_ERRORS}) AS kept)`,
      held_back:
        step.heldBack.length === 0
          ? sql`held_back`
          : sql`(SELECT coalesce(jsonb_agg(e ORDER BY (e->>'magnitude')::int DESC, e->>'sku'), '[]'::jsonb) FROM (SELECT e FROM jsonb_array_elements(held_back || ${JSON.stringify(step.heldBack)}::jsonb) AS e ORDER BY (e->>'magnitude')::int DESC, e->>'sku' LIMIT ${KEPT_HELD_BACK}) AS kept)`,
      lease_until: leaseUntil,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a run (succeeded, or failed with the reason). */
export async function finishRun(db: Db, id: number, outcome: { status: 'succeeded' | 'failed'; error: string | null; now: Date; owner?: string }): Promise<void> {
  let query = db
    .updateTable('sync_runs')
    .set({ status: outcome.status, error: outcome.error, finished_at: outcome.now, lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running']);
  if (outcome.owner) query = query.where('lease_owner', '=', outcome.owner);
  await query.execute();
}

/** Lets go of a run after a failed attempt, so that the retry need not wait for the lease. */
export async function releaseRun(db: Db, id: number, owner: string): Promise<void> {
  await db.updateTable('sync_runs').set({ lease_owner: null, lease_until: null }).where('id', '=', id).where('lease_owner', '=', owner).execute();
}

/** Ends a user's queued runs (none started yet) as failed with the reason; their jobs then find nothing to do. */
export async function failQueuedRunsOfUser(db: Db, userId: number, error: string, now: Date): Promise<void> {
  await db.updateTable('sync_runs').set({ status: 'failed', error, finished_at: now }).where('user_id', '=', userId).where('status', '=', 'queued').execute();
}

/** Whether the user's account is active (not disabled by an operator): a sync of a disabled one stops. */
export async function isAccountActive(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_active').where('id', '=', userId).executeTakeFirst();
  return row?.is_active === true;
}
