import type { Db } from '../../../db/database.ts';
import { pagesOf } from '../../../lib/pages.ts';
import { copyPageOfProductsText, lastIdOfPage } from '../repositories/products.ts';

// Rows per COPY: 5,000 rows are about 0.9 MB of text; on PGlite one page holds the event loop
// for some tens of milliseconds.
export const PAGE_SIZE = 5_000;

/** After a full page of rows, its last id; after a shorter one, nothing more to read. */
export const afterFullPage = (page: Array<{ id: number }>) => (page.length === PAGE_SIZE ? page[PAGE_SIZE - 1]!.id : null);

/** The edition's products as COPY text pages, for a file worker to decode. */
export function productPages(db: Db, collectionId: number): AsyncGenerator<Buffer> {
  return pagesOf(
    (afterId) => copyPageOfProductsText(db, collectionId, afterId, PAGE_SIZE),
    (page) => (page.length === 0 ? null : lastIdOfPage(page)),
  );
}
