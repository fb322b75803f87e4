import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@tradelist/contract/errors';
import { AppError } from '../../../errors.ts';
import { startWorkerThread } from '../../../lib/worker-thread.ts';
import type { EditionComparison, PreviousPrice } from './edition-diff.ts';
import type { RowProblem, StoredItem } from './validate-supplier-rows.ts';

/** What the worker is given when it starts. */
export interface SupplierFileJob {
  fileName: string;
  content: ArrayBuffer;
  /** Send the rows back (to publish them); a preview needs only the counts and the comparison. */
  keepItems: boolean;
}

/** Messages to the worker: the previous edition's prices, a page at a time, then the end. */
export type ToSupplierFileWorker = { page: PreviousPrice[] } | { hasPrevious: boolean };

/** The worker's one answer. */
export type FromSupplierFileWorker =
  | { status: 'rejected'; problems: RowProblem[] }
  | { status: 'checked'; sha256: string; itemCount: number; comparison: EditionComparison; items: StoredItem[] | null }
  | { status: 'refused'; code: ErrorCode; message: string };

export type CheckedSupplierFile = Exclude<FromSupplierFileWorker, { status: 'refused' }>;

/** Starts the worker on a job; the file's bytes are moved to it, not copied. */
function startWorker(job: SupplierFileJob): Worker {
  return startWorkerThread(import.meta.url, 'supplier-file-worker', { workerData: job, transferList: [job.content] });
}

/**
 * Reads, validates and compares a supplier file on a worker thread (issue 17 §10): parsing a
 * 250,000-row file takes seconds of CPU, which on the server's own thread would hold up every
 * other request. Meanwhile this thread sends the previous edition's prices page by page, giving
 * the event loop a turn after each. A workbook over the unpacking limits is an AppError (413).
 */
export async function checkSupplierFileOffThread(input: {
  fileName: string;
  content: Uint8Array;
  previousPrices: AsyncIterable<PreviousPrice[]> | null;
  keepItems: boolean;
}): Promise<CheckedSupplierFile> {
  // A copy of exactly the file's bytes (a Buffer's slice shares, and may sit in, a larger pool).
  const content = new Uint8Array(input.content).buffer;
  const worker = startWorker({ fileName: input.fileName, content, keepItems: input.keepItems });
  const answered = new Promise<FromSupplierFileWorker>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The supplier file worker stopped (exit code ${code}) before answering.`)));
  });
  // A worker that answers early (a file refused before the comparison) ends the paging.
  let hasAnswered = false;
  answered.then(
    () => (hasAnswered = true),
    () => (hasAnswered = true),
  );
  try {
    if (input.previousPrices) {
      for await (const page of input.previousPrices) {
        if (hasAnswered) break;
        worker.postMessage({ page } satisfies ToSupplierFileWorker);
        await nextTurn();
      }
    }
    worker.postMessage({ hasPrevious: input.previousPrices !== null } satisfies ToSupplierFileWorker);
    const answer = await answered;
    if (answer.status === 'refused') throw new AppError(answer.code, answer.message);
    return answer;
  } finally {
    await worker.terminate();
  }
}
