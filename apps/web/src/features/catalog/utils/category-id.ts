import { ALL_CATEGORY_ID, FREE_CATEGORY_ID } from '@tradelist/contract/catalog';
import type { CatalogCategoryId } from '../api/get-latest-collection';

/** Reads a category id from a URL: a positive integer, or ALL / FREE (product §9); null for anything else. */
export function parseCategoryId(raw: string | null | undefined): CatalogCategoryId | null {
  if (raw === ALL_CATEGORY_ID || raw === FREE_CATEGORY_ID) return raw;
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
