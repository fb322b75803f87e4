import { softwareNameOf, type SyncRun } from '@tradelist/contract/sync';
import type { SyncRunRow } from '../../../db/schema.ts';

/** A sync run as the contract shows it. */
export function presentSyncRun(row: SyncRunRow): SyncRun {
  return {
    id: row.id,
    provider: softwareNameOf(row.provider),
    collection_id: row.collection_id,
    status: row.status,
    total: row.total,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: row.failed,
    errors: row.errors,
    error: row.error,
    queued_at: row.queued_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
    profile_name: row.profile_name,
  };
}
