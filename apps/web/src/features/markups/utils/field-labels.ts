import type { MarkupField } from '@tradelist/contract/catalog';
import { markupBands } from '@tradelist/pricing/bands';
import { formatCents } from '@tradelist/pricing/money';

const dollars = (cents: number) => `$${formatCents(cents)}`;

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
