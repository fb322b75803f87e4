import type { ItemPriceHistory, PriceIndexPoint, PriceIndexResponse } from '@tradelist/contract/price-history';
import type { IndexPoint, PriceIndex } from '@tradelist/pricing/price-index';
import type { CategoryRow } from '../../../db/schema.ts';
import type { CollectionWithCategory } from '../repositories/catalog.ts';
import type { ItemCostRow } from '../repositories/price-history.ts';

/** One item's costs across its category's editions (oldest first); the newest edition names it. */
export function presentItemHistory(category: Pick<CategoryRow, 'id' | 'name'>, sku: string, rows: readonly ItemCostRow[]): ItemPriceHistory {
  const newest = rows.at(-1)!;
  return {
    category: { id: category.id, name: category.name },
    sku,
    name: newest.name,
    group: newest.group_name,
    unit: newest.unit,
    editions: rows.map((row) => ({ collection_id: row.collection_id, name: row.collection_name, rundate: row.rundate, cost_cents: row.cost_cents })),
  };
}

function presentPoint(point: IndexPoint): PriceIndexPoint {
  return { month: point.month, change_bp: point.changeBp, items_compared: point.itemsCompared, cumulative_bp: point.cumulativeBp };
}

/** A category's price index as the wire spells it. */
export function presentPriceIndex(
  category: Pick<CategoryRow, 'id' | 'name'>,
  editions: ReadonlyArray<Pick<CollectionWithCategory, 'id' | 'name' | 'rundate'> & { month: string }>,
  index: PriceIndex,
): PriceIndexResponse {
  return {
    category: { id: category.id, name: category.name },
    editions: editions.map((edition) => ({ collection_id: edition.id, name: edition.name, rundate: edition.rundate, month: edition.month })),
    whole: index.whole.map(presentPoint),
    groups: index.groups.map(({ group, points }) => ({ group, points: points.map(presentPoint) })),
  };
}
