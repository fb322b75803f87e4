import { Readable } from 'node:stream';
import { SYNC_HISTORY_PAGE_SIZE, SYNC_RECORD_FAILURES_SHOWN, type SyncHistoryResponse, type SyncRecord } from '@tradelist/contract/sync-previews';
import { softwareNameOf, type SyncProvider } from '@tradelist/contract/sync';
import { csvChunks } from '@tradelist/pricing/csv';
import type { Cell, Column } from '@tradelist/pricing/layouts';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/database.ts';
import { pagesOf } from '../../../lib/pages.ts';
import { presentSyncRun } from '../presenters/sync-run.ts';
import { findConnection } from '../repositories/connections.ts';
import { failuresAfter, firstFailuresOf, lastRunPerProvider, syncsToTarget, syncsToTargetBefore, type SyncHistoryRow } from '../repositories/sync-history.ts';
import type { TargetScope } from '../repositories/sync-ledger.ts';
import type { SyncItemError } from '../repositories/sync-runs.ts';
import { countKinds } from './sync-plan.ts';

type Failures = { shown: SyncItemError[]; total: number };
const NO_FAILURES: Failures = { shown: [], total: 0 };

function presentRecord(row: SyncHistoryRow, failures: Failures): SyncRecord {
  const approval = row.approved_at && row.approval
    ? {
        preview_id: row.preview_id!,
        approved_by: row.approved_by ?? '',
        approved_at: row.approved_at.toISOString(),
        approved: { ...countKinds([]), ...row.approval.approved },
        only_raise: row.approval.policy.onlyRaise,
        retire_left: row.approval.policy.retireLeft,
      }
    : null;
  return {
    id: row.id,
    provider: softwareNameOf(row.provider),
    status: row.status,
    trigger: row.trigger,
    queued_at: row.queued_at.toISOString(),
    started_at: row.started_at ? row.started_at.toISOString() : null,
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
    duration_seconds: row.started_at && row.finished_at ? Math.round((row.finished_at.getTime() - row.started_at.getTime()) / 1000) : null,
    collection_id: row.collection_id,
    edition_name: row.edition_name,
    profile_id: row.profile_id,
    profile_name: row.profile_name,
    approval,
    total: row.total,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    left_alone: row.left_alone,
    retired: row.retired,
    failed: row.failed,
    failures: failures.shown,
    failures_total: failures.total,
    error: row.error,
  };
}

/** The syncs to the user's current connection to `provider`, newest first, page by page. */
export async function syncHistory(ctx: AppContext, userId: number, provider: SyncProvider, page: number): Promise<SyncHistoryResponse> {
  const connection = await findConnection(ctx.db, userId, provider);
  const empty = { provider: softwareNameOf(provider), account_name: null, total: 0, page, page_size: SYNC_HISTORY_PAGE_SIZE, syncs: [] };
  if (!connection || connection.status !== 'connected') return empty;
  const { rows, total } = await syncsToTarget(ctx.db, { user_id: userId, provider, account_id: connection.account_id }, { limit: SYNC_HISTORY_PAGE_SIZE, offset: (page - 1) * SYNC_HISTORY_PAGE_SIZE });
  const failures = await firstFailuresOf(ctx.db, rows.map((r) => r.id), SYNC_RECORD_FAILURES_SHOWN);
  return { ...empty, account_name: connection.account_name, total, syncs: rows.map((r) => presentRecord(r, failures.get(r.id) ?? NO_FAILURES)) };
}

const column = (header: string, width = 14): Column => ({ header, kind: 'text', width });
const HISTORY_COLUMNS: Column[] = [
  column('Sync'), column('Started'), column('Finished'), column('Duration (s)'), column('Status'), column('How'), column('Edition', 30), column('Profile'),
  column('Approved by', 30), column('Approved at'), column('Created'), column('Updated'), column('Unchanged'), column('Left alone'), column('Retired'), column('Failed'),
  column('Failed items (SKU: reason)', 60), column('Error', 40),
];

function historyCells(record: SyncRecord, failures: string): Cell[] {
  return [
    String(record.id), record.started_at ?? record.queued_at, record.finished_at ?? '', record.duration_seconds === null ? '' : String(record.duration_seconds), record.status, record.trigger,
    record.edition_name, record.profile_name ?? '', record.approval?.approved_by ?? '', record.approval?.approved_at ?? '',
    String(record.created), String(record.updated), String(record.unchanged), String(record.left_alone), String(record.retired), String(record.failed),
    failures, record.error ?? '',
  ];
}

// Syncs per read, and refused items per read of one sync's.
const CSV_SYNCS_PER_PAGE = 100;
const CSV_FAILURES_PER_PAGE = 5_000;
// Sync ids are PostgreSQL integers: every one is below this.
const AFTER_EVERY_SYNC = 2 ** 31 - 1;

/** Every item one sync's provider refused, "SKU: reason" joined by " | ", read a page at a time. */
async function failuresCell(db: Db, row: SyncHistoryRow): Promise<string> {
  // The count and the items are written in one transaction at each checkpoint.
  if (row.failed === 0) return '';
  const parts: string[] = [];
  for await (const page of pagesOf(
    (afterPosition) => failuresAfter(db, row.id, afterPosition, CSV_FAILURES_PER_PAGE),
    (page) => (page.length === CSV_FAILURES_PER_PAGE ? page[page.length - 1]!.position : null),
    -1,
  )) {
    for (const failure of page) parts.push(`${failure.sku}: ${failure.error}`);
  }
  return parts.join(' | ');
}

/** The record's rows, newest sync first, read in pages as the file is written: memory holds a page of syncs and one sync's refused items. */
async function* historyRows(db: Db, target: TargetScope): AsyncGenerator<Cell[]> {
  const pages = pagesOf(
    (beforeId) => syncsToTargetBefore(db, target, beforeId, CSV_SYNCS_PER_PAGE),
    (page) => (page.length === CSV_SYNCS_PER_PAGE ? page[page.length - 1]!.id : null),
    AFTER_EVERY_SYNC,
  );
  for await (const page of pages) {
    for (const row of page) yield historyCells(presentRecord(row, NO_FAILURES), await failuresCell(db, row));
  }
}

/**
 * GET /sync-history/csv/: every sync to the connection, each with every item refused, as a CSV
 * file streamed as it is read, through the price lists' writer (formulas neutralised).
 */
export async function syncHistoryCsv(ctx: AppContext, userId: number, provider: SyncProvider): Promise<{ fileName: string; body: Readable }> {
  const connection = await findConnection(ctx.db, userId, provider);
  const rows = connection && connection.status === 'connected' ? historyRows(ctx.db, { user_id: userId, provider, account_id: connection.account_id }) : [];
  return {
    fileName: `tradelist-syncs-${softwareNameOf(provider)}-${ctx.clock.now().toISOString().slice(0, 10)}.csv`,
    body: Readable.from(csvChunks(HISTORY_COLUMNS, rows), { objectMode: false }),
  };
}

/** GET /sync-results/last/: the user's last sync to each provider. */
export async function lastSyncs(ctx: AppContext, userId: number): Promise<{ quickbook: ReturnType<typeof presentSyncRun> | null; jobber: ReturnType<typeof presentSyncRun> | null }> {
  const rows = await lastRunPerProvider(ctx.db, userId);
  const of = (provider: SyncProvider) => {
    const row = rows.find((r) => r.provider === provider);
    return row ? presentSyncRun(row) : null;
  };
  return { quickbook: of('quickbooks'), jobber: of('jobber') };
}
