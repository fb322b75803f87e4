import { z } from 'zod';
import { collection } from './catalog.ts';
import { idField, invalidCharacterMessage, singleLine } from './fields.ts';

/**
 * The console's editions and emails (product §10.13, §10.14): upload a supplier file and see its
 * problems or a preview of what changes, publish it now or for its run date, withdraw it before
 * then; and product news to users with `update2` on.
 */

/** The multipart field of the supplier file, and its size limit (413 beyond). */
export const EDITION_FILE_FIELD = 'file';
export const EDITION_FILE_MAX_BYTES = 32 * 1024 * 1024;

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.');

/** `POST /api/operator/edition-uploads/?category_id=&name=&rundate=` with the file as multipart `file`. */
export const editionUploadQuery = z.object({
  category_id: idField('Choose a category.'),
  /** The edition's name; "<Category> Price List — <Month Year>" when absent. */
  name: singleLine(z.string().trim().min(1).max(200)).optional(),
  /** The run date; today (UTC) when absent. A later day publishes the edition on that day. */
  rundate: calendarDate.optional(),
});
export type EditionUploadQuery = z.infer<typeof editionUploadQuery>;

/** A problem of the file: its row number (the header is row 1), or null for the whole file. */
export const rowProblem = z.object({ row: z.number().int().nullable(), message: z.string() });

const item = z.object({ sku: z.string(), name: z.string(), cost_cents: z.number().int() });
const priceChange = z.object({
  sku: z.string(),
  name: z.string(),
  old_cents: z.number().int(),
  new_cents: z.number().int(),
  change_cents: z.number().int(),
  /** The change in basis points of the old cost (1% = 100); null when the old cost was 0. */
  change_bp: z.number().int().nullable(),
});
export type PriceChange = z.infer<typeof priceChange>;

/** What the file changes against the category's previous edition. */
export const editionComparison = z.object({
  previous: z.object({ collection_id: z.string(), name: z.string(), rundate: z.string() }).nullable(),
  added: z.number().int(),
  removed: z.number().int(),
  price_up: z.number().int(),
  price_down: z.number().int(),
  unchanged: z.number().int(),
  /** A few new and removed items, and the biggest movers up and down (by percentage). */
  examples: z.object({ added: z.array(item), removed: z.array(item), price_up: z.array(priceChange), price_down: z.array(priceChange) }),
});
export type EditionComparison = z.infer<typeof editionComparison>;

/** The most row problems one answer lists (the count is always given). */
export const MAX_LISTED_PROBLEMS = 1000;

export const editionUploadResponse = z.discriminatedUnion('status', [
  /** Nothing was stored. */
  z.object({ status: z.literal('rejected'), problem_count: z.number().int(), problems: z.array(rowProblem) }),
  /** The file is kept for publishing: `upload_id` and the file's `sha256` name it. */
  z.object({
    status: z.literal('checked'),
    upload_id: z.number().int(),
    sha256: z.string(),
    category: z.object({ id: z.number().int(), name: z.string(), is_announced: z.boolean() }),
    edition: z.object({
      collection_id: z.string(),
      name: z.string(),
      rundate: z.string(),
      is_free: z.boolean(),
      item_count: z.number().int(),
      /** `now` when the run date has come, `on_rundate` when it is later. */
      publishes: z.enum(['now', 'on_rundate']),
    }),
    comparison: editionComparison,
  }),
]);
export type EditionUploadResponse = z.infer<typeof editionUploadResponse>;

export const editionUploadParams = z.object({ id: idField('A valid upload id is required.') });
export const editionIdParams = z.object({ id: idField('A valid edition id is required.') });

/** Publishes the previewed file: the hash proves it is the file that was previewed. */
export const publishEditionRequest = z.object({ sha256: singleLine(z.string().min(1).max(100)) });

/** An edition as the console lists it: where it stands and how its announcement went. */
export const operatorEdition = collection.extend({
  /** scheduled: its run date is ahead (users do not see it yet); current; or an earlier edition. */
  status: z.enum(['scheduled', 'current', 'previous']),
  announcement: z
    .object({
      state: z.enum(['scheduled', 'sending', 'sent', 'skipped']),
      due_on: z.string(),
      recipients: z.number().int(),
    })
    .nullable(),
});
export type OperatorEdition = z.infer<typeof operatorEdition>;
export const operatorEditionsResponse = z.array(operatorEdition);

// NUL, or a surrogate without its partner (PostgreSQL cannot store either as text).
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A product news email: a one-line subject and a markdown body. */
export const productNewsRequest = z.object({
  subject: singleLine(z.string().trim().min(1, 'This field is required.').max(200, 'Ensure this field has no more than 200 characters.')),
  // Several lines of markdown: line breaks are fine; NUL and a surrogate without its partner are not text.
  body: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(20_000, 'Ensure this field has no more than 20000 characters.')
    .refine((value) => !NOT_TEXT.test(value), { error: invalidCharacterMessage }),
});
export type ProductNewsRequest = z.infer<typeof productNewsRequest>;

/** The email as it will be sent: the subject and the body rendered and sanitised. */
export const productNewsPreview = z.object({ subject: z.string(), html: z.string() });

export const productNewsItem = z.object({
  id: z.number().int(),
  subject: z.string(),
  state: z.enum(['scheduled', 'sending', 'sent', 'skipped']),
  recipients: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ProductNewsItem = z.infer<typeof productNewsItem>;
export const productNewsListResponse = z.array(productNewsItem);

/** The answer of a test send. */
export const productNewsTestSentMessage = (email: string) => `A test email is on its way to ${email}.`;
/** The answer of a withdrawal. */
export const editionWithdrawnMessage = (code: string) => `${code} was withdrawn; users will not see it.`;
