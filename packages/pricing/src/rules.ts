/**
 * A user's pricing rules: a markup table of 1 to 20 bands the user shapes, markups per group,
 * per-item overrides (exempt, own markup, fixed price), a minimum margin and price, a price
 * ending and the sales tax. The order in which they apply is written here once
 * (`RULE_ORDER_SENTENCE` says it to the user) and every price the product shows, writes or
 * syncs comes from `compileRules(...).price(item)`. Integer cents and basis points throughout;
 * pure, and runs in the browser too.
 *
 * The six fixed bands of product §9 are the default table (`defaultBandStarts`): cost ≤ $10.00,
 * $10.01–20.00, … above $500.00; a band runs from its start to the next band's start less one
 * cent, so the edges stay inclusive as the product reads "$0–10, 10–20".
 */
import { markupFields, type MarkupField } from './bands.ts';
import type { Markups } from './markups.ts';
import { applyBasisPoints, requireNonNegativeInteger, type BasisPoints, type Cents } from './money.ts';

/** At most this many bands in a table. */
export const MAX_BANDS = 20;
/**
 * The highest markup or tax, in percent (product §5.5): a sanity bound, not a business rule. The
 * one limit of `/user_factor/` and of pricing profiles alike, so that whatever the six markups
 * accept, the default profile they are saved into accepts too.
 */
export const PERCENT_MAX = 10_000;

/** How a price may be rounded after markup and before tax (never lowering it). */
export const priceEndings = ['none', 'up_0.05', 'up_0.25', 'up_1', '99', '95'] as const;
export type PriceEnding = (typeof priceEndings)[number];

/** One band: from its start (inclusive) to the next band's start less one cent. Null markup is empty, i.e. 0 %. */
export interface Band {
  fromCents: Cents;
  markupBp: BasisPoints | null;
}

/** A markup for every item of one group (matched exactly by the group's name), in place of the band's. */
export interface GroupMarkup {
  group: string;
  markupBp: BasisPoints;
}

/** One item's own rule, by SKU: sold at cost, its own markup, or a fixed price before tax. */
export type ItemOverride =
  | { sku: string; kind: 'exempt' }
  | { sku: string; kind: 'markup'; markupBp: BasisPoints }
  | { sku: string; kind: 'price'; priceCents: Cents };

export interface PricingRules {
  bands: readonly Band[];
  groupMarkups: readonly GroupMarkup[];
  itemOverrides: readonly ItemOverride[];
  ending: PriceEnding;
  /** Never price an item below this (0: no minimum). */
  minPriceCents: Cents;
  /** Never price an item less than this above its cost (0: no minimum). */
  minMarginCents: Cents;
  /** Sales tax; null is empty, i.e. 0 %. */
  taxBp: BasisPoints | null;
}

/** Which rule set an item's price before minimums and ending. */
export type PriceSource = 'band' | 'group' | 'item_markup' | 'exempt' | 'fixed';

export interface RulePrice {
  source: PriceSource;
  /** The index of the band the cost falls in (shown even when another rule set the price). */
  band: number;
  /** The markup applied; null for a fixed price. */
  markupBp: BasisPoints | null;
  /** Cost with the markup (or the fixed price, or the cost for an exempt item). */
  markedUpCents: Cents;
  /** What raised the marked-up price, if anything: the minimum margin or the minimum price. */
  raisedTo: 'min_margin' | 'min_price' | null;
  /** The price before tax: marked up, raised to the minimums, rounded up to the ending. */
  priceCents: Cents;
  taxBp: BasisPoints;
  priceWithTaxCents: Cents;
}

/** The item facts the rules read. */
export interface PricedItem {
  sku: string;
  group: string;
  costCents: Cents;
}

/** The order of the rules, in one sentence for the configuration screen. */
export const RULE_ORDER_SENTENCE =
  "Each price starts from the item's cost plus the markup of its price band, or its group's markup, or its own (an exempt item is sold at cost and a fixed price is used as it is); then it is raised to your minimum margin and minimum price, rounded up to your price ending, and sales tax is added last.";

/** The six bands of product §9: their starts in cents, in the order of the six markup fields. */
export const defaultBandStarts: readonly Cents[] = [0, 10_01, 20_01, 50_01, 150_01, 500_01];

/** The rules a user's six markups and tax mean: the default table, nothing else. */
export function rulesFromMarkups(markups: Markups): PricingRules {
  return {
    bands: markupFields.map((field, index) => ({ fromCents: defaultBandStarts[index]!, markupBp: markups[field] })),
    groupMarkups: [],
    itemOverrides: [],
    ending: 'none',
    minPriceCents: 0,
    minMarginCents: 0,
    taxBp: markups.tax,
  };
}

/** Whether the table is the six default bands (whatever their markups). */
export function hasDefaultBands(rules: Pick<PricingRules, 'bands'>): boolean {
  return rules.bands.length === defaultBandStarts.length && rules.bands.every((band, index) => band.fromCents === defaultBandStarts[index]);
}

/** The index of the band a cost falls in; the bands must be valid (`requireValidRules`). */
export function bandIndexFor(bands: readonly Band[], costCents: Cents): number {
  let index = 0;
  while (index + 1 < bands.length && bands[index + 1]!.fromCents <= costCents) index += 1;
  return index;
}

/**
 * The six markup fields as product §7's user factor reads them: for each, the markup that
 * applies at that default band's lower edge (the same six values when the table is the default).
 */
export function markupsFromRules(rules: PricingRules): Markups {
  const markups = { tax: rules.taxBp } as Markups;
  markupFields.forEach((field: MarkupField, index) => {
    markups[field] = rules.bands[bandIndexFor(rules.bands, defaultBandStarts[index]!)]!.markupBp;
  });
  return markups;
}

/** Throws a RangeError unless the rules are whole: ordered bands from $0.00, integers, no duplicate group or SKU. */
export function requireValidRules(rules: PricingRules): void {
  const { bands } = rules;
  if (bands.length < 1 || bands.length > MAX_BANDS) throw new RangeError(`A table has 1 to ${MAX_BANDS} bands, got ${bands.length}`);
  if (bands[0]!.fromCents !== 0) throw new RangeError('The first band must start at 0 cents');
  bands.forEach((band, index) => {
    requireNonNegativeInteger(band.fromCents, 'A band start');
    if (band.markupBp !== null) requireNonNegativeInteger(band.markupBp, 'A band markup');
    if (index > 0 && band.fromCents <= bands[index - 1]!.fromCents) throw new RangeError('Band starts must increase');
  });
  const groups = new Set<string>();
  for (const { group, markupBp } of rules.groupMarkups) {
    requireNonNegativeInteger(markupBp, 'A group markup');
    if (groups.has(group)) throw new RangeError(`The group ${group} has two markups`);
    groups.add(group);
  }
  const skus = new Set<string>();
  for (const override of rules.itemOverrides) {
    if (override.kind === 'markup') requireNonNegativeInteger(override.markupBp, 'An item markup');
    if (override.kind === 'price') requireNonNegativeInteger(override.priceCents, 'A fixed price');
    if (skus.has(override.sku)) throw new RangeError(`The item ${override.sku} has two overrides`);
    skus.add(override.sku);
  }
  if (!priceEndings.includes(rules.ending)) throw new RangeError(`Unknown price ending ${String(rules.ending)}`);
  requireNonNegativeInteger(rules.minPriceCents, 'The minimum price');
  requireNonNegativeInteger(rules.minMarginCents, 'The minimum margin');
  if (rules.taxBp !== null) requireNonNegativeInteger(rules.taxBp, 'The tax');
}

/** The smallest price at or above `cents` that has the ending. */
export function applyEnding(cents: Cents, ending: PriceEnding): Cents {
  const roundUp = (step: number) => Math.ceil(cents / step) * step;
  switch (ending) {
    case 'none':
      return cents;
    case 'up_0.05':
      return roundUp(5);
    case 'up_0.25':
      return roundUp(25);
    case 'up_1':
      return roundUp(100);
    case '99':
      return cents - (cents % 100) + 99;
    case '95': {
      const candidate = cents - (cents % 100) + 95;
      return candidate >= cents ? candidate : candidate + 100;
    }
  }
}

export interface PricingEngine {
  readonly rules: PricingRules;
  price(item: PricedItem): RulePrice;
}

/** Checks the rules once and indexes the overrides, for pricing many items. */
export function compileRules(rules: PricingRules): PricingEngine {
  requireValidRules(rules);
  const groupMarkups = new Map(rules.groupMarkups.map((entry) => [entry.group, entry.markupBp]));
  const itemOverrides = new Map(rules.itemOverrides.map((override) => [override.sku, override]));
  const taxBp = rules.taxBp ?? 0;
  // One object per price, built once (a file prices 100,000 items: no spread copies).
  const priced = (source: PriceSource, band: number, markupBp: BasisPoints | null, markedUpCents: Cents, raisedTo: RulePrice['raisedTo'], priceCents: Cents): RulePrice => ({
    source,
    band,
    markupBp,
    markedUpCents,
    raisedTo,
    priceCents,
    taxBp,
    priceWithTaxCents: applyBasisPoints(priceCents, taxBp),
  });
  return {
    rules,
    price({ sku, group, costCents }) {
      requireNonNegativeInteger(costCents, 'Cost');
      const band = bandIndexFor(rules.bands, costCents);
      const override = itemOverrides.get(sku);
      if (override?.kind === 'exempt') {
        return priced('exempt', band, 0, costCents, null, costCents);
      }
      if (override?.kind === 'price') {
        return priced('fixed', band, null, override.priceCents, null, override.priceCents);
      }
      const groupMarkup = groupMarkups.get(group);
      const source: PriceSource = override?.kind === 'markup' ? 'item_markup' : groupMarkup !== undefined ? 'group' : 'band';
      const markupBp = override?.kind === 'markup' ? override.markupBp : (groupMarkup ?? rules.bands[band]!.markupBp ?? 0);
      const markedUpCents = applyBasisPoints(costCents, markupBp);
      let raised = markedUpCents;
      let raisedTo: RulePrice['raisedTo'] = null;
      if (raised < costCents + rules.minMarginCents) {
        raised = costCents + rules.minMarginCents;
        raisedTo = 'min_margin';
      }
      if (raised < rules.minPriceCents) {
        raised = rules.minPriceCents;
        raisedTo = 'min_price';
      }
      return priced(source, band, markupBp, markedUpCents, raisedTo, applyEnding(raised, rules.ending));
    },
  };
}
