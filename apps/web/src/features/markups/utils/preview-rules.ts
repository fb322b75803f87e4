import type { Band, GroupMarkup, ItemOverride, PricingRules } from '@tradelist/pricing/rules';
import { draftFields, itemOverrideSchema, rulesDraftSchema, type RulesDraft } from './rules-draft';

/** The screen's names for the parts of the rules, as the preview's notice says them. */
const partNames: Record<string, string> = {
  min_price: 'Minimum price',
  min_margin: 'Minimum margin',
  tax: 'Sales tax',
  ending: 'Price ending',
};

function partName(path: ReadonlyArray<PropertyKey>): string {
  const [part, index] = path;
  if (part === 'bands') return `Band ${Number(index) + 1}`;
  if (part === 'group_markups') return 'A group markup';
  if (part === 'item_overrides') return 'An item rule';
  return partNames[String(part)] ?? String(part);
}

/** "A", "A and B", "A, B and C". */
function listOf(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What the preview says when it leaves typed values out; null when it uses them all. */
export function ignoredRulesNotice(parts: readonly string[]): string | null {
  if (parts.length === 0) return null;
  return `Left out of these prices until you correct ${parts.length === 1 ? 'it' : 'them'}: ${listOf([...parts])}.`;
}

/** A typed value as its input's schema reads it, or `fallback` when the form refuses it. */
function readOr<T>(schema: { safeParse: (text: string) => { success: boolean; data?: T } }, text: string, fallback: T): T {
  const parsed = schema.safeParse(text);
  return parsed.success ? (parsed.data as T) : fallback;
}

/** The bands the preview can use: the first from $0.00, then each readable start above the last one kept; an unreadable markup is empty. */
function usableBands(draft: RulesDraft): Band[] {
  const bands: Band[] = [];
  draft.bands.forEach((band, index) => {
    const markupBp = readOr<number | null>(draftFields.bandMarkup, band.markup, null);
    const fromCents = index === 0 ? 0 : readOr<number>(draftFields.bandStart, band.from, -1);
    if (index === 0 || fromCents > bands.at(-1)!.fromCents) bands.push({ fromCents, markupBp });
  });
  return bands;
}

/** The group markups the preview can use: a named group with a valid markup, the first for each group. */
function usableGroupMarkups(draft: RulesDraft): GroupMarkup[] {
  const groups = new Map<string, GroupMarkup>();
  for (const { group, markup } of draft.group_markups) {
    const markupBp = readOr<number | null>(draftFields.groupMarkup, markup, null);
    const name = group.trim();
    if (name !== '' && markupBp !== null && !groups.has(name)) groups.set(name, { group: name, markupBp });
  }
  return [...groups.values()];
}

/**
 * The rules the live preview prices with, from the draft AS TYPED, and the parts it leaves out
 * (by name, for its notice): a value the form refuses counts as empty, a band whose start is
 * unreadable or not above the band before it is left out (its costs stay in the band below),
 * and an override or group markup with a refused value is not applied. The preview never stops
 * on a typo; Save refuses until the form is whole.
 */
export function previewRules(draft: RulesDraft): { rules: PricingRules; ignored: string[] } {
  const whole = rulesDraftSchema.safeParse(draft);
  if (whole.success) return { rules: whole.data, ignored: [] };
  const ignored = [...new Set(whole.error.issues.map((issue) => partName(issue.path)))];
  const itemOverrides: ItemOverride[] = draft.item_overrides.flatMap((entry) => {
    const parsed = itemOverrideSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    rules: {
      bands: usableBands(draft),
      groupMarkups: usableGroupMarkups(draft),
      itemOverrides,
      ending: draft.ending,
      minPriceCents: readOr<number>(draftFields.minimum, draft.min_price, 0),
      minMarginCents: readOr<number>(draftFields.minimum, draft.min_margin, 0),
      taxBp: readOr<number | null>(draftFields.tax, draft.tax, null),
    },
    ignored,
  };
}
