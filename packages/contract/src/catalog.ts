import { PERCENT_MAX } from '@tradelist/pricing/rules';
import { z } from 'zod';
import { idField, singleLine } from './fields.ts';
import { profileIdField } from './pricing-profiles.ts';

/** product §9: the special category ids of the catalog screen and GET /latest-collection/{id}/. */
export const ALL_CATEGORY_ID = 'ALL';
export const FREE_CATEGORY_ID = 'FREE';

/** GET /api/latest-collection/{categoryId}/: ALL, FREE or a category id (as a number). */
export const latestCollectionParams = z.object({
  categoryId: z.union([z.literal(ALL_CATEGORY_ID), z.literal(FREE_CATEGORY_ID), idField('A valid category id, ALL or FREE is required.')], {
    error: 'A valid category id, ALL or FREE is required.',
  }),
});
export type LatestCollectionCategory = z.output<typeof latestCollectionParams>['categoryId'];

/** product §3 Category, plus whether it is only announced (Plumbing and Lumber). */
export const category = z.object({
  id: z.number().int(),
  name: z.string(),
  tagline: z.string().nullable(),
  is_free: z.boolean(),
  is_announced: z.boolean(),
});
export type Category = z.infer<typeof category>;
export const categoriesResponse = z.array(category);

/**
 * product §3 Collection: one dated edition of a category's list. `id` is what the download calls
 * take as `collection_id`; `collection_id` is the edition's human code (e.g. ELECTRICAL-2026-11).
 */
export const collection = z.object({
  id: z.number().int(),
  collection_id: z.string(),
  name: z.string(),
  rundate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  image: z.string().nullable(),
  is_free: z.boolean(),
  category_id: z.number().int(),
  category_name: z.string(),
  item_count: z.number().int(),
});
export type Collection = z.infer<typeof collection>;
export const collectionsResponse = z.array(collection);

/**
 * A subscriber's downloads of paid editions in the current period (product §10.10: shown as used /
 * allowed). `used` counts completed downloads and those being sent right now.
 */
export const downloadAllowance = z.object({
  used: z.number().int(),
  allowed: z.number().int(),
  left: z.number().int(),
  period_start: z.iso.datetime(),
  period_end: z.iso.datetime(),
});
export type DownloadAllowanceBody = z.infer<typeof downloadAllowance>;

/**
 * GET /api/latest-collection/{categoryId}/: the current edition(s) and the older editions the
 * user holds as bought. `latest_collection` lists one edition for a category, and the current
 * edition of every paid (ALL) or free (FREE) category for the special ids. `downloads` is the
 * user's allowance this period, null without a subscription that entitles them now.
 */
export const latestCollectionResponse = z.object({
  latest_collection: z.array(collection),
  bought_collections: z.array(collection),
  downloads: downloadAllowance.nullable(),
});
export type LatestCollectionResponse = z.infer<typeof latestCollectionResponse>;

export const downloadFormats = ['csv', 'xlsx'] as const;
export const downloadLayouts = ['price-list', 'quickbooks', 'changes'] as const;
export type DownloadFormat = (typeof downloadFormats)[number];
export type DownloadLayout = (typeof downloadLayouts)[number];

/** The media type of each download format (a CSV answer adds `; charset=utf-8`). */
export const downloadMediaTypes: Record<DownloadFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const collectionIdField = idField('A valid collection id is required.');

/** POST /api/download-products/ (product §7; `format` and `layout` are ours, the spec leaves them open). */
export const downloadProductsRequest = z.object({
  collection_id: collectionIdField,
  catelog_id: z
    .union([z.literal('none'), idField('A valid category id or none is required.')], { error: 'A valid category id or none is required.' })
    .default('none'),
  format: z.enum(downloadFormats).default('csv'),
  layout: z.enum(downloadLayouts).default('price-list'),
  /** The pricing profile that prices the list; without it, the default profile. */
  profile_id: profileIdField,
});
export type DownloadProductsRequest = z.input<typeof downloadProductsRequest>;

/** POST /api/download-bought-products/ (product §7). */
export const downloadBoughtProductsRequest = z.object({
  collection_id: collectionIdField,
  format: z.enum(downloadFormats).default('csv'),
  layout: z.enum(downloadLayouts).default('price-list'),
});
export type DownloadBoughtProductsRequest = z.input<typeof downloadBoughtProductsRequest>;

/** product §5/§9: inventory option and income type hold at most 25 characters. */
export const USER_FACTOR_TEXT_MAX = 25;

// The highest markup or tax (PERCENT_MAX) is the pricing engine's, the same for pricing profiles.
// The six markup field names are the pricing engine's band keys, defined once there.
export { markupFields, type MarkupField } from '@tradelist/pricing/bands';

const percentField = z
  .number({ error: 'Enter a number.' })
  .min(0, { error: 'Enter a number of 0 or more.' })
  .max(PERCENT_MAX, { error: `Enter a number of at most ${PERCENT_MAX}.` })
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), { error: 'Use at most two decimal places.' })
  .nullable();

const factorText = singleLine(
  z
    .string({ error: 'Enter text.' })
    .trim()
    .max(USER_FACTOR_TEXT_MAX, { error: `Ensure this field has no more than ${USER_FACTOR_TEXT_MAX} characters.` }),
);

/**
 * product §3 User factor: percentages per price band (null = empty = 0 %), the sales tax, and the
 * two texts that fill QuickBooks' Type and Income Account columns.
 */
export const userFactor = z.object({
  markup1_10: percentField,
  markup11_20: percentField,
  markup21_50: percentField,
  markup51_150: percentField,
  markup151_500: percentField,
  markup501: percentField,
  tax: percentField,
  inventory_option: factorText,
  income_type: factorText,
});
export type UserFactor = z.infer<typeof userFactor>;

/** POST /api/user_factor/: every field optional; an absent or null markup is empty. */
export const saveUserFactorRequest = userFactor.partial();
export type SaveUserFactorRequest = z.input<typeof saveUserFactorRequest>;

/**
 * One row of the markup preview: what the engine needs, nothing more. `previous_cost_cents` is
 * the product's cost in the previous edition (matched by SKU), null when it was not in it (a new
 * item) or when there is no previous edition; the browser prices both with the markups as typed.
 */
export const previewProduct = z.object({
  sku: z.string(),
  name: z.string(),
  group: z.string(),
  unit: z.string(),
  cost_cents: z.number().int(),
  previous_cost_cents: z.number().int().nullable(),
});
export type PreviewProduct = z.infer<typeof previewProduct>;

/** The largest page of the markup preview. */
export const PREVIEW_PAGE_SIZE_MAX = 100;
/** The longest search text of the markup preview. */
export const PREVIEW_SEARCH_MAX = 100;

/**
 * GET /api/preview-products/?offset=&limit=&search=&changed=&collection_id=: one page of the list
 * the markup preview shows (`collection_id` names a current edition the user may download, such
 * as a catalog card's; without it the server picks one). `search` matches name, SKU or group, case-insensitively, as plain text (% and _
 * are literal characters). `changed=true` keeps only the items changed this month: new since the
 * previous edition, or at another cost (none when there is no previous edition).
 */
export const previewProductsQuery = z.object({
  offset: z.coerce
    .number({ error: 'Enter a whole number of 0 or more.' })
    .int({ error: 'Enter a whole number of 0 or more.' })
    .min(0, { error: 'Enter a whole number of 0 or more.' })
    .max(2_147_483_647, { error: 'Enter a smaller number.' })
    .default(0),
  limit: z.coerce
    .number({ error: `Enter a whole number from 1 to ${PREVIEW_PAGE_SIZE_MAX}.` })
    .int({ error: `Enter a whole number from 1 to ${PREVIEW_PAGE_SIZE_MAX}.` })
    .min(1, { error: `Enter a whole number from 1 to ${PREVIEW_PAGE_SIZE_MAX}.` })
    .max(PREVIEW_PAGE_SIZE_MAX, { error: `Enter a whole number from 1 to ${PREVIEW_PAGE_SIZE_MAX}.` })
    .default(PREVIEW_PAGE_SIZE_MAX),
  search: singleLine(z.string().max(PREVIEW_SEARCH_MAX, { error: `Search for at most ${PREVIEW_SEARCH_MAX} characters.` }))
    .transform((text) => text.trim())
    .default(''),
  collection_id: collectionIdField.optional(),
  changed: z
    .enum(['true', 'false'], { error: 'Use true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type PreviewProductsQuery = z.input<typeof previewProductsQuery>;

/**
 * GET /api/preview-products/: the server picks the newest edition the user may download (the
 * paid list for a subscriber, the free demo otherwise), so the preview never reveals a list the
 * user may not download; a subscriber at the download limit is refused (DOWNLOAD_LIMIT_REACHED).
 * `total` counts the products that match `search` and `changed` (all of them without either);
 * `products` are those from `offset`, at most `limit`. `previous_collection` is the edition the
 * changes are measured against (the category's latest edition before it, by run date then publication order), null
 * when this is the category's first edition.
 */
export const previewProductsResponse = z.object({
  collection: collection.nullable(),
  previous_collection: collection.nullable(),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  search: z.string(),
  changed: z.boolean(),
  products: z.array(previewProduct),
});
export type PreviewProductsResponse = z.infer<typeof previewProductsResponse>;
