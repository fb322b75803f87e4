import type { Db } from '../../../db/database.ts';
import type { PreviewApprovalColumn, SyncRunRow } from '../../../db/schema.ts';
import type { SyncItemError } from './sync-runs.ts';

export type SyncHistoryRow = SyncRunRow & { edition_name: string; approved_at: Date | null; approved_by: string | null; approval: PreviewApprovalColumn | null };

type Target = Pick<SyncRunRow, 'user_id' | 'provider' | 'account_id'>;

/** The syncs to one target, newest first (all of them without `page`), with their edition and approval. */
export async function syncsToTarget(db: Db, target: Target, page?: { limit: number; offset: number }): Promise<{ rows: SyncHistoryRow[]; total: number }> {
  const base = db
    .selectFrom('sync_runs')
    .where('sync_runs.user_id', '=', target.user_id)
    .where('sync_runs.provider', '=', target.provider)
    .where('sync_runs.account_id', '=', target.account_id);
  let rows = base
    .innerJoin('collections', 'collections.id', 'sync_runs.collection_id')
    .leftJoin('sync_previews', 'sync_previews.id', 'sync_runs.preview_id')
    .selectAll('sync_runs')
    .select(['collections.name as edition_name', 'sync_previews.approved_at', 'sync_previews.approved_by', 'sync_previews.approval'])
    .orderBy('sync_runs.id', 'desc');
  if (page) rows = rows.limit(page.limit).offset(page.offset);
  const [list, count] = await Promise.all([rows.execute(), base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()]);
  return { rows: list as SyncHistoryRow[], total: Number(count.total) };
}

/** Every item the provider refused in these syncs, by sync, in the order of the list. */
export async function failuresOf(db: Db, syncRunIds: number[]): Promise<Map<number, SyncItemError[]>> {
  const failures = new Map<number, SyncItemError[]>();
  if (syncRunIds.length === 0) return failures;
  const rows = await db.selectFrom('sync_run_failures').select(['sync_run_id', 'sku', 'name', 'error']).where('sync_run_id', 'in', syncRunIds).orderBy('sync_run_id').orderBy('position').execute();
  for (const row of rows) {
    const list = failures.get(row.sync_run_id) ?? [];
    list.push({ sku: row.sku, name: row.name, error: row.error });
    failures.set(row.sync_run_id, list);
  }
  return failures;
}

/** The user's last sync to each provider, whatever the edition. */
export function lastRunPerProvider(db: Db, userId: number): Promise<SyncRunRow[]> {
  return db.selectFrom('sync_runs').selectAll().distinctOn(['provider']).where('user_id', '=', userId).orderBy('provider').orderBy('id', 'desc').execute();
}
