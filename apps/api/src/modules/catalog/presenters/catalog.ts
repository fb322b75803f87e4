import type { Category, Collection } from '@tradelist/contract/catalog';
import type { CategoryRow } from '../../../db/schema.ts';
import type { CollectionWithCategory } from '../repositories/catalog.ts';

/** A category as SPEC §3 shapes it. */
export function presentCategory(row: CategoryRow): Category {
  return { id: row.id, name: row.name, tagline: row.tagline, is_free: row.is_free, is_announced: row.is_announced };
}

/** A collection (edition) as SPEC §3 shapes it. */
export function presentCollection(row: CollectionWithCategory): Collection {
  return {
    id: row.id,
    collection_id: row.collection_id,
    name: row.name,
    rundate: row.rundate,
    image: row.image,
    is_free: row.is_free,
    category_id: row.category_id,
    category_name: row.category_name,
    item_count: row.item_count,
  };
}
