import { describe, expect, it } from 'vitest';
import { approvalText, approvedText, formatDuration, moreFailuresText, profileText } from './sync-record';

const none = { new: 0, up: 0, down: 0, details: 0, unchanged: 0, left_list: 0, edited_in_target: 0 };

describe('the sync record as people read it', () => {
  it('writes durations in seconds, minutes and hours', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(75)).toBe('1 min 15 s');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3720)).toBe('1 h 2 min');
  });

  it('names what an approval let through, kind by kind, the biggest movers first', () => {
    expect(approvedText({ ...none, new: 3, up: 1200, down: 1, unchanged: 40 })).toBe('1,200 price up, 1 price down, 3 new');
    expect(approvedText({ ...none, unchanged: 40 })).toBe('Nothing');
    expect(approvedText({ ...none, left_list: 2, edited_in_target: 1 })).toBe('1 edited in the service, 2 left the list');
  });

  it('says how a sync without an approval came about, and which pricing it used', () => {
    expect(approvalText({ trigger: 'direct', approval: null })).toBe('Synced without a preview');
    expect(approvalText({ trigger: 'automatic', approval: null })).toBe('Automatic: no decrease, no edited item, no retirement');
    expect(
      approvalText({
        trigger: 'preview',
        approval: { preview_id: 1, approved_by: 'a@b.c', approved_at: '2026-11-26T10:00:00.000Z', approved: { ...none, new: 2 }, only_raise: false, retire_left: false },
      }),
    ).toBe('2 new');
    expect(profileText(null)).toBe('Your markups');
    expect(profileText('Commercial')).toBe('Commercial');
  });

  it('says how many refused items only the CSV lists', () => {
    const failure = { sku: 'A', name: 'a', error: 'refused' };
    expect(moreFailuresText({ failures: [failure], failures_total: 1 })).toBeNull();
    expect(moreFailuresText({ failures: Array.from({ length: 50 }, () => failure), failures_total: 1_060 })).toBe('And 1,010 more: Download CSV lists every one.');
  });
});
