import { describe, expect, it } from 'vitest';
import { checkStripeShapes } from './type-check.ts';

const price = {
  id: 'price_1', object: 'price', active: true, billing_scheme: 'per_unit', created: 1, currency: 'usd', custom_unit_amount: null, livemode: false, lookup_key: null, metadata: {}, nickname: null,
  product: 'prod_1', recurring: null, tax_behavior: 'unspecified', tiers_mode: null, transform_quantity: null, type: 'one_time', unit_amount: 100, unit_amount_decimal: '100',
};

describe('checking bodies against the stripe package\'s types', () => {
  it('accepts a complete price, alone and in a list', () => {
    expect(checkStripeShapes([{ source: 'price', body: price }, { source: 'list', body: { object: 'list', data: [price], has_more: false, url: '/v1/prices' } }])).toEqual([]);
  }, 60_000);

  it('refuses a missing always-present field, a wrong enum literal, an unknown field and an unknown object name', () => {
    const { tiers_mode: _omitted, ...missing } = price;
    const problems = checkStripeShapes([
      { source: 'missing', body: missing },
      { source: 'enum', body: { ...price, type: 'sometimes' } },
      { source: 'extra', body: { ...price, colour: 'red' } },
      { source: 'unknown', body: { ...price, object: 'prize' } },
    ]);
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['unknown:', 'missing', 'enum', 'extra']);
    expect(problems.join('\n')).toMatch(/tiers_mode/);
  }, 60_000);
});
