import { centsToDecimal, parseDollars, percentToBasisPoints, basisPointsToPercent } from '@tradelist/pricing/money';
import { MAX_BANDS, PERCENT_MAX, priceEndings, type ItemOverride, type PricingRules } from '@tradelist/pricing/rules';
import { z } from 'zod';
import { idField, singleLine } from './fields.ts';

/**
 * Pricing profiles (product §3.7a): named sets of pricing rules, one of them the default. On the
 * wire, amounts are dollars as decimal strings ("10.01") and markups and tax are percents as in
 * `/user_factor/`; the engine takes cents and basis points (`rulesFromProfile`, `profileFromRules`
 * convert, for the server and the web app alike).
 */

/** The longest profile name. */
export const PROFILE_NAME_MAX = 40;
/** The highest fixed price, minimum price or minimum margin, in cents ($1,000,000.00). */
export const PROFILE_AMOUNT_MAX_CENTS = 100_000_000;
/** The longest group name or SKU an override names. */
export const OVERRIDE_KEY_MAX = 100;
/** The most group markups or item overrides a profile holds. */
export const OVERRIDES_MAX = 5_000;
/** The name of the profile every account starts with. */
export const DEFAULT_PROFILE_NAME = 'Standard';

export const profileMessages = {
  nameRequired: 'Enter a name for the profile.',
  nameTooLong: `Use at most ${PROFILE_NAME_MAX} characters for the profile name.`,
  nameTaken: 'You already have a profile with this name.',
  bandCount: `A markup table has 1 to ${MAX_BANDS} bands.`,
  firstBandFrom: 'The first band starts at 0.00.',
  bandOrder: (band: number) => `Band ${band} must start above band ${band - 1}: edges go up and do not overlap.`,
  markupRange: `Enter a markup from 0 to ${PERCENT_MAX} %.`,
  percentPlaces: 'Use at most two decimal places.',
  amount: 'Enter an amount in dollars, such as 10.01.',
  priceRange: 'Enter a fixed price from 0.00 to 1,000,000.00.',
  minimumRange: 'Enter an amount from 0.00 to 1,000,000.00.',
  taxRange: `Enter a tax from 0 to ${PERCENT_MAX} %.`,
  ending: `Choose a price ending: ${priceEndings.join(', ')}.`,
  groupTwice: (group: string) => `The group "${group}" has two markups: keep one.`,
  skuTwice: (sku: string) => `The item ${sku} has two overrides: keep one.`,
  overrideKind: 'Give each item override exactly one of exempt: true, a markup or a price.',
  overrideKey: `Enter a value of 1 to ${OVERRIDE_KEY_MAX} characters.`,
  tooManyOverrides: `A profile holds at most ${OVERRIDES_MAX} of these.`,
  lastProfile: 'You cannot delete your only pricing profile: every price list needs one.',
  defaultProfile: 'Make another profile the default before deleting this one.',
  defaultRequired: 'One profile is always the default: make another profile the default instead.',
  notFound: 'This pricing profile was not found.',
} as const;

const twoPlaces = (value: number) => Math.round(value * 100) === Number((value * 100).toFixed(6));

function percent(max: number, rangeMessage: string) {
  return z
    .number({ error: rangeMessage })
    .min(0, { error: rangeMessage })
    .max(max, { error: rangeMessage })
    .refine(twoPlaces, { error: profileMessages.percentPlaces });
}

const markupField = percent(PERCENT_MAX, profileMessages.markupRange);

/** Dollars as a plain decimal string ("10.01", "10", "10.5"), read to cents with `parseDollars`, within 0..$1,000,000. */
function dollars(rangeMessage: string) {
  return z
    .string({ error: profileMessages.amount })
    .refine((text) => !/^\s*-\s*\d/.test(text), { error: rangeMessage, abort: true })
    .refine((text) => parseDollars(text, { plain: true }) !== null, { error: profileMessages.amount, abort: true })
    .refine((text) => (parseDollars(text, { plain: true }) ?? 0) <= PROFILE_AMOUNT_MAX_CENTS, { error: rangeMessage });
}

const keyField = singleLine(z.string({ error: profileMessages.overrideKey }).trim().min(1, { error: profileMessages.overrideKey }).max(OVERRIDE_KEY_MAX, { error: profileMessages.overrideKey }));

const band = z.object({ from: dollars(profileMessages.minimumRange), markup: markupField.nullable() });

const groupMarkup = z.object({ group: keyField, markup: markupField });

/** One item's override: exactly one of `exempt: true`, a `markup` or a fixed `price`. */
const itemOverride = z
  .strictObject(
    { sku: keyField, exempt: z.literal(true, { error: profileMessages.overrideKind }).optional(), markup: markupField.optional(), price: dollars(profileMessages.priceRange).optional() },
    { error: profileMessages.overrideKind },
  )
  .refine((entry) => [entry.exempt, entry.markup, entry.price].filter((value) => value !== undefined).length === 1, { error: profileMessages.overrideKind });

/** An item override as the engine's conversion reads it (a request's, or an answer's). */
export interface ItemOverrideFields {
  sku: string;
  exempt?: true | undefined;
  markup?: number | undefined;
  price?: string | undefined;
}

/** The bands' edges: the first from 0.00, each above the one before. */
function checkBands(bands: readonly { from: string }[], issue: (message: string, index: number) => void): void {
  const starts = bands.map((entry) => parseDollars(entry.from, { plain: true }));
  if (starts[0] !== undefined && starts[0] !== 0) issue(profileMessages.firstBandFrom, 0);
  starts.forEach((start, index) => {
    const before = starts[index - 1];
    if (index > 0 && start !== null && before !== null && before !== undefined && start <= before) issue(profileMessages.bandOrder(index + 1), index);
  });
}

/** POST /api/pricing-profiles/ and PUT /api/pricing-profiles/{id}/: a whole profile but its id. */
export const pricingProfileInput = z
  .object({
    name: singleLine(z.string({ error: profileMessages.nameRequired }).trim().min(1, { error: profileMessages.nameRequired }).max(PROFILE_NAME_MAX, { error: profileMessages.nameTooLong })),
    is_default: z.boolean().default(false),
    bands: z.array(band, { error: profileMessages.bandCount }).min(1, { error: profileMessages.bandCount }).max(MAX_BANDS, { error: profileMessages.bandCount }),
    group_markups: z.array(groupMarkup).max(OVERRIDES_MAX, { error: profileMessages.tooManyOverrides }).default([]),
    item_overrides: z.array(itemOverride).max(OVERRIDES_MAX, { error: profileMessages.tooManyOverrides }).default([]),
    ending: z.enum(priceEndings, { error: profileMessages.ending }).default('none'),
    min_price: dollars(profileMessages.minimumRange).default('0.00'),
    min_margin: dollars(profileMessages.minimumRange).default('0.00'),
    tax: percent(PERCENT_MAX, profileMessages.taxRange).nullable().default(null),
  })
  .superRefine((profile, context) => {
    checkBands(profile.bands, (message, index) => context.addIssue({ code: 'custom', message, path: ['bands', index, 'from'] }));
    const groups = new Set<string>();
    profile.group_markups.forEach(({ group }, index) => {
      if (groups.has(group)) context.addIssue({ code: 'custom', message: profileMessages.groupTwice(group), path: ['group_markups', index, 'group'] });
      groups.add(group);
    });
    const skus = new Set<string>();
    profile.item_overrides.forEach(({ sku }, index) => {
      if (skus.has(sku)) context.addIssue({ code: 'custom', message: profileMessages.skuTwice(sku), path: ['item_overrides', index, 'sku'] });
      skus.add(sku);
    });
  });
export type PricingProfileInput = z.input<typeof pricingProfileInput>;
export type PricingProfileFields = z.output<typeof pricingProfileInput>;

/** A profile as the server answers it (amounts always with two decimals). */
export const pricingProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  bands: z.array(z.object({ from: z.string(), markup: z.number().nullable() })),
  group_markups: z.array(z.object({ group: z.string(), markup: z.number() })),
  item_overrides: z.array(
    z.union([z.object({ sku: z.string(), exempt: z.literal(true) }), z.object({ sku: z.string(), markup: z.number() }), z.object({ sku: z.string(), price: z.string() })]),
  ),
  ending: z.enum(priceEndings),
  min_price: z.string(),
  min_margin: z.string(),
  tax: z.number().nullable(),
});
export type PricingProfile = z.infer<typeof pricingProfile>;

/** GET /api/pricing-profiles/: every profile of the user, the default first, then by name. */
export const pricingProfilesResponse = z.array(pricingProfile);

export const pricingProfileParams = z.object({ profileId: idField('A valid profile id is required.') });

/** An optional `profile_id` of the download and sync calls: without it, the default profile prices the list. */
export const profileIdField = idField('A valid profile id is required.').optional();

// ---- wire <-> engine ----

/** The rules of a profile as sent or answered (dollars and percents) in the engine's cents and basis points. */
export function rulesFromProfile(
  profile: Pick<PricingProfileFields, 'bands' | 'group_markups' | 'ending' | 'min_price' | 'min_margin' | 'tax'> & { item_overrides: readonly ItemOverrideFields[] },
): PricingRules {
  const cents = (text: string) => {
    const value = parseDollars(text, { plain: true });
    if (value === null) throw new RangeError(`Not an amount in dollars: ${text}`);
    return value;
  };
  return {
    bands: profile.bands.map((entry) => ({ fromCents: cents(entry.from), markupBp: entry.markup === null ? null : percentToBasisPoints(entry.markup) })),
    groupMarkups: profile.group_markups.map((entry) => ({ group: entry.group, markupBp: percentToBasisPoints(entry.markup) })),
    itemOverrides: profile.item_overrides.map((entry): ItemOverride => {
      if (entry.exempt === true) return { sku: entry.sku, kind: 'exempt' };
      if (entry.markup !== undefined) return { sku: entry.sku, kind: 'markup', markupBp: percentToBasisPoints(entry.markup) };
      return { sku: entry.sku, kind: 'price', priceCents: cents(entry.price ?? '') };
    }),
    ending: profile.ending,
    minPriceCents: cents(profile.min_price),
    minMarginCents: cents(profile.min_margin),
    taxBp: profile.tax === null ? null : percentToBasisPoints(profile.tax),
  };
}

/** The engine's rules as the wire spells them (the rules part of a `PricingProfile`). */
export function profileFromRules(rules: PricingRules): Omit<PricingProfile, 'id' | 'name' | 'is_default'> {
  const toPercent = (bp: number) => basisPointsToPercent(bp);
  return {
    bands: rules.bands.map((entry) => ({ from: centsToDecimal(entry.fromCents), markup: entry.markupBp === null ? null : toPercent(entry.markupBp) })),
    group_markups: rules.groupMarkups.map((entry) => ({ group: entry.group, markup: toPercent(entry.markupBp) })),
    item_overrides: rules.itemOverrides.map((entry) => {
      if (entry.kind === 'exempt') return { sku: entry.sku, exempt: true as const };
      if (entry.kind === 'markup') return { sku: entry.sku, markup: toPercent(entry.markupBp) };
      return { sku: entry.sku, price: centsToDecimal(entry.priceCents) };
    }),
    ending: rules.ending,
    min_price: centsToDecimal(rules.minPriceCents),
    min_margin: centsToDecimal(rules.minMarginCents),
    tax: rules.taxBp === null ? null : toPercent(rules.taxBp),
  };
}
