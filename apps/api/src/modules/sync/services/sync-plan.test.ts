import { describe, expect, test } from 'vitest';
import { classifyItem, countKinds, decide, leftAsItIs, leftTheList, magnitudeOf, policyOf, PROTECTED_POLICY_COLUMN, WRITE_EVERYTHING, type PlannedItem } from './sync-plan.ts';

const target = (priceCents: number | null, active = true) => ({ remoteId: 'r1', name: 'Wire', priceCents, active });
const item = { sku: 'A', name: 'Wire', priceCents: 1100 };
const ledger = (priceCents: number) => ({ sku: 'A', remoteId: 'r1', name: 'Wire', priceCents, fromThisList: true });

describe('sync plan', () => {
  test('kinds: new, unchanged, up, down, details, and edited in the target only when its price is neither ours before nor ours now', () => {
    expect(classifyItem(item, undefined, true, undefined)).toMatchObject({ kind: 'new', oldCents: null, newCents: 1100 });
    expect(classifyItem(item, target(1100), false, ledger(900)).kind).toBe('unchanged');
    expect(classifyItem(item, target(1000), true, ledger(1000)).kind).toBe('up');
    expect(classifyItem(item, target(1200), true, ledger(1200)).kind).toBe('down');
    expect(classifyItem(item, target(1100), true, ledger(1100)).kind).toBe('details');
    expect(classifyItem(item, target(1500), true, ledger(1000))).toMatchObject({ kind: 'edited_in_target', oldCents: 1500, newCents: 1100 });
    // Without a ledger entry (never written by us) a different price is a plain change.
    expect(classifyItem(item, target(1500), true, undefined).kind).toBe('down');
    // A price there in fractions of a cent was set there: an edit, whatever the ledger says, never a raise from $0.00.
    expect(classifyItem(item, target(null), true, undefined)).toMatchObject({ kind: 'edited_in_target', oldCents: null, newCents: 1100 });
  });

  test('left the list: in the ledger of this list, not in the list, still active in the target', () => {
    const byId = new Map([['r1', target(900)], ['r2', { ...target(800, false), remoteId: 'r2' }], ['r4', { ...target(700), remoteId: 'r4' }]]);
    const entries = [
      ledger(900),
      { sku: 'B', remoteId: 'r2', name: 'Gone', priceCents: 800, fromThisList: true },
      { sku: 'C', remoteId: 'r3', name: 'Deleted there', priceCents: 1, fromThisList: true },
      // Written by another list's sync: never offered to retire from this one.
      { sku: 'D', remoteId: 'r4', name: 'Another list', priceCents: 700, fromThisList: false },
    ];
    expect(leftTheList(entries, new Set(), byId)).toEqual([{ sku: 'A', name: 'Wire', kind: 'left_list', oldCents: 900, newCents: null, remoteId: 'r1' }]);
    expect(leftTheList(entries, new Set(['A']), byId)).toEqual([]);
  });

  test('the policy: exclusions, only raise with its exceptions, edited items only when ticked, retiring only when asked; a sync without a preview writes every difference', () => {
    const planned = (kind: PlannedItem['kind'], sku = 'A'): PlannedItem => ({ sku, name: 'x', kind, oldCents: 1, newCents: 2, remoteId: 'r' });
    const protectedPolicy = policyOf(PROTECTED_POLICY_COLUMN);
    expect(['new', 'up', 'details', 'down', 'edited_in_target', 'left_list', 'unchanged'].map((k) => decide(planned(k as PlannedItem['kind']), protectedPolicy))).toEqual(['write', 'write', 'write', 'hold', 'hold', 'none', 'none']);
    expect(['down', 'edited_in_target', 'left_list'].map((k) => decide(planned(k as PlannedItem['kind']), WRITE_EVERYTHING))).toEqual(['write', 'write', 'none']);
    const ticked = policyOf({ exclude: ['X'], onlyRaise: true, allowDecrease: ['A'], overwriteEdited: ['A'], retireLeft: true });
    expect(decide(planned('down'), ticked)).toBe('write');
    expect(decide(planned('edited_in_target'), ticked)).toBe('write');
    expect(decide(planned('left_list'), ticked)).toBe('retire');
    expect(decide(planned('up', 'X'), ticked)).toBe('leave');
  });

  test('the protections tell the policy of each item they hold back, and of nothing else', () => {
    const noted: string[] = [];
    const policy = { ...policyOf({ exclude: ['X'], onlyRaise: true, allowDecrease: ['B'], overwriteEdited: ['C'], retireLeft: false }), noteHeldBack: (item: PlannedItem) => void noted.push(`${item.sku} ${item.kind}`) };
    const planned = (kind: PlannedItem['kind'], sku: string): PlannedItem => ({ sku, name: 'x', kind, oldCents: 2, newCents: 1, remoteId: 'r' });
    const items = [planned('down', 'A'), planned('down', 'B'), planned('edited_in_target', 'C'), planned('edited_in_target', 'D'), planned('up', 'E'), planned('down', 'X'), planned('left_list', 'F')];
    const decisions = items.map((p) => decide(p, policy));
    expect(decisions).toEqual(['hold', 'write', 'write', 'hold', 'write', 'leave', 'none']);
    // Deciding tells nothing: what is left as it is, and why, is told once, where the sync counts it.
    expect(noted).toEqual([]);
    expect(items.map((p, n) => leftAsItIs(decisions[n]!, p, policy))).toEqual([true, false, false, true, false, true, false]);
    // X is excluded by the approval, not held back by a protection.
    expect(noted).toEqual(['A down', 'D edited_in_target']);
  });

  test('an approved preview: an item is written only as it was shown', () => {
    const shown: PlannedItem = { sku: 'A', name: 'x', kind: 'up', oldCents: 1000, newCents: 1100, remoteId: 'r' };
    const previewed = new Map([['A', shown]]);
    expect(decide(shown, WRITE_EVERYTHING, previewed)).toBe('write');
    expect(decide({ ...shown, oldCents: 1050 }, WRITE_EVERYTHING, previewed)).toBe('leave');
    expect(decide({ ...shown, sku: 'B' }, WRITE_EVERYTHING, previewed)).toBe('leave');
    // Already as the preview wanted it (an interrupted batch wrote it): nothing to write.
    expect(decide({ ...shown, kind: 'unchanged', oldCents: 1100 }, WRITE_EVERYTHING, previewed)).toBe('none');
  });

  test('counts and the size of a change', () => {
    expect(countKinds([{ kind: 'up' }, { kind: 'up' }, { kind: 'new' }])).toEqual({ new: 1, up: 2, down: 0, details: 0, unchanged: 0, left_list: 0, edited_in_target: 0 });
    expect([magnitudeOf({ oldCents: 1000, newCents: 900 }), magnitudeOf({ oldCents: null, newCents: 500 }), magnitudeOf({ oldCents: 700, newCents: null })]).toEqual([100, 500, 700]);
  });
});
