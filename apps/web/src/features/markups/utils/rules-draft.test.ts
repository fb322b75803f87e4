import { compileRules, rulesFromMarkups } from '@tradelist/pricing/rules';
import { emptyMarkups } from '@tradelist/pricing/markups';
import { describe, expect, it } from 'vitest';
import { ignoredRulesNotice, previewRules } from './preview-rules';
import { defaultRulesDraft, rulesDraftSchema, toRulesDraft, type RulesDraft } from './rules-draft';

const draft = (patch: Partial<RulesDraft>): RulesDraft => ({ ...defaultRulesDraft(), ...patch });
const errorsOf = (value: RulesDraft) => {
  const result = rulesDraftSchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('rulesDraftSchema', () => {
  it('reads a whole draft as the engine’s rules: cents and basis points', () => {
    const parsed = rulesDraftSchema.parse(
      draft({
        bands: [
          { from: '0.00', markup: '40' },
          { from: '25.00', markup: '12.5' },
        ],
        group_markups: [{ group: 'Wires', markup: '30' }],
        item_overrides: [
          { sku: 'A-1', kind: 'exempt', value: '' },
          { sku: 'B-2', kind: 'markup', value: '5' },
          { sku: 'C-3', kind: 'price', value: '19.99' },
        ],
        ending: '99',
        min_price: '1',
        min_margin: '0.50',
        tax: '8.25',
      }),
    );
    expect(parsed).toEqual({
      bands: [
        { fromCents: 0, markupBp: 4000 },
        { fromCents: 2500, markupBp: 1250 },
      ],
      groupMarkups: [{ group: 'Wires', markupBp: 3000 }],
      itemOverrides: [
        { sku: 'A-1', kind: 'exempt' },
        { sku: 'B-2', kind: 'markup', markupBp: 500 },
        { sku: 'C-3', kind: 'price', priceCents: 1999 },
      ],
      ending: '99',
      minPriceCents: 100,
      minMarginCents: 50,
      taxBp: 825,
    });
  });

  it('reads the default draft as the rules of empty markups', () => {
    expect(rulesDraftSchema.parse(defaultRulesDraft())).toEqual(rulesFromMarkups(emptyMarkups));
  });

  it('refuses overlapping and unordered edges, and a first band above $0.00, under the band’s start', () => {
    const bands = [
      { from: '1.00', markup: '' },
      { from: '20.00', markup: '' },
      { from: '20.00', markup: '' },
      { from: '15.00', markup: '' },
    ];
    expect(errorsOf(draft({ bands }))).toEqual({
      'bands.0.from': 'The first band starts at 0.00.',
      'bands.2.from': 'Band 3 must start above band 2: edges go up and do not overlap.',
      'bands.3.from': 'Band 4 must start above band 3: edges go up and do not overlap.',
    });
  });

  it('refuses more than 20 bands', () => {
    const bands = Array.from({ length: 21 }, (_, index) => ({ from: String(index), markup: '' }));
    expect(errorsOf(draft({ bands }))).toEqual({ bands: 'A markup table has 1 to 20 bands.' });
  });

  it('says what is wrong with each value, next to its input', () => {
    expect(
      errorsOf(
        draft({
          bands: [
            { from: '0', markup: '-1' },
            { from: '10.001', markup: '10000.01' },
            { from: '$30', markup: '2.345' },
          ],
          group_markups: [
            { group: 'Wires', markup: '' },
            { group: 'Wires', markup: 'x' },
            { group: ' ', markup: '5' },
          ],
          item_overrides: [
            { sku: 'A', kind: 'price', value: '1000000.01' },
            { sku: 'B', kind: 'markup', value: '' },
            { sku: 'C', kind: 'price', value: '-3' },
          ],
          min_price: 'one',
          tax: '10000.5',
        }),
      ),
    ).toEqual({
      'bands.0.markup': 'Enter a markup from 0 to 10000 %.',
      'bands.1.from': 'Enter an amount in dollars, such as 10.01.',
      'bands.1.markup': 'Enter a markup from 0 to 10000 %.',
      'bands.2.from': 'Enter an amount in dollars, such as 10.01.',
      'bands.2.markup': 'Use at most two decimal places.',
      'group_markups.0.markup': 'Enter a markup from 0 to 10000 %.',
      'group_markups.1.group': 'The group "Wires" has two markups: keep one.',
      'group_markups.1.markup': 'Enter a markup from 0 to 10000 %.',
      'group_markups.2.group': 'Choose a group.',
      'item_overrides.0.value': 'Enter a fixed price from 0.00 to 1,000,000.00.',
      'item_overrides.1.value': 'Enter a markup from 0 to 10000 %.',
      'item_overrides.2.value': 'Enter an amount in dollars, such as 10.01.',
      min_price: 'Enter an amount in dollars, such as 10.01.',
      tax: 'Enter a tax from 0 to 10000 %.',
    });
    expect(errorsOf(draft({ group_markups: [{ group: 'Wires', markup: '1' }, { group: 'Wires', markup: '2' }] }))).toEqual({
      'group_markups.1.group': 'The group "Wires" has two markups: keep one.',
    });
  });

  it('round-trips saved rules through the screen’s text', () => {
    const rules = rulesDraftSchema.parse(
      draft({
        bands: [
          { from: '0', markup: '' },
          { from: '7.5', markup: '33.33' },
        ],
        item_overrides: [{ sku: 'X', kind: 'price', value: '2' }],
        ending: 'up_0.25',
        min_margin: '0.3',
        tax: '0',
      }),
    );
    expect(rulesDraftSchema.parse(toRulesDraft(rules))).toEqual(rules);
    expect(toRulesDraft(rules).bands[1]).toEqual({ from: '7.50', markup: '33.33' });
  });
});

describe('previewRules', () => {
  it('prices with the whole draft when it is valid', () => {
    const whole = draft({ ending: '95', tax: '5' });
    expect(previewRules(whole)).toEqual({ rules: rulesDraftSchema.parse(whole), ignored: [] });
  });

  it('leaves out only what the form refuses, and names it', () => {
    const typed = draft({
      bands: [
        { from: '0', markup: '10' },
        { from: '20', markup: 'abc' },
        { from: '15', markup: '30' },
        { from: '40', markup: '40' },
      ],
      group_markups: [{ group: 'Wires', markup: '-5' }, { group: 'Boxes', markup: '20' }],
      item_overrides: [{ sku: 'A', kind: 'price', value: 'x' }, { sku: 'B', kind: 'exempt', value: '' }],
      min_price: '1.234',
      tax: '7',
    });
    const { rules, ignored } = previewRules(typed);
    expect(rules).toEqual({
      bands: [
        { fromCents: 0, markupBp: 1000 },
        { fromCents: 2000, markupBp: null },
        { fromCents: 4000, markupBp: 4000 },
      ],
      groupMarkups: [{ group: 'Boxes', markupBp: 2000 }],
      itemOverrides: [{ sku: 'B', kind: 'exempt' }],
      ending: 'none',
      minPriceCents: 0,
      minMarginCents: 0,
      taxBp: 700,
    });
    expect(() => compileRules(rules)).not.toThrow();
    expect(ignored).toEqual(['Band 2', 'Band 3', 'A group markup', 'An item rule', 'Minimum price']);
    expect(ignoredRulesNotice(ignored)).toBe(
      'Left out of these prices until you correct them: Band 2, Band 3, A group markup, An item rule and Minimum price.',
    );
    expect(ignoredRulesNotice(['Sales tax'])).toBe('Left out of these prices until you correct it: Sales tax.');
    expect(ignoredRulesNotice([])).toBeNull();
  });
});
