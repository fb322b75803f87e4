import { describe, expect, it } from 'vitest';
import { applyItemRule } from './item-overrides';
import type { ItemOverrideDraft } from './rules-draft';

const existing: ItemOverrideDraft[] = [
  { sku: 'A', kind: 'markup', value: '10' },
  { sku: 'B', kind: 'exempt', value: '' },
];

describe('applyItemRule', () => {
  it('gives every selected item the rule, replacing its own in place and adding the others at the end', () => {
    expect(applyItemRule(existing, ['B', 'C', 'D'], { kind: 'price', value: ' 4.99 ' })).toEqual([
      { sku: 'A', kind: 'markup', value: '10' },
      { sku: 'B', kind: 'price', value: '4.99' },
      { sku: 'C', kind: 'price', value: '4.99' },
      { sku: 'D', kind: 'price', value: '4.99' },
    ]);
  });

  it('exempts without a value, and clears only the selected items’ rules', () => {
    expect(applyItemRule(existing, ['A'], { kind: 'exempt', value: '12' })).toEqual([
      { sku: 'A', kind: 'exempt', value: '' },
      { sku: 'B', kind: 'exempt', value: '' },
    ]);
    expect(applyItemRule(existing, ['B', 'Z'], { kind: 'clear' })).toEqual([{ sku: 'A', kind: 'markup', value: '10' }]);
  });

  it('adds each item once, however often it is selected', () => {
    expect(applyItemRule([], ['C', 'C'], { kind: 'markup', value: '5' })).toEqual([{ sku: 'C', kind: 'markup', value: '5' }]);
  });
});
