import { formatPercent } from '@tradelist/pricing/money';
import { applyEnding, type PriceEnding, type PricingRules, type RulePrice } from '@tradelist/pricing/rules';

/** The price endings in words: how each rounds a price up (never down). */
export const endingLabels: Record<PriceEnding, string> = {
  none: 'No rounding',
  'up_0.05': 'Up to the next $0.05',
  'up_0.25': 'Up to the next $0.25',
  up_1: 'Up to the next whole dollar',
  '99': 'End in .99',
  '95': 'End in .95',
};

/** What the preview says of an ending that moved a price. */
const endingNotes: Record<PriceEnding, string> = {
  none: '',
  'up_0.05': 'rounded up to $0.05',
  'up_0.25': 'rounded up to $0.25',
  up_1: 'rounded up to $1',
  '99': 'ending .99',
  '95': 'ending .95',
};

/** Which rule set an item's price, as the preview's Rule column says it. */
export interface RuleWords {
  /** "Band 2 +25%", "Group +30%", "Own markup +10%", "Exempt (at cost)" or "Fixed price". */
  rule: string;
  /** What moved the price after that: "raised to minimum price", "ending .99", both, or null. */
  detail: string | null;
}

/** The words for one priced item: the rule that set its price, then what raised or rounded it. */
export function describeRule(price: RulePrice, costCents: number, rules: Pick<PricingRules, 'ending' | 'minPriceCents' | 'minMarginCents'>): RuleWords {
  const markup = price.markupBp === null ? '' : ` +${formatPercent(price.markupBp)}%`;
  const rule = {
    band: `Band ${price.band + 1}${markup}`,
    group: `Group${markup}`,
    item_markup: `Own markup${markup}`,
    exempt: 'Exempt (at cost)',
    fixed: 'Fixed price',
  }[price.source];
  const notes: string[] = [];
  if (price.raisedTo) notes.push(price.raisedTo === 'min_price' ? 'raised to minimum price' : 'raised to minimum margin');
  const beforeEnding =
    price.raisedTo === 'min_price' ? rules.minPriceCents : price.raisedTo === 'min_margin' ? costCents + rules.minMarginCents : price.markedUpCents;
  if (price.source !== 'exempt' && price.source !== 'fixed' && applyEnding(beforeEnding, rules.ending) !== beforeEnding) notes.push(endingNotes[rules.ending]);
  return { rule, detail: notes.length > 0 ? notes.join(', ') : null };
}
