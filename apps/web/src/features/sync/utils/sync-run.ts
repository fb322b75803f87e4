import type { SyncProvider, SyncRun as SyncRunAnswer } from '@tradelist/contract/sync';
import { formatCount } from '../../../lib/format';
import { providerName, syncMessages } from './messages';

/** A sync as the screens follow it: the answer of the sync calls, its provider named as the code names it. */
export interface SyncRun extends Omit<SyncRunAnswer, 'provider'> {
  provider: SyncProvider;
}

type Counts = Pick<SyncRun, 'total' | 'created' | 'updated' | 'unchanged' | 'failed'>;

/** A sync still to finish: the screen polls it (product §8.7: progress while it runs). */
export function isSyncActive(run: Pick<SyncRun, 'status'>): boolean {
  return run.status === 'queued' || run.status === 'running';
}

/** Items handled so far, whatever their outcome. */
export function itemsDone(run: Counts): number {
  return run.created + run.updated + run.unchanged + run.failed;
}

/** 0–100, rounded down so that 100 means every item was handled. */
export function progressPercent(run: Counts): number {
  if (run.total <= 0) return 0;
  return Math.min(100, Math.floor((itemsDone(run) / run.total) * 100));
}

/** "120 created, 3 updated, 0 unchanged, 1 failed". */
export function countsText(run: Counts): string {
  return [
    `${formatCount(run.created)} created`,
    `${formatCount(run.updated)} updated`,
    `${formatCount(run.unchanged)} unchanged`,
    `${formatCount(run.failed)} failed`,
  ].join(', ');
}

/** The progress line: waiting, then "Syncing to Jobber: 40 of 120 items". */
export function progressText(run: Pick<SyncRun, 'provider' | 'status'> & Counts): string {
  const name = providerName(run.provider);
  if (run.status === 'queued' || run.total === 0) return `Waiting to start the sync to ${name}…`;
  return `Syncing to ${name}: ${formatCount(itemsDone(run))} of ${formatCount(run.total)} items`;
}

const finishedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Jul 3, 2026, 10:04 AM" in the reader's time zone (a format may be passed for tests). */
export function formatSyncTime(iso: string, format: Intl.DateTimeFormat = finishedFormat): string {
  const time = Date.parse(iso);
  return Number.isFinite(time) ? format.format(new Date(time)) : iso;
}

/**
 * The line under a collection about its last finished sync to one provider:
 * "Last synced to QuickBooks Online on … — 120 created, 3 updated, 0 unchanged, 0 failed", or why
 * the last one failed.
 */
export function lastSyncText(run: SyncRun, format?: Intl.DateTimeFormat): string {
  const name = providerName(run.provider);
  const when = formatSyncTime(run.finished_at ?? run.queued_at, format);
  if (run.status === 'failed') return `Last sync to ${name} failed on ${when}${run.error ? `: ${run.error}` : ` — ${countsText(run)}`}`;
  return `Last synced to ${name} on ${when} — ${countsText(run)}`;
}

/** One refused item, as listed under the collection: "CU-12 12 AWG copper wire: Duplicate name". */
export function itemErrorText(item: SyncRun['errors'][number]): string {
  const label = [item.sku, item.name].filter(Boolean).join(' ');
  return label ? `${label}: ${item.error}` : item.error;
}

export type SyncOutcome = { kind: 'success'; message: string } | { kind: 'error'; messages: string[] };

/**
 * What a finished sync tells the user (product §8.7): `Successfully synced the pricelist`, or
 * the server's error; items the provider refused are counted here and listed on the collection.
 * Null while the sync still runs.
 */
export function syncOutcome(run: SyncRun): SyncOutcome | null {
  if (isSyncActive(run)) return null;
  if (run.status === 'succeeded' && run.failed === 0) return { kind: 'success', message: syncMessages.succeeded };
  const messages: string[] = [];
  if (run.error) messages.push(run.error);
  if (run.failed > 0) {
    messages.push(`${formatCount(run.failed)} of ${formatCount(run.total)} items could not be synced to ${providerName(run.provider)}.`);
  }
  if (messages.length === 0) messages.push(`The sync to ${providerName(run.provider)} failed.`);
  return { kind: 'error', messages };
}
