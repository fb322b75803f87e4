import type { MarkupField } from '@tradelist/contract/catalog';
import { markupBands } from '@tradelist/pricing/bands';
import { formatUsd } from '@tradelist/pricing/money';

const dollars = (cents: number) => formatUsd(cents, { grouping: false });

/**
 * The markup bands in contractors' words ("Items costing up to $10.00", "$10.01 – $20.00", …,
 * "Over $500.00"), derived from the bands themselves: the form never shows the field names.
 */
export const markupFieldLabels = Object.fromEntries(
  markupBands.map((band, index) => {
    const previousMax = index > 0 ? markupBands[index - 1]!.maxCostCents : null;
    let label: string;
    if (band.maxCostCents === null) label = `Over ${dollars(previousMax ?? 0)}`;
    else if (previousMax === null) label = `Items costing up to ${dollars(band.maxCostCents)}`;
    else label = `${dollars(previousMax + 1)} – ${dollars(band.maxCostCents)}`;
    return [band.field, label];
  }),
) as Record<MarkupField, string>;

/** The labels of the other fields of the markup form. */
export const userFactorLabels = {
  tax: 'Sales tax',
  inventory_option: 'QuickBooks item type',
  income_type: 'Income account',
} as const;

/** QuickBooks Online's item Type values, offered as choices for the item type. */
export const quickBooksItemTypes = ['Inventory', 'Non-inventory', 'Service'] as const;

/** Income account names common in QuickBooks charts of accounts, offered as choices. */
export const incomeAccountSuggestions = [
  'Sales of Product Income',
  'Services',
  'Sales',
  'Materials Income',
] as const;

/** "A", "A and B", "A, B and C". */
function listOf(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What the preview says when it counts typed values as 0 % (product §5: a value below 0 is not
 * accepted), naming the fields as the form labels them; null when every value is used.
 */
export function ignoredValuesNotice(fields: ReadonlyArray<MarkupField | 'tax'>): string | null {
  if (fields.length === 0) return null;
  const names = fields.map((field) => (field === 'tax' ? userFactorLabels.tax : markupFieldLabels[field]));
  return `Counted as 0 % in these prices until you correct ${fields.length === 1 ? 'it' : 'them'}: ${listOf(names)}.`;
}
