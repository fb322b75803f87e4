/**
 * Pages read one after the other (keyset pagination), the next page fetched while the current
 * one is being written, so the database and the writer work at the same time and memory holds
 * two pages whatever the size of the list. `after(page)` is the key to read after it, or null
 * when it was the last page; the first page is read after `start` (0: ids ascending from the
 * first; a key past every id reads descending lists from the newest).
 */
export async function* pagesOf<T>(readPage: (afterId: number) => Promise<T>, after: (page: T) => number | null, start = 0): AsyncGenerator<T> {
  let page: T | null = await readPage(start);
  while (page !== null) {
    const afterId = after(page);
    const next = afterId === null ? Promise.resolve(null) : readPage(afterId);
    // A failed prefetch is reported when it is awaited below, not as an unhandled rejection.
    next.catch(() => undefined);
    yield page;
    page = await next;
  }
}
