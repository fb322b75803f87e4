import type { PreviewCounts, SyncRecord } from '@tradelist/contract/sync-previews';
import { formatCount } from '../../../lib/format';
import { previewKindLabels, previewKindOrder } from './preview-approval';

/** 75 → "1 min 15 s", 8 → "8 s", 3720 → "1 h 2 min"; "—" while the sync has not ended. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || seconds < 0) return '—';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** What an approval let through, by kind: "3 new, 8 price up, 1 price down"; "Nothing" when it let nothing through. */
export function approvedText(approved: PreviewCounts): string {
  const parts = previewKindOrder
    .filter((kind) => kind !== 'unchanged' && approved[kind] > 0)
    .map((kind) => `${formatCount(approved[kind])} ${previewKindLabels[kind].toLowerCase()}`);
  return parts.length > 0 ? parts.join(', ') : 'Nothing';
}

/** How the sync came about, for the record's Approved column. */
export function approvalText(record: Pick<SyncRecord, 'trigger' | 'approval'>): string {
  if (record.approval) return approvedText(record.approval.approved);
  if (record.trigger === 'automatic') return 'Automatic: no decrease, no edited item, no retirement';
  return 'Synced without a preview';
}

/** The pricing used: the profile's name when the sync was asked for; a sync from before pricing profiles used the account's markups. */
export function profileText(profileName: string | null): string {
  return profileName ?? 'Your markups';
}

/** Under the refused items a record shows (the first of them): how many more the CSV lists, or null when it shows them all. */
export function moreFailuresText(record: Pick<SyncRecord, 'failures' | 'failures_total'>): string | null {
  const more = record.failures_total - record.failures.length;
  return more > 0 ? `And ${formatCount(more)} more: Download CSV lists every one.` : null;
}
