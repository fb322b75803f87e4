import type { Db } from '../../../db/database.ts';
import type { PreviewApprovalColumn, SyncRunRow } from '../../../db/schema.ts';
import type { SyncItemError } from './sync-runs.ts';

export type SyncHistoryRow = SyncRunRow & { edition_name: string; approved_at: Date | null; approved_by: string | null; approval: PreviewApprovalColumn | null };

type Target = Pick<SyncRunRow, 'user_id' | 'provider' | 'account_id'>;

function syncsOf(db: Db, target: Target) {
  return db
    .selectFrom('sync_runs')
    .where('sync_runs.user_id', '=', target.user_id)
    .where('sync_runs.provider', '=', target.provider)
    .where('sync_runs.account_id', '=', target.account_id);
}

function withEditionAndApproval(query: ReturnType<typeof syncsOf>) {
  return query
    .innerJoin('collections', 'collections.id', 'sync_runs.collection_id')
    .leftJoin('sync_previews', 'sync_previews.id', 'sync_runs.preview_id')
    .selectAll('sync_runs')
    .select(['collections.name as edition_name', 'sync_previews.approved_at', 'sync_previews.approved_by', 'sync_previews.approval'])
    .orderBy('sync_runs.id', 'desc');
}

/** One page of the syncs to one target, newest first, with their edition and approval, and how many there are. */
export async function syncsToTarget(db: Db, target: Target, page: { limit: number; offset: number }): Promise<{ rows: SyncHistoryRow[]; total: number }> {
  const rows = withEditionAndApproval(syncsOf(db, target)).limit(page.limit).offset(page.offset);
  const [list, count] = await Promise.all([rows.execute(), syncsOf(db, target).select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()]);
  return { rows: list as SyncHistoryRow[], total: Number(count.total) };
}

/** The syncs to one target older than `beforeId`, newest first, `limit` of them (keyset pages for the CSV). */
export async function syncsToTargetBefore(db: Db, target: Target, beforeId: number, limit: number): Promise<SyncHistoryRow[]> {
  return (await withEditionAndApproval(syncsOf(db, target).where('sync_runs.id', '<', beforeId)).limit(limit).execute()) as SyncHistoryRow[];
}

/** The first `limit` items the provider refused in each of these syncs, in the order of the list, and how many it refused in all. */
export async function firstFailuresOf(db: Db, syncRunIds: number[], limit: number): Promise<Map<number, { shown: SyncItemError[]; total: number }>> {
  const failures = new Map<number, { shown: SyncItemError[]; total: number }>();
  if (syncRunIds.length === 0) return failures;
  const ranked = db
    .selectFrom('sync_run_failures')
    .select(['sync_run_id', 'position', 'sku', 'name', 'error'])
    .select((eb) => [
      eb.fn.agg<string>('row_number').over((ob) => ob.partitionBy('sync_run_id').orderBy('position')).as('n'),
      eb.fn.countAll<string>().over((ob) => ob.partitionBy('sync_run_id')).as('total'),
    ])
    .where('sync_run_id', 'in', syncRunIds);
  const rows = await db.selectFrom(ranked.as('f')).selectAll().where('f.n', '<=', String(limit)).orderBy('f.sync_run_id').orderBy('f.position').execute();
  for (const row of rows) {
    const entry = failures.get(row.sync_run_id) ?? { shown: [], total: Number(row.total) };
    entry.shown.push({ sku: row.sku, name: row.name, error: row.error });
    failures.set(row.sync_run_id, entry);
  }
  return failures;
}

/** A page of the items the provider refused in one sync, after list position `afterPosition`, in the order of the list. */
export function failuresAfter(db: Db, syncRunId: number, afterPosition: number, limit: number): Promise<Array<SyncItemError & { position: number }>> {
  return db
    .selectFrom('sync_run_failures')
    .select(['position', 'sku', 'name', 'error'])
    .where('sync_run_id', '=', syncRunId)
    .where('position', '>', afterPosition)
    .orderBy('position')
    .limit(limit)
    .execute();
}

/** The user's last sync to each provider, whatever the edition. */
export function lastRunPerProvider(db: Db, userId: number): Promise<SyncRunRow[]> {
  return db.selectFrom('sync_runs').selectAll().distinctOn(['provider']).where('user_id', '=', userId).orderBy('provider').orderBy('id', 'desc').execute();
}
