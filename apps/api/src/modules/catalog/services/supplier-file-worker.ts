import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../errors.ts';
import type { PreviousPrice } from './edition-diff.ts';
import { checkSupplierFile } from './read-supplier-file.ts';
import type { SupplierFileJob, ToSupplierFileWorker, FromSupplierFileWorker } from './check-supplier-file.ts';

// The worker thread of check-supplier-file.ts: reads, validates and compares one supplier file,
// answers once and ends. Its own entry point in the build (apps/api/build.ts).

const port = parentPort!;
const job = workerData as SupplierFileJob;
const answer = (message: FromSupplierFileWorker) => port.postMessage(message);

/** The previous edition's prices, as the main thread sends them page by page (null: there is none). */
const previousPrices = new Promise<PreviousPrice[] | null>((resolve) => {
  const received: PreviousPrice[] = [];
  port.on('message', (message: ToSupplierFileWorker) => {
    if ('page' in message) for (const price of message.page) received.push(price);
    else resolve(message.hasPrevious ? received : null);
  });
});

try {
  const content = new Uint8Array(job.content);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const check = await checkSupplierFile(job.fileName, content, previousPrices);
  if (check.status === 'rejected') answer({ status: 'rejected', problems: check.problems });
  else answer({ status: 'checked', sha256, itemCount: check.items.length, comparison: check.comparison, items: job.keepItems ? check.items : null });
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  answer({ status: 'refused', code: error.code, message: error.message });
}
port.close();
