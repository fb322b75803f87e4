import type { Db } from '../../../db/database.ts';
import { copyPageOfProductsText, lastIdOfPage } from '../repositories/products.ts';

// Rows per COPY: 5,000 rows are about 0.9 MB of text; on PGlite one page holds the event loop
// for some tens of milliseconds.
export const PAGE_SIZE = 5_000;

/**
 * Pages read one after the other (keyset pagination on `id`), the next page fetched while the
 * current one is being written, so the database and the writer work at the same time and memory
 * holds two pages whatever the size of the list. `after(page)` is the id to read after it, or
 * null when it was the last page.
 */
export async function* pagesOf<T>(readPage: (afterId: number) => Promise<T>, after: (page: T) => number | null): AsyncGenerator<T> {
  let page: T | null = await readPage(0);
  while (page !== null) {
    const afterId = after(page);
    const next = afterId === null ? Promise.resolve(null) : readPage(afterId);
    // A failed prefetch is reported when it is awaited below, not as an unhandled rejection.
    next.catch(() => undefined);
    yield page;
    page = await next;
  }
}

/** After a full page of rows, its last id; after a shorter one, nothing more to read. */
export const afterFullPage = (page: Array<{ id: number }>) => (page.length === PAGE_SIZE ? page[PAGE_SIZE - 1]!.id : null);

/** The edition's products as COPY text pages, for a file worker to decode. */
export function productPages(db: Db, collectionId: number): AsyncGenerator<Buffer> {
  return pagesOf(
    (afterId) => copyPageOfProductsText(db, collectionId, afterId, PAGE_SIZE),
    (page) => (page.length === 0 ? null : lastIdOfPage(page)),
  );
}
