import { compareWithPrevious, type EditionComparison, type PreviousPrice } from './edition-diff.ts';
import { readTable } from './read-supplier-table.ts';
import { validateRows, type RowProblem, type StoredItem } from './validate-supplier-rows.ts';

// Reading and checking a supplier file, with no database and no I/O: it runs on a worker thread
// (check-supplier-file.ts), so a large file never holds up the server's other requests. The file
// is read (read-supplier-table.ts), its rows validated (validate-supplier-rows.ts), and its items
// compared with the previous edition's (edition-diff.ts).

/**
 * A supplier file checked against the previous edition's prices: every problem with its row
 * number, or the rows to store and what changes.
 */
export type SupplierFileCheck = { status: 'rejected'; problems: RowProblem[] } | { status: 'checked'; items: StoredItem[]; comparison: EditionComparison };

/**
 * Reads, validates and compares a supplier file: everything about it that needs no database. The
 * previous prices may still be arriving while the file is read.
 */
export async function checkSupplierFile(
  fileName: string,
  content: Uint8Array,
  previous: PromiseLike<readonly PreviousPrice[] | null> | readonly PreviousPrice[] | null,
): Promise<SupplierFileCheck> {
  const table = await readTable(fileName, content);
  if ('problem' in table) return { status: 'rejected', problems: [{ row: null, message: table.problem }] };
  const { items, problems } = validateRows(table.rows);
  if (problems.length > 0) return { status: 'rejected', problems };
  return { status: 'checked', items, comparison: compareWithPrevious(items, await previous) };
}
