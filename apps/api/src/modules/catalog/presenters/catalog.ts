import type { Category, Collection, DownloadAllowanceBody } from '@tradelist/contract/catalog';
import type { DownloadAllowance } from '../services/entitlements.ts';
import type { CategoryRow } from '../../../db/schema.ts';
import type { CollectionWithCategory } from '../repositories/catalog.ts';

/** A category as product §3 shapes it. */
export function presentCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, tagline: row.tagline, is_free: row.is_free, is_announced: row.is_announced };
}

/** A collection (edition) as product §3 shapes it. */
export function presentCollection(row: CollectionWithCategory): Collection {
  return {
    id: row.id,
    collection_id: row.collection_id,
    name: row.name,
    rundate: row.rundate,
    // An edition without its own image shows its category's (the console sets it).
    image: row.image ?? row.category_image,
    is_free: row.is_free,
    category_id: row.category_id,
    category_name: row.category_name,
    item_count: row.item_count,
  };
}

/** The user's downloads this period, as the catalog screen shows them ("3 of 50 downloads used"). */
export function presentDownloadAllowance(allowance: DownloadAllowance): DownloadAllowanceBody {
  return {
    used: allowance.used,
    allowed: allowance.allowed,
    left: allowance.left,
    period_start: allowance.periodStart.toISOString(),
    period_end: allowance.periodEnd.toISOString(),
  };
}
