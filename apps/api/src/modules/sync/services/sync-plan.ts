import type { PreviewItemKind, SyncPolicyColumn } from '../../../db/schema.ts';

/**
 * What a sync would do to each item, and what its policy lets it do (decisions 0047, 0048). One
 * rule for the preview and the sync alike, so that what a preview lists is what the sync writes.
 * Pure: the providers' reads and writes are elsewhere.
 */

/** What we last wrote to the target for one SKU (the ledger). */
export interface LedgerEntry {
  sku: string;
  remoteId: string;
  name: string;
  priceCents: number;
  /** Whether the list being synced wrote it last (another list's items never leave this one). */
  fromThisList?: boolean;
}

/** An item as the target holds it, in the words both providers share. */
export interface TargetItem {
  remoteId: string;
  name: string;
  /** Its price in cents; null when it is not a whole number of cents. */
  priceCents: number | null;
  /** QuickBooks' Active; Jobber's visible. */
  active: boolean;
}

/** One item's place in a preview or a sync. */
export interface PlannedItem {
  sku: string;
  name: string;
  kind: PreviewItemKind;
  oldCents: number | null;
  newCents: number | null;
  remoteId: string | null;
}

/**
 * The kind of change for one item of the list: `match` is the target's item it was matched to
 * (undefined: none), `differs` whether any field we write differs from it.
 * - no match: new;
 * - nothing differs: unchanged;
 * - the target's price is not a whole number of cents, or not the one we last wrote there (and not
 *   ours now either): edited in the target;
 * - otherwise up, down, or details (same price, other fields).
 */
export function classifyItem(item: { sku: string; name: string; priceCents: number }, match: TargetItem | undefined, differs: boolean, ledger: LedgerEntry | undefined): PlannedItem {
  const base = { sku: item.sku, name: item.name, newCents: item.priceCents };
  if (!match) return { ...base, kind: 'new', oldCents: null, remoteId: null };
  // A price there that is not a whole number of cents was set there, not by us: it is an edit,
  // kept unless ticked (never read as $0.00, which would make any price look like a raise).
  if (match.priceCents === null) return { ...base, kind: 'edited_in_target', oldCents: null, remoteId: match.remoteId };
  const oldCents = match.priceCents;
  const planned = { ...base, oldCents, remoteId: match.remoteId };
  if (!differs) return { ...planned, kind: 'unchanged' };
  if (ledger && ledger.remoteId === match.remoteId && match.priceCents !== ledger.priceCents && match.priceCents !== item.priceCents) {
    return { ...planned, kind: 'edited_in_target' };
  }
  if (oldCents < item.priceCents) return { ...planned, kind: 'up' };
  if (oldCents > item.priceCents) return { ...planned, kind: 'down' };
  return { ...planned, kind: 'details' };
}

/**
 * Items that left the list: in the ledger (written there by a sync of this list), no longer in
 * the list, and still active in the target. An item already inactive, or gone, is not offered;
 * nor is one another list wrote (a contractor may sync several lists into one company).
 */
export function leftTheList(ledger: Iterable<LedgerEntry>, listSkus: ReadonlySet<string>, targetById: ReadonlyMap<string, TargetItem>): PlannedItem[] {
  const left: PlannedItem[] = [];
  for (const entry of ledger) {
    if (!entry.fromThisList || listSkus.has(entry.sku)) continue;
    const item = targetById.get(entry.remoteId);
    if (!item || !item.active) continue;
    left.push({ sku: entry.sku, name: item.name, kind: 'left_list', oldCents: item.priceCents ?? 0, newCents: null, remoteId: item.remoteId });
  }
  return left;
}

/** The policy of a sync as its job applies it. */
export interface SyncPolicy {
  exclude: ReadonlySet<string>;
  onlyRaise: boolean;
  allowDecrease: ReadonlySet<string>;
  /** 'all': a sync without a preview (product §7) writes every difference, as it always did. */
  overwriteEdited: ReadonlySet<string> | 'all';
  retireLeft: boolean;
  /** Told of each item the protections hold back (a decrease, an edit in the target), through `leftAsItIs`. */
  noteHeldBack?: (item: PlannedItem) => void;
}

/** POST /sync-products/ without a preview: write every difference, retire nothing. */
export const WRITE_EVERYTHING: SyncPolicy = { exclude: new Set(), onlyRaise: false, allowDecrease: new Set(), overwriteEdited: 'all', retireLeft: false };

/**
 * The protections of issue §3's automatic syncs: no decrease, no overwrite of items edited in
 * the target, no retirement.
 */
export const PROTECTED_POLICY_COLUMN: SyncPolicyColumn = { exclude: [], onlyRaise: true, allowDecrease: [], overwriteEdited: [], retireLeft: false };

/** A stored policy (null: a sync without a preview). */
export function policyOf(column: SyncPolicyColumn | null): SyncPolicy {
  if (!column) return WRITE_EVERYTHING;
  return {
    exclude: new Set(column.exclude),
    onlyRaise: column.onlyRaise,
    allowDecrease: new Set(column.allowDecrease),
    overwriteEdited: new Set(column.overwriteEdited),
    retireLeft: column.retireLeft,
  };
}

/** What the sync does with one planned item: 'leave' it as the approval said, 'hold' it back by a protection. */
export type Decision = 'write' | 'leave' | 'hold' | 'retire' | 'none';

/**
 * The policy's verdict on one planned item. `previewed` is the approved preview's item of that
 * SKU when the sync comes from a preview: an item the preview did not list as it is now (its
 * kind or either price differs, because the target changed since) is left alone, so that nothing
 * is written that was not shown.
 */
export function decide(item: PlannedItem, policy: SyncPolicy, previewed?: ReadonlyMap<string, PlannedItem>): Decision {
  if (item.kind === 'unchanged') return 'none';
  if (item.kind === 'left_list' && !policy.retireLeft) return 'none';
  if (policy.exclude.has(item.sku)) return 'leave';
  if (previewed) {
    const shown = previewed.get(item.sku);
    if (!shown || shown.kind !== item.kind || shown.oldCents !== item.oldCents || shown.newCents !== item.newCents) return 'leave';
  }
  switch (item.kind) {
    case 'left_list':
      return 'retire';
    case 'down':
      return policy.onlyRaise && !policy.allowDecrease.has(item.sku) ? 'hold' : 'write';
    case 'edited_in_target':
      return policy.overwriteEdited === 'all' || policy.overwriteEdited.has(item.sku) ? 'write' : 'hold';
    default:
      return 'write';
  }
}

/** Whether a decision leaves the item as it is in the target; an item held back is told to the policy's `noteHeldBack`. */
export function leftAsItIs(decision: Decision, item: PlannedItem, policy: SyncPolicy): boolean {
  if (decision === 'hold') policy.noteHeldBack?.(item);
  return decision === 'leave' || decision === 'hold';
}

/** How many items of each kind. */
export function countKinds(items: Iterable<{ kind: PreviewItemKind }>): Record<PreviewItemKind, number> {
  const counts: Record<PreviewItemKind, number> = { new: 0, up: 0, down: 0, details: 0, unchanged: 0, left_list: 0, edited_in_target: 0 };
  for (const item of items) counts[item.kind] += 1;
  return counts;
}

/** The size of a change, the order a preview shows: the price moved by, a new item's price, a leaving item's. */
export function magnitudeOf(item: Pick<PlannedItem, 'oldCents' | 'newCents'>): number {
  return Math.abs((item.newCents ?? 0) - (item.oldCents ?? 0));
}
