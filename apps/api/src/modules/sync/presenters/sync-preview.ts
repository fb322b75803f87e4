import { previewExpiredMessages, type PreviewChange, type PreviewExpiryReason, type PreviewStatus, type SyncPreviewResponse } from '@tradelist/contract/sync-previews';
import { softwareNameOf } from '@tradelist/contract/sync';
import { amountChange } from '@tradelist/pricing/changes';
import { centsToDecimal } from '@tradelist/pricing/money';
import type { SyncPreviewRow } from '../../../db/schema.ts';
import { countKinds, type PlannedItem } from '../services/sync-plan.ts';

/** A signed amount of cents as the wire writes it ("-1.50"). */
const signedDecimal = (cents: number): string => (cents < 0 ? `-${centsToDecimal(-cents)}` : centsToDecimal(cents));
/** Basis points as a percentage with two decimals ("-12.50"). */
const percentText = (bp: number): string => signedDecimal(bp);

/** One item of a preview as the contract shows it: prices in dollars, its change in dollars and percent. */
export function presentChange(item: PlannedItem): PreviewChange {
  const both = item.oldCents !== null && item.newCents !== null;
  const change = both ? amountChange(item.oldCents!, item.newCents!) : null;
  return {
    sku: item.sku,
    name: item.name,
    kind: item.kind,
    old_price: item.oldCents === null ? null : centsToDecimal(item.oldCents),
    new_price: item.newCents === null ? null : centsToDecimal(item.newCents),
    change: change ? signedDecimal(change.amountCents) : null,
    change_percent: change && change.percentBp !== null ? percentText(change.percentBp) : null,
  };
}

/** The status a person sees: a ready preview that expired says so. */
export function previewStatusOf(row: SyncPreviewRow, expiry: PreviewExpiryReason | null): PreviewStatus {
  if (row.status === 'failed') return 'failed';
  if (row.approved_at) return 'approved';
  if (expiry) return 'expired';
  return row.status;
}

export function presentPreview(row: SyncPreviewRow, expiry: PreviewExpiryReason | null, page: { total: number; offset: number; limit: number; items: PlannedItem[] }): SyncPreviewResponse {
  const status = previewStatusOf(row, expiry);
  return {
    id: row.id,
    status,
    provider: softwareNameOf(row.provider),
    collection_id: row.collection_id,
    profile_id: row.profile_id,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    error: status === 'failed' ? row.error : status === 'expired' && expiry ? previewExpiredMessages[expiry] : null,
    sync_id: row.sync_run_id,
    counts: { ...countKinds([]), ...row.counts },
    total: page.total,
    offset: page.offset,
    limit: page.limit,
    changes: page.items.map(presentChange),
  };
}
