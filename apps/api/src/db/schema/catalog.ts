import type { Generated } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

/** A product line; every category has its own list (product §3 Category). */
export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  tagline: string | null;
  /** A site path (an uploaded image); shown for the category's editions without their own. */
  image: Generated<string | null>;
  is_free: Generated<boolean>;
  is_announced: Generated<boolean>;
  position: Generated<number>;
  created_at: Timestamp;
}

/** One dated edition of a category's list (product §3 Collection). */
export interface CollectionsTable {
  id: Generated<number>;
  category_id: number;
  collection_id: string;
  name: string;
  /** A calendar date as 'YYYY-MM-DD' (text, so no time zone can shift it). */
  rundate: string;
  image: string | null;
  is_free: Generated<boolean>;
  item_count: Generated<number>;
  created_at: Timestamp;
}

/** One item of an edition; cost in integer cents. */
export interface ProductsTable {
  id: Generated<number>;
  collection_id: number;
  sku: string;
  name: string;
  description: Generated<string>;
  unit: string;
  group_name: string;
  cost_cents: number;
  manufacturer_part_number: string | null;
  upc: string | null;
}

/** A user's markups per band and tax, in basis points (null = empty = 0 %), and the two texts. */
export interface UserFactorsTable {
  user_id: number;
  markup1_10_bp: number | null;
  markup11_20_bp: number | null;
  markup21_50_bp: number | null;
  markup51_150_bp: number | null;
  markup151_500_bp: number | null;
  markup501_bp: number | null;
  tax_bp: number | null;
  inventory_option: Generated<string>;
  income_type: Generated<string>;
  updated_at: Timestamp;
}

/**
 * A user's named set of pricing rules (decision 0044); one per user is the default. `rules` is the
 * engine's `PricingRules` as JSON (cents and basis points), checked by the engine before it is stored.
 */
export interface PricingProfilesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  is_default: Generated<boolean>;
  rules: Json<unknown>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Every download started: feeds quotas, support and the refund rule. A row is 'reserved' while
 * its file is being sent (it holds a place against the maximum until `reserved_until`, so a
 * process killed mid-file frees it), then 'completed' or 'aborted'. Only completed rows and live
 * reservations of a period (`subscription_id`, `period_start`) count.
 */
export interface DownloadLogTable {
  id: Generated<number>;
  user_id: number | null;
  collection_id: number;
  subscription_id: number | null;
  /** The subscription's `current_period_start` when the download began; null for free editions. */
  period_start: Timestamp | null;
  format: string;
  layout: string;
  status: Generated<'reserved' | 'completed' | 'aborted'>;
  reserved_until: Timestamp | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * What the markup preview showed of a paid edition in one subscription period: the product ids
 * shown (a multirange, read and written as its text form) and how many distinct products that
 * is. The refund rule counts a large share as use of the list (decision 0021).
 */
export interface PreviewViewsTable {
  subscription_id: number;
  period_start: Timestamp;
  collection_id: number;
  user_id: number;
  products_shown: string;
  distinct_shown: number;
  first_shown_at: Timestamp;
  last_shown_at: Timestamp;
}

/** A supplier file checked for the console's preview, kept until it is published (decision 0019). */
export interface EditionUploadsTable {
  id: Generated<number>;
  category_id: number;
  name: string | null;
  rundate: string;
  file_name: string;
  sha256: string;
  uploaded_by: number | null;
  created_at: Timestamp;
}

/** A kept supplier file's bytes, in parts of EDITION_UPLOAD_PART_BYTES written one statement each (decision 0024). */
export interface EditionUploadPartsTable {
  upload_id: number;
  part: number;
  bytes: Buffer;
}
