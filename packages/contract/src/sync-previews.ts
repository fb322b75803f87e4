import { z } from 'zod';
import { idField, singleLine } from './fields.ts';
import { softwareNames, syncItemError, syncProductsRequest, syncStatuses } from './sync.ts';

/**
 * Sync previews, their approval and the sync record (product §10.21). Prices on the wire are
 * dollars as decimal strings ("12.34"), as `centsToDecimal` writes them.
 */

/**
 * What a preview says of one item:
 * - `new`: not in the target yet; created;
 * - `up` / `down`: its price in the target rises or falls;
 * - `details`: same price, but its name, description, cost or account changes;
 * - `unchanged`: nothing to write;
 * - `left_list`: in the target, written there by a sync of ours, and no longer in the list
 *   (made inactive when the approval says `retire_left`, never deleted);
 * - `edited_in_target`: someone changed its price in the target since our last write; left as
 *   it is unless the approval lists it in `overwrite_edited`.
 */
export const changeKinds = ['new', 'up', 'down', 'details', 'unchanged', 'left_list', 'edited_in_target'] as const;
export type ChangeKind = (typeof changeKinds)[number];

/** A preview's life: `running` (being read), `ready`, `approved` (its sync started), `expired`, `failed`. */
export const previewStatuses = ['running', 'ready', 'approved', 'expired', 'failed'] as const;
export type PreviewStatus = (typeof previewStatuses)[number];

/** Why a preview expired, as people read it. */
export const previewExpiredMessages = {
  age: 'This preview is more than 24 hours old. Preview the sync again.',
  edition: 'A newer edition of this list has come out since this preview. Preview the sync again.',
  pricing: 'Your prices changed since this preview. Preview the sync again.',
  target: 'Another sync changed the items in the service since this preview. Preview the sync again.',
} as const;
export type PreviewExpiryReason = keyof typeof previewExpiredMessages;

/** POST /api/sync-previews/: the /sync-products/ fields and, optionally, the pricing profile to price with. */
export const syncPreviewRequest = syncProductsRequest.extend({
  profile_id: idField('A valid profile id is required.').optional(),
});
export type SyncPreviewRequest = z.input<typeof syncPreviewRequest>;

export const syncPreviewStartedResponse = z.object({ id: z.number().int() });

export const syncPreviewParams = z.object({ previewId: idField('A valid preview id is required.') });

/** Changes shown a page at a time. */
export const PREVIEW_CHANGES_PAGE_MAX = 500;
export const PREVIEW_CHANGES_SEARCH_MAX = 100;

const wholeNumber = (max: number, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message });

/** GET /api/sync-previews/{id}/ query: a page of the changes, optionally of one kind and matching a search (SKU or name). */
export const syncPreviewQuery = z.object({
  offset: wholeNumber(2_147_483_647, 'Enter a whole number of 0 or more.').default(0),
  limit: wholeNumber(PREVIEW_CHANGES_PAGE_MAX, `Enter a whole number from 1 to ${PREVIEW_CHANGES_PAGE_MAX}.`)
    .min(1, { error: `Enter a whole number from 1 to ${PREVIEW_CHANGES_PAGE_MAX}.` })
    .default(100),
  search: singleLine(z.string().max(PREVIEW_CHANGES_SEARCH_MAX, { error: `Search for at most ${PREVIEW_CHANGES_SEARCH_MAX} characters.` }))
    .transform((text) => text.trim())
    .default(''),
  kind: z.enum(changeKinds, { error: `Choose one of ${changeKinds.join(', ')}.` }).optional(),
});
export type SyncPreviewQuery = z.input<typeof syncPreviewQuery>;

const decimalPrice = z.string().regex(/^\d+\.\d{2}$/);

/** One item of a preview. `old_price` is null for a new item (or a price there in fractions of a cent, an edit), `new_price` null for one that left the list. */
export const previewChange = z.object({
  sku: z.string(),
  name: z.string(),
  kind: z.enum(changeKinds),
  old_price: decimalPrice.nullable(),
  new_price: decimalPrice.nullable(),
  /** new − old in dollars ("-1.50"); null when either side is missing. */
  change: z.string().nullable(),
  /** The change as a share of the old price, in percent with two decimals ("-12.50"); null when either side is missing or the old price is 0. */
  change_percent: z.string().nullable(),
});
export type PreviewChange = z.infer<typeof previewChange>;

/** How many items of each kind (the whole preview, whatever the page or filter). */
export const previewCounts = z.object(Object.fromEntries(changeKinds.map((kind) => [kind, z.number().int()])) as Record<ChangeKind, z.ZodNumber>);
export type PreviewCounts = z.infer<typeof previewCounts>;

/** GET /api/sync-previews/{id}/: the preview, its counts and one page of its changes, largest change first. */
export const syncPreviewResponse = z.object({
  id: z.number().int(),
  status: z.enum(previewStatuses),
  provider: z.enum(softwareNames),
  collection_id: z.number().int(),
  profile_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
  /** When it stops being approvable (24 hours after it was made), unless something changes first. */
  expires_at: z.iso.datetime(),
  /** Why it expired or failed, for people; null otherwise. */
  error: z.string().nullable(),
  /** The sync its approval started; null before. */
  sync_id: z.number().int().nullable(),
  counts: previewCounts,
  /** Changes matching the filter and search. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  changes: z.array(previewChange),
});
export type SyncPreviewResponse = z.infer<typeof syncPreviewResponse>;

const skuList = z.array(singleLine(z.string().max(200, { error: 'A SKU has at most 200 characters.' })), { error: 'A list of SKUs is required.' }).max(100_000).default([]);

/**
 * POST /api/sync-previews/{id}/approve/: what to sync of the preview.
 * - `exclude`: items not to touch at all, whatever their kind;
 * - `only_raise`: leave decreases as they are in the target, except those in `allow_decrease`;
 * - `overwrite_edited`: items edited in the target whose price ours replaces (others are left);
 * - `retire_left`: make items that left the list inactive (never deleted).
 */
export const approvePreviewRequest = z.object({
  exclude: skuList,
  only_raise: z.boolean({ error: 'Use true or false.' }).default(false),
  allow_decrease: skuList,
  overwrite_edited: skuList,
  retire_left: z.boolean({ error: 'Use true or false.' }).default(false),
});
export type ApprovePreviewRequest = z.input<typeof approvePreviewRequest>;

/** product §8.7: the messages of an approval that cannot go ahead. */
export const previewNotReadyMessage = 'This preview is not ready yet.';
export const previewAlreadyApprovedMessage = 'This preview was already approved.';
export const previewFailedMessage = 'This preview failed. Preview the sync again.';
export const previewNotFoundMessage = 'No sync preview found';

/** The approval as recorded with the sync: who, when, with which profile, and what of each kind. */
export const syncApproval = z.object({
  preview_id: z.number().int(),
  approved_by: z.string(),
  approved_at: z.iso.datetime(),
  /** Items of each kind the approval lets the sync write (or retire). */
  approved: previewCounts,
  only_raise: z.boolean(),
  retire_left: z.boolean(),
});

/** How a sync was started: from Sync without a preview, from an approved preview, or automatically with the protections. */
export const syncTriggers = ['direct', 'preview', 'automatic'] as const;

/** GET /api/sync-history/ query: the service whose history, and the page. */
export const syncHistoryQuery = z.object({
  software_name: z.enum(softwareNames, { error: 'Choose QuickBooks (quickbook) or Jobber (jobber).' }),
  page: z.coerce.number({ error: 'Enter a page number.' }).int({ error: 'Enter a page number.' }).min(1, { error: 'Enter a page number.' }).max(100_000, { error: 'Enter a page number.' }).default(1),
});
export type SyncHistoryQuery = z.input<typeof syncHistoryQuery>;

export const SYNC_HISTORY_PAGE_SIZE = 25;
/** The items refused that a sync of the record's page lists; the CSV lists every one. */
export const SYNC_RECORD_FAILURES_SHOWN = 50;

/** One sync of the record (product §10.21). */
export const syncRecord = z.object({
  id: z.number().int(),
  provider: z.enum(softwareNames),
  status: z.enum(syncStatuses),
  trigger: z.enum(syncTriggers),
  queued_at: z.iso.datetime(),
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
  /** From start to end, in whole seconds; null until it ended. */
  duration_seconds: z.number().int().nullable(),
  collection_id: z.number().int(),
  edition_name: z.string(),
  profile_id: z.number().int().nullable(),
  /** The pricing profile's name when the sync was asked for; null for syncs before pricing profiles. */
  profile_name: z.string().nullable(),
  approval: syncApproval.nullable(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  left_alone: z.number().int(),
  retired: z.number().int(),
  failed: z.number().int(),
  /** The first items the service refused (SYNC_RECORD_FAILURES_SHOWN at most), in list order, each with its reason; the CSV has them all. */
  failures: z.array(syncItemError),
  /** How many items the service refused with a reason, all of them (`failures` lists the first). */
  failures_total: z.number().int(),
  error: z.string().nullable(),
});
export type SyncRecord = z.infer<typeof syncRecord>;

/** GET /api/sync-history/: the syncs to the user's current connection to that service, newest first. */
export const syncHistoryResponse = z.object({
  provider: z.enum(softwareNames),
  /** The QuickBooks company or Jobber account; null when not connected (then the list is empty). */
  account_name: z.string().nullable(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  syncs: z.array(syncRecord),
});
export type SyncHistoryResponse = z.infer<typeof syncHistoryResponse>;

/** GET /api/sync-history/csv/ query. */
export const syncHistoryCsvQuery = syncHistoryQuery.pick({ software_name: true });
