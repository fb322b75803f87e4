/**
 * Iteration plumbing shared by the file writers (no node: imports: csv.ts runs in the browser).
 * Rows are read in batches so a synchronous source costs one await per batch, not per row, and
 * a long export gives the event loop a turn every few milliseconds so a server stays responsive.
 */

/** Yields the rows of a sync or async iterable in arrays of up to `size`. */
export async function* rowBatches<Row>(rows: AsyncIterable<Row> | Iterable<Row>, size = 256): AsyncGenerator<Row[]> {
  let batch: Row[] = [];
  if (Symbol.asyncIterator in rows) {
    for await (const row of rows) {
      batch.push(row);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  } else {
    for (const row of rows) {
      batch.push(row);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

/** Resolves on a later turn of the event loop (setImmediate in Node, a timer in the browser). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}

/**
 * Returns a function to await between units of work: it resolves at once until `budgetMs`
 * have passed since the last pause, then waits for the next turn of the event loop.
 */
export function createPacer(budgetMs = 10): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
