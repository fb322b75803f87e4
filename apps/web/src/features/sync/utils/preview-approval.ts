import type { ApprovePreviewRequest, ChangeKind, PreviewChange, PreviewCounts } from '@tradelist/contract/sync-previews';
import type { SyncProvider } from '@tradelist/contract/sync';
import { amountChange } from '@tradelist/pricing/changes';
import { formatPercentChange, formatUsd, parseDollars } from '@tradelist/pricing/money';
import { formatCount } from '../../../lib/format';
import { providerName } from './messages';

/** The kinds in the order the preview shows them: what moves money first. */
export const previewKindOrder: readonly ChangeKind[] = ['up', 'down', 'new', 'edited_in_target', 'left_list', 'details', 'unchanged'];

/** Each kind as its filter and its count name it. */
export const previewKindLabels: Record<ChangeKind, string> = {
  new: 'New',
  up: 'Price up',
  down: 'Price down',
  details: 'Details only',
  unchanged: 'Unchanged',
  left_list: 'Left the list',
  edited_in_target: 'Edited in the service',
};

/** The kinds a whole group of can be left out with one tick; the others have their own choice. */
export const groupKinds: readonly ChangeKind[] = ['new', 'up', 'down', 'details'];

/** What the user decided so far on a preview, before Approve. */
export interface ApprovalDraft {
  /** Items left out one by one, with their kind (to count what is approved). */
  excluded: ReadonlyMap<string, ChangeKind>;
  /** Whole groups left out. */
  excludedKinds: ReadonlySet<ChangeKind>;
  onlyRaise: boolean;
  /** Decreases approved one by one while "Only raise prices" is on. */
  allowDecrease: ReadonlySet<string>;
  /** Items edited in the service whose price ours replaces. */
  overwriteEdited: ReadonlySet<string>;
  retireLeft: boolean;
}

export const emptyDraft: ApprovalDraft = {
  excluded: new Map(),
  excludedKinds: new Set(),
  onlyRaise: false,
  allowDecrease: new Set(),
  overwriteEdited: new Set(),
  retireLeft: false,
};

function toggled<T>(set: ReadonlySet<T>, value: T, on: boolean): Set<T> {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
}

/** Whether an item is left out, by itself or with its group. */
export function isExcluded(draft: ApprovalDraft, change: Pick<PreviewChange, 'sku' | 'kind'>): boolean {
  return draft.excluded.has(change.sku) || draft.excludedKinds.has(change.kind);
}

/** Leaves one item out, or takes it back in. */
export function setItemExcluded(draft: ApprovalDraft, change: Pick<PreviewChange, 'sku' | 'kind'>, excluded: boolean): ApprovalDraft {
  const next = new Map(draft.excluded);
  if (excluded) next.set(change.sku, change.kind);
  else next.delete(change.sku);
  return { ...draft, excluded: next };
}

/** Leaves a whole group out, or takes it back in (the items left out one by one stay out). */
export function setKindExcluded(draft: ApprovalDraft, kind: ChangeKind, excluded: boolean): ApprovalDraft {
  return { ...draft, excludedKinds: toggled(draft.excludedKinds, kind, excluded) };
}

export function setAllowDecrease(draft: ApprovalDraft, sku: string, allowed: boolean): ApprovalDraft {
  return { ...draft, allowDecrease: toggled(draft.allowDecrease, sku, allowed) };
}

export function setOverwriteEdited(draft: ApprovalDraft, sku: string, overwrite: boolean): ApprovalDraft {
  return { ...draft, overwriteEdited: toggled(draft.overwriteEdited, sku, overwrite) };
}

/** What the sync will do with one item, as the row says it (issue: "the preview says who wins"). */
export interface RowOutcome {
  /** True when the sync writes this item (creates, updates or retires it). */
  writes: boolean;
  text: string;
}

/** The row's outcome under the draft. */
export function rowOutcome(draft: ApprovalDraft, change: Pick<PreviewChange, 'sku' | 'kind'>, provider: SyncProvider): RowOutcome {
  const service = providerName(provider);
  if (change.kind === 'unchanged') return { writes: false, text: 'Nothing to write' };
  if (isExcluded(draft, change)) return { writes: false, text: 'Left out: stays as it is' };
  switch (change.kind) {
    case 'new':
      return { writes: true, text: `Created in ${service}` };
    case 'up':
      return { writes: true, text: 'Our price replaces theirs' };
    case 'details':
      return { writes: true, text: 'Name or details updated' };
    case 'down':
      if (draft.onlyRaise && !draft.allowDecrease.has(change.sku)) return { writes: false, text: `Only raise prices: ${service} keeps its price` };
      return { writes: true, text: 'Our lower price replaces theirs' };
    case 'edited_in_target':
      return draft.overwriteEdited.has(change.sku)
        ? { writes: true, text: `Our price replaces the one edited in ${service}` }
        : { writes: false, text: `The price edited in ${service} wins` };
    case 'left_list':
      return draft.retireLeft ? { writes: true, text: `Made inactive in ${service} (never deleted)` } : { writes: false, text: `Stays active in ${service}` };
  }
}

/** How many of each kind the approval lets the sync write: what Approve says before it is pressed. */
export function approvedCounts(draft: ApprovalDraft, counts: PreviewCounts): { write: number; leftAlone: number; retire: number } {
  const excludedOf = (kind: ChangeKind) => [...draft.excluded.values()].filter((excludedKind) => excludedKind === kind).length;
  const included = (kind: ChangeKind) => (draft.excludedKinds.has(kind) ? 0 : Math.max(0, counts[kind] - excludedOf(kind)));
  const chosenOf = (skus: ReadonlySet<string>) => [...skus].filter((sku) => !draft.excluded.has(sku)).length;
  const down = draft.onlyRaise ? Math.min(included('down'), chosenOf(draft.allowDecrease)) : included('down');
  const edited = Math.min(counts.edited_in_target, chosenOf(draft.overwriteEdited));
  const write = included('new') + included('up') + included('details') + down + edited;
  const retire = draft.retireLeft ? included('left_list') : 0;
  const changing = counts.new + counts.up + counts.down + counts.details + counts.edited_in_target + counts.left_list;
  return { write, retire, leftAlone: changing - write - retire };
}

/** Approve's label: "Approve: sync 12 items, make 3 inactive". */
export function approveLabel(approved: { write: number; retire: number }): string {
  const parts = [`sync ${formatCount(approved.write)} ${approved.write === 1 ? 'item' : 'items'}`];
  if (approved.retire > 0) parts.push(`make ${formatCount(approved.retire)} inactive`);
  return `Approve: ${parts.join(', ')}`;
}

/**
 * The body of POST /api/sync-previews/{id}/approve/. `skusOfKinds` are the SKUs of every group
 * left out whole (the preview is read page by page, so the caller fetched them).
 */
export function approvalRequest(draft: ApprovalDraft, skusOfKinds: readonly string[]): ApprovePreviewRequest {
  const exclude = new Set([...draft.excluded.keys(), ...skusOfKinds]);
  return {
    exclude: [...exclude],
    only_raise: draft.onlyRaise,
    allow_decrease: draft.onlyRaise ? [...draft.allowDecrease].filter((sku) => !exclude.has(sku)) : [],
    overwrite_edited: [...draft.overwriteEdited].filter((sku) => !exclude.has(sku)),
    retire_left: draft.retireLeft,
  };
}

const MINUS = '\u2212';

/** A row's prices and change as people read them: "$10.00", "$12.50", "+$2.50", "+25.0%". */
export function changeCells(change: Pick<PreviewChange, 'old_price' | 'new_price'>): { oldPrice: string; newPrice: string; amount: string; percent: string } {
  const before = change.old_price === null ? null : parseDollars(change.old_price, { plain: true });
  const after = change.new_price === null ? null : parseDollars(change.new_price, { plain: true });
  const cells = { oldPrice: before === null ? '—' : formatUsd(before), newPrice: after === null ? '—' : formatUsd(after), amount: '', percent: '' };
  if (before === null || after === null) return cells;
  const moved = amountChange(before, after);
  if (moved.amountCents === 0) return cells;
  const amount = `${moved.amountCents > 0 ? '+' : MINUS}${formatUsd(Math.abs(moved.amountCents))}`;
  return { ...cells, amount, percent: moved.percentBp === null ? '' : formatPercentChange(moved.percentBp).replace('-', MINUS) };
}
