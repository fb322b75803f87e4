import { compileRules, type PricingRules } from '@tradelist/pricing/rules';
import { describe, expect, it } from 'vitest';
import { describeRule } from './rule-words';

const rules: PricingRules = {
  bands: [
    { fromCents: 0, markupBp: 5000 },
    { fromCents: 10_01, markupBp: 2500 },
  ],
  groupMarkups: [{ group: 'Wires', markupBp: 3000 }],
  itemOverrides: [
    { sku: 'EX', kind: 'exempt' },
    { sku: 'OWN', kind: 'markup', markupBp: 1000 },
    { sku: 'FIX', kind: 'price', priceCents: 4_20 },
  ],
  ending: '99',
  minPriceCents: 1_00,
  minMarginCents: 0,
  taxBp: null,
};
const engine = compileRules(rules);
const words = (sku: string, group: string, costCents: number) => describeRule(engine.price({ sku, group, costCents }), costCents, rules);

describe('describeRule', () => {
  it('names the rule that set the price, with its markup', () => {
    // $20.00 + 25 % = $25.00, ending .99 → $25.99.
    expect(words('A', 'Boxes', 20_00)).toEqual({ rule: 'Band 2 +25%', detail: 'ending .99' });
    expect(words('A', 'Wires', 20_00)).toEqual({ rule: 'Group +30%', detail: 'ending .99' });
    expect(words('OWN', 'Wires', 20_00)).toEqual({ rule: 'Own markup +10%', detail: 'ending .99' });
    expect(words('EX', 'Wires', 20_00)).toEqual({ rule: 'Exempt (at cost)', detail: null });
    expect(words('FIX', 'Wires', 20_00)).toEqual({ rule: 'Fixed price', detail: null });
  });

  it('says when a minimum raised the price, and says nothing of an ending that changed nothing', () => {
    // $0.10 + 50 % = $0.15, raised to $1.00, ending .99 → $1.99.
    expect(words('A', 'Boxes', 10)).toEqual({ rule: 'Band 1 +50%', detail: 'raised to minimum price, ending .99' });
    const plain = { ...rules, ending: 'none' as const, minPriceCents: 0 };
    expect(describeRule(compileRules(plain).price({ sku: 'A', group: 'Boxes', costCents: 2_00 }), 2_00, plain)).toEqual({ rule: 'Band 1 +50%', detail: null });
    const margin = { ...plain, minMarginCents: 5_00 };
    expect(describeRule(compileRules(margin).price({ sku: 'A', group: 'Boxes', costCents: 2_00 }), 2_00, margin)).toEqual({
      rule: 'Band 1 +50%',
      detail: 'raised to minimum margin',
    });
  });
});
