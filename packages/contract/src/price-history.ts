import { z } from 'zod';
import { idField, singleLine } from './fields.ts';

/**
 * How prices moved: one item's cost across the editions of its category, and a category's price
 * index (per group and for the whole category, month by month, the median change of the items
 * present in both of two consecutive editions). Only a list the user may download (the same
 * rights as the markup preview, product §10.15) is shown.
 */

/** The longest SKU the item history looks for. */
export const PRICE_HISTORY_SKU_MAX = 100;
/** How many months the price index shows by default, and at most. */
export const PRICE_INDEX_MONTHS_DEFAULT = 12;
export const PRICE_INDEX_MONTHS_MAX = 36;

/** The answer when no edition of the list has the SKU. */
export const itemNotInListMessage = 'No item with this SKU in this list.';
/** The field error when the call names neither an edition nor a category. */
export const listRequiredMessage = 'Name the list: a collection_id or a category_id.';

const monthField = z.string().regex(/^\d{4}-\d{2}$/);
const rundateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * GET /api/price-history/?sku=&collection_id= (or &category_id=): `collection_id` names a current
 * edition (as the markup preview's), `category_id` a category; one of them is needed.
 */
export const itemPriceHistoryQuery = z
  .object({
    sku: singleLine(
      z
        .string({ error: 'This field is required.' })
        .trim()
        .min(1, { error: 'This field is required.' })
        .max(PRICE_HISTORY_SKU_MAX, { error: `Ensure this field has no more than ${PRICE_HISTORY_SKU_MAX} characters.` }),
    ),
    collection_id: idField('A valid collection id is required.').optional(),
    category_id: idField('A valid category id is required.').optional(),
  })
  .superRefine((query, issue) => {
    if (query.collection_id === undefined && query.category_id === undefined) {
      issue.addIssue({ code: 'custom', path: ['category_id'], message: listRequiredMessage });
    }
  });
export type ItemPriceHistoryQuery = z.input<typeof itemPriceHistoryQuery>;

const categoryRef = z.object({ id: z.number().int(), name: z.string() });

/** One edition the item is in: the edition, its run date and the item's cost there. */
export const itemCostPoint = z.object({
  collection_id: z.number().int().describe('The edition (the id the download calls take)'),
  name: z.string(),
  rundate: rundateField,
  cost_cents: z.number().int(),
});
export type ItemCostPoint = z.infer<typeof itemCostPoint>;

/**
 * The item's cost in every released edition of its category that has it, oldest first; its
 * name, group and unit are those of the newest of them.
 */
export const itemPriceHistory = z.object({
  category: categoryRef,
  sku: z.string(),
  name: z.string(),
  group: z.string(),
  unit: z.string(),
  editions: z.array(itemCostPoint),
});
export type ItemPriceHistory = z.infer<typeof itemPriceHistory>;

/** GET /api/price-index/{categoryId}/ */
export const priceIndexParams = z.object({
  categoryId: idField('A valid category id is required.'),
});

/** ?months=: how many of the latest months to show (2 at least: one change). */
export const priceIndexQuery = z.object({
  months: z.coerce
    .number({ error: `Enter a whole number from 2 to ${PRICE_INDEX_MONTHS_MAX}.` })
    .int({ error: `Enter a whole number from 2 to ${PRICE_INDEX_MONTHS_MAX}.` })
    .min(2, { error: `Enter a whole number from 2 to ${PRICE_INDEX_MONTHS_MAX}.` })
    .max(PRICE_INDEX_MONTHS_MAX, { error: `Enter a whole number from 2 to ${PRICE_INDEX_MONTHS_MAX}.` })
    .default(PRICE_INDEX_MONTHS_DEFAULT),
});
export type PriceIndexQuery = z.input<typeof priceIndexQuery>;

/** One month of a series. */
export const priceIndexPoint = z.object({
  month: monthField,
  change_bp: z.number().int().nullable().describe('Median change since the month before, in basis points; null in the first month or when no item was in both editions'),
  items_compared: z.number().int(),
  cumulative_bp: z.number().int().describe('The monthly medians chained since the first month shown'),
});
export type PriceIndexPoint = z.infer<typeof priceIndexPoint>;

/**
 * A category's price index: the edition that stands for each month (its last), oldest first,
 * the whole category's series and one per group; every series has a point per month.
 */
export const priceIndexResponse = z.object({
  category: categoryRef,
  editions: z.array(z.object({ collection_id: z.number().int(), name: z.string(), rundate: rundateField, month: monthField })),
  whole: z.array(priceIndexPoint),
  groups: z.array(z.object({ group: z.string(), points: z.array(priceIndexPoint) })),
});
export type PriceIndexResponse = z.infer<typeof priceIndexResponse>;
