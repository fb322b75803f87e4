import { describe, expect, it } from 'vitest';
import {
  approvalRequest,
  approveLabel,
  approvedCounts,
  changeCells,
  emptyDraft,
  isExcluded,
  rowOutcome,
  setAllowDecrease,
  setItemExcluded,
  setKindExcluded,
  setOverwriteEdited,
} from './preview-approval';

const counts = { new: 3, up: 4, down: 2, details: 1, unchanged: 10, left_list: 2, edited_in_target: 2 };
const down = { sku: 'D-1', kind: 'down' as const };
const edited = { sku: 'E-1', kind: 'edited_in_target' as const };

describe('the approval draft', () => {
  it('approves every change but decreases-only, edited items and retirements by default', () => {
    expect(approvedCounts(emptyDraft, counts)).toEqual({ write: 3 + 4 + 2 + 1, retire: 0, leftAlone: 4 });
    expect(approvalRequest(emptyDraft, [])).toEqual({ exclude: [], only_raise: false, allow_decrease: [], overwrite_edited: [], retire_left: false });
  });

  it('leaves out items one by one and whole groups, and counts what is left', () => {
    let draft = setItemExcluded(emptyDraft, { sku: 'U-1', kind: 'up' }, true);
    draft = setKindExcluded(draft, 'new', true);
    expect(isExcluded(draft, { sku: 'U-1', kind: 'up' })).toBe(true);
    expect(isExcluded(draft, { sku: 'N-9', kind: 'new' })).toBe(true);
    expect(isExcluded(draft, { sku: 'U-2', kind: 'up' })).toBe(false);
    expect(approvedCounts(draft, counts)).toEqual({ write: 3 + 2 + 1, retire: 0, leftAlone: 4 + 4 });
    expect(approvalRequest(draft, ['N-1', 'N-2', 'N-3']).exclude).toEqual(['U-1', 'N-1', 'N-2', 'N-3']);
    // Taking the group back keeps the single item out.
    draft = setKindExcluded(draft, 'new', false);
    expect(isExcluded(draft, { sku: 'N-9', kind: 'new' })).toBe(false);
    expect(setItemExcluded(draft, { sku: 'U-1', kind: 'up' }, false).excluded.size).toBe(0);
  });

  it('with Only raise prices, leaves decreases unless each is approved', () => {
    let draft = { ...emptyDraft, onlyRaise: true };
    expect(rowOutcome(draft, down, 'quickbooks')).toEqual({ writes: false, text: 'Only raise prices: QuickBooks Online keeps its price' });
    expect(approvedCounts(draft, counts).write).toBe(3 + 4 + 1);
    draft = setAllowDecrease(draft, 'D-1', true);
    expect(rowOutcome(draft, down, 'quickbooks')).toEqual({ writes: true, text: 'Our lower price replaces theirs' });
    expect(approvedCounts(draft, counts).write).toBe(3 + 4 + 1 + 1);
    expect(approvalRequest(draft, [])).toMatchObject({ only_raise: true, allow_decrease: ['D-1'] });
    // Approved decreases mean nothing once the box is cleared: every decrease is written.
    expect(approvalRequest({ ...draft, onlyRaise: false }, []).allow_decrease).toEqual([]);
  });

  it('says who wins for an item edited in the service, and overwrites only those ticked', () => {
    expect(rowOutcome(emptyDraft, edited, 'jobber')).toEqual({ writes: false, text: 'The price edited in Jobber wins' });
    const draft = setOverwriteEdited(emptyDraft, 'E-1', true);
    expect(rowOutcome(draft, edited, 'jobber')).toEqual({ writes: true, text: 'Our price replaces the one edited in Jobber' });
    expect(approvalRequest(draft, []).overwrite_edited).toEqual(['E-1']);
    // An item left out is not overwritten either.
    const out = setItemExcluded(draft, edited, true);
    expect(rowOutcome(out, edited, 'jobber').writes).toBe(false);
    expect(approvalRequest(out, []).overwrite_edited).toEqual([]);
    expect(approvedCounts(out, counts).write).toBe(10);
  });

  it('makes items that left the list inactive only when asked, never deleted', () => {
    const item = { sku: 'L-1', kind: 'left_list' as const };
    expect(rowOutcome(emptyDraft, item, 'quickbooks')).toEqual({ writes: false, text: 'Stays active in QuickBooks Online' });
    const draft = { ...emptyDraft, retireLeft: true };
    expect(rowOutcome(draft, item, 'quickbooks')).toEqual({ writes: true, text: 'Made inactive in QuickBooks Online (never deleted)' });
    expect(approvedCounts(draft, counts)).toEqual({ write: 10, retire: 2, leftAlone: 2 });
    expect(approveLabel(approvedCounts(draft, counts))).toBe('Approve: sync 10 items, make 2 inactive');
    expect(approveLabel({ write: 1, retire: 0 })).toBe('Approve: sync 1 item');
  });

  it('writes nothing for an unchanged item, whatever the draft', () => {
    expect(rowOutcome(emptyDraft, { sku: 'S', kind: 'unchanged' }, 'jobber')).toEqual({ writes: false, text: 'Nothing to write' });
  });
});

describe('changeCells', () => {
  it('shows old and new prices, the move in dollars and percent', () => {
    expect(changeCells({ old_price: '10.00', new_price: '12.50' })).toEqual({ oldPrice: '$10.00', newPrice: '$12.50', amount: '+$2.50', percent: '+25.0%' });
    expect(changeCells({ old_price: '1200.00', new_price: '1080.00' })).toEqual({ oldPrice: '$1,200.00', newPrice: '$1,080.00', amount: '\u2212$120.00', percent: '\u221210.0%' });
  });

  it('shows a dash for the side an item is missing from, and no move for the same price or from zero', () => {
    expect(changeCells({ old_price: null, new_price: '3.10' })).toEqual({ oldPrice: '—', newPrice: '$3.10', amount: '', percent: '' });
    expect(changeCells({ old_price: '3.10', new_price: null })).toEqual({ oldPrice: '$3.10', newPrice: '—', amount: '', percent: '' });
    expect(changeCells({ old_price: '3.10', new_price: '3.10' })).toEqual({ oldPrice: '$3.10', newPrice: '$3.10', amount: '', percent: '' });
    expect(changeCells({ old_price: '0.00', new_price: '1.00' })).toEqual({ oldPrice: '$0.00', newPrice: '$1.00', amount: '+$1.00', percent: '' });
  });
});
