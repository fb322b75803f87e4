import { MAX_BANDS, PERCENT_MAX, priceEndings, type ItemOverride, type PriceEnding, type PricingRules } from '@tradelist/pricing/rules';
import { PROFILE_AMOUNT_MAX_CENTS, profileMessages } from '@tradelist/contract/pricing-profiles';
import { basisPointsToPercent, centsToDecimal, parseDollars, percentToBasisPoints, type BasisPoints, type Cents } from '@tradelist/pricing/money';
import { z } from 'zod';
import { defaultBandDrafts, type BandDraft } from './band-table';

export type OverrideKind = ItemOverride['kind'];

/** An item's own rule as typed: `value` is the markup in percent or the fixed price in dollars ('' for an exempt item). */
export interface ItemOverrideDraft {
  sku: string;
  kind: OverrideKind;
  value: string;
}

export interface GroupMarkupDraft {
  group: string;
  markup: string;
}

/** A profile's rules as the configuration screen holds them while the user types: every input is text. */
export interface RulesDraft {
  bands: BandDraft[];
  group_markups: GroupMarkupDraft[];
  item_overrides: ItemOverrideDraft[];
  ending: PriceEnding;
  min_price: string;
  min_margin: string;
  tax: string;
}

/** The rules of a new account: the six bands of product §9, nothing else. */
export function defaultRulesDraft(): RulesDraft {
  return { bands: defaultBandDrafts(), group_markups: [], item_overrides: [], ending: 'none', min_price: '', min_margin: '', tax: '' };
}

const twoDecimals = (value: number) => Math.round(value * 100) === Number((value * 100).toFixed(6));

/** A typed percent: a number from 0 to `max` with at most two decimals ('' only when `optional`); the contract's messages. */
function percentText(max: number, rangeMessage: string, optional: boolean) {
  return z
    .string()
    .trim()
    .transform((text, context): BasisPoints | null => {
      if (text === '' && optional) return null;
      const value = text === '' ? Number.NaN : Number(text);
      const problem = !Number.isFinite(value) || value < 0 || value > max ? rangeMessage : !twoDecimals(value) ? profileMessages.percentPlaces : null;
      if (problem) {
        context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return percentToBasisPoints(value);
    });
}

/** A typed amount in dollars ("10.01"): '' is `empty` when given, else refused; at most $1,000,000.00. */
function dollarsText(rangeMessage: string, empty: Cents | null) {
  return z
    .string()
    .trim()
    .transform((text, context): Cents => {
      if (text === '' && empty !== null) return empty;
      const cents = text === '' ? null : parseDollars(text, { plain: true });
      const problem = cents === null ? profileMessages.amount : cents > PROFILE_AMOUNT_MAX_CENTS ? rangeMessage : null;
      if (problem) {
        context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return cents!;
    });
}

/** Each input of the screen checked on its own (the live preview leaves out only what fails). */
export const draftFields = {
  bandStart: dollarsText(profileMessages.minimumRange, null),
  bandMarkup: percentText(PERCENT_MAX, profileMessages.markupRange, true),
  groupMarkup: percentText(PERCENT_MAX, profileMessages.markupRange, false),
  itemMarkup: percentText(PERCENT_MAX, profileMessages.markupRange, false),
  fixedPrice: dollarsText(profileMessages.priceRange, null),
  minimum: dollarsText(profileMessages.minimumRange, 0),
  tax: percentText(PERCENT_MAX, profileMessages.taxRange, true),
};

/** One item's rule as typed, checked: its value read as a markup or a fixed price. */
export const itemOverrideSchema = z
  .object({ sku: z.string(), kind: z.enum(['exempt', 'markup', 'price']), value: z.string() })
  .transform((draft, context): ItemOverride => {
    if (draft.kind === 'exempt') return { sku: draft.sku, kind: 'exempt' };
    const schema = draft.kind === 'markup' ? draftFields.itemMarkup : draftFields.fixedPrice;
    const parsed = schema.safeParse(draft.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: ['value'] });
      return z.NEVER;
    }
    const amount = parsed.data ?? 0;
    return draft.kind === 'markup' ? { sku: draft.sku, kind: 'markup', markupBp: amount } : { sku: draft.sku, kind: 'price', priceCents: amount };
  });

/** Messages about the table as a whole, each under the input it is about. */
export const bandMessages = {
  noGroup: 'Choose a group.',
} as const;

type Context = z.RefinementCtx;
type Path = Array<string | number>;

/** `text` read by its input's schema; a refusal is added at `path` and `fallback` returned. */
function read<T>(schema: z.ZodType<T, string>, text: string, path: Path, context: Context, fallback: T): T {
  const parsed = schema.safeParse(text);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Check this value.', path });
  return fallback;
}

/** The bands read, with the table's own rules: 1 to 20 bands, the first from $0.00, each start above the one before. */
function readBands(bands: RulesDraft['bands'], context: Context): PricingRules['bands'] {
  if (bands.length > MAX_BANDS) context.addIssue({ code: 'custom', message: profileMessages.bandCount, path: ['bands'] });
  let previous: Cents | null = null;
  return bands.map((band, index) => {
    const fromCents = read<Cents | null>(draftFields.bandStart, band.from, ['bands', index, 'from'], context, null);
    const markupBp = read(draftFields.bandMarkup, band.markup, ['bands', index, 'markup'], context, null);
    if (index === 0 && fromCents !== null && fromCents !== 0) {
      context.addIssue({ code: 'custom', message: profileMessages.firstBandFrom, path: ['bands', 0, 'from'] });
    } else if (fromCents !== null && previous !== null && fromCents <= previous) {
      context.addIssue({ code: 'custom', message: profileMessages.bandOrder(index + 1), path: ['bands', index, 'from'] });
    }
    if (fromCents !== null) previous = Math.max(previous ?? 0, fromCents);
    return { fromCents: fromCents ?? 0, markupBp };
  });
}

function readGroupMarkups(entries: RulesDraft['group_markups'], context: Context): PricingRules['groupMarkups'] {
  const seen = new Set<string>();
  return entries.map(({ group, markup }, index) => {
    const name = group.trim();
    if (name === '') context.addIssue({ code: 'custom', message: bandMessages.noGroup, path: ['group_markups', index, 'group'] });
    else if (seen.has(name)) context.addIssue({ code: 'custom', message: profileMessages.groupTwice(name), path: ['group_markups', index, 'group'] });
    seen.add(name);
    return { group: name, markupBp: read(draftFields.groupMarkup, markup, ['group_markups', index, 'markup'], context, null) ?? 0 };
  });
}

const rawDraft = z.object({
  bands: z.array(z.object({ from: z.string(), markup: z.string() })).min(1),
  group_markups: z.array(z.object({ group: z.string(), markup: z.string() })),
  item_overrides: z.array(z.object({ sku: z.string(), kind: z.enum(['exempt', 'markup', 'price']), value: z.string() })),
  ending: z.enum(priceEndings),
  min_price: z.string(),
  min_margin: z.string(),
  tax: z.string(),
});

/**
 * The configuration screen's rules as typed, checked: every band start in dollars, the first at
 * $0.00 and each above the one before (edges may not overlap or be out of order), markups from 0
 * to 10,000 %, fixed prices up to $1,000,000.00, one markup per group. Every refusal is reported at
 * once, each under its input. The output is the engine's `PricingRules`.
 */
export const rulesDraftSchema = rawDraft.transform(
  (draft, context): PricingRules => ({
    bands: readBands(draft.bands, context),
    groupMarkups: readGroupMarkups(draft.group_markups, context),
    itemOverrides: draft.item_overrides.flatMap((entry, index) => {
      const parsed = itemOverrideSchema.safeParse(entry);
      if (parsed.success) return [parsed.data];
      context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Check this value.', path: ['item_overrides', index, 'value'] });
      return [];
    }),
    ending: draft.ending,
    minPriceCents: read(draftFields.minimum, draft.min_price, ['min_price'], context, 0),
    minMarginCents: read(draftFields.minimum, draft.min_margin, ['min_margin'], context, 0),
    taxBp: read(draftFields.tax, draft.tax, ['tax'], context, null),
  }),
);

/** Saved rules as the screen shows them: cents as dollars, basis points as percents, null as ''. */
export function toRulesDraft(rules: PricingRules): RulesDraft {
  const percent = (bp: BasisPoints | null) => (bp === null ? '' : String(basisPointsToPercent(bp)));
  const dollars = centsToDecimal;
  return {
    bands: rules.bands.map((band) => ({ from: dollars(band.fromCents), markup: percent(band.markupBp) })),
    group_markups: rules.groupMarkups.map(({ group, markupBp }) => ({ group, markup: percent(markupBp) })),
    item_overrides: rules.itemOverrides.map((override) => ({
      sku: override.sku,
      kind: override.kind,
      value: override.kind === 'markup' ? percent(override.markupBp) : override.kind === 'price' ? dollars(override.priceCents) : '',
    })),
    ending: rules.ending,
    min_price: rules.minPriceCents === 0 ? '' : dollars(rules.minPriceCents),
    min_margin: rules.minMarginCents === 0 ? '' : dollars(rules.minMarginCents),
    tax: percent(rules.taxBp),
  };
}
