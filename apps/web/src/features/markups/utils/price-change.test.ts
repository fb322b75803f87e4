import { itemChange } from '@tradelist/pricing/changes';
import { emptyMarkups } from '@tradelist/pricing/markups';
import { describe, expect, it } from 'vitest';
import { describeChange } from './price-change';

const markups = { ...emptyMarkups, markup1_10: 1000, markup11_20: 2000 };

describe('describeChange', () => {
  it('a rise and a fall, in dollars and percent of the marked-up price', () => {
    // $10.00 at 10 % = $11.00 → $11.00 at 20 % = $13.20.
    expect(describeChange(itemChange(1000, 1100, markups))).toEqual({ amount: '+$2.20', percent: '+20%', label: 'Up $2.20 (20%)', tone: 'up' });
    expect(describeChange(itemChange(1100, 1000, markups))).toEqual({ amount: '−$2.20', percent: '−16.67%', label: 'Down $2.20 (16.67%)', tone: 'down' });
  });

  it('new, unchanged, no percent from a free item, and nothing to compare', () => {
    expect(describeChange(itemChange(null, 500, markups))).toMatchObject({ amount: 'New', tone: 'new' });
    expect(describeChange(itemChange(500, 500, markups))).toMatchObject({ amount: 'No change', tone: 'none' });
    expect(describeChange(itemChange(0, 100, markups))).toEqual({ amount: '+$1.10', percent: '', label: 'Up $1.10', tone: 'up' });
    expect(describeChange(null)).toMatchObject({ amount: '—', label: 'No earlier edition to compare with', tone: 'none' });
  });
});
