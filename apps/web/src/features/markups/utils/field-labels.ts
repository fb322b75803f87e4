import { markupFields, type MarkupField } from '@tradelist/pricing/bands';
import { formatUsd } from '@tradelist/pricing/money';
import { bandRangeLabel, defaultBandDrafts } from './band-table';

/**
 * The six standard bands in contractors' words ("Items costing up to $10.00", "$10.01 – $20.00",
 * …, "Over $500.00"), as the band table names them: the screen never shows the field names.
 */
export const markupFieldLabels = Object.fromEntries(
  markupFields.map((field, index) => [field, bandRangeLabel(defaultBandDrafts(), index, (cents) => formatUsd(cents))]),
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
