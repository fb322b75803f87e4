import { parentPort, workerData } from 'node:worker_threads';
import { fileTemplateChunks, filledFileChunks } from '@tradelist/pricing/file-template';
import { decodeProductsPage } from '../repositories/products.ts';
import { OUTPUT_CREDITS, exactBytes, type EditionFileJob, type FromEditionFileWorker, type ToEditionFileWorker } from './edition-file-off-thread.ts';
import { productInput } from './product-input.ts';

// The worker thread of edition-file-off-thread.ts: writes one edition template or one user's file
// from the bytes the main thread sends, and sends the file's bytes back as they are written, no
// faster than they are taken. Its own entry point in the build (apps/api/bundle.ts).

const port = parentPort!;
const job = workerData as EditionFileJob;
const send = (message: FromEditionFileWorker) => port.postMessage(message);

const inputs: Uint8Array[] = [];
let inputEnded = false;
let credits = OUTPUT_CREDITS;
let wake: (() => void) | null = null;
const waitForNews = () => new Promise<void>((resolve) => (wake = resolve));
port.on('message', (message: ToEditionFileWorker) => {
  if ('input' in message) inputs.push(message.input);
  else if ('inputEnd' in message) inputEnded = true;
  else credits += message.taken;
  wake?.();
  wake = null;
});

/** The main thread's bytes, each acknowledged as it is taken so that the next can come. */
async function* input(): AsyncGenerator<Uint8Array> {
  for (;;) {
    const next = inputs.shift();
    if (next) {
      send({ inputTaken: true });
      yield next;
    } else if (inputEnded) {
      return;
    } else {
      await waitForNews();
    }
  }
}

/** The products of the COPY pages the main thread reads. */
async function* products(pages: AsyncIterable<Uint8Array>) {
  for await (const page of pages) {
    for (const row of decodeProductsPage(Buffer.from(page.buffer, page.byteOffset, page.byteLength))) yield productInput(row);
  }
}

const output =
  job.kind === 'template'
    ? fileTemplateChunks(job.format, job.layout, products(input()))
    : filledFileChunks(job.format, job.layout, input(), { ...job.user, modifiedAt: new Date(job.user.modifiedAt) });
for await (const chunk of output) {
  while (credits === 0) await waitForNews();
  credits -= 1;
  send({ output: exactBytes(chunk) });
}
send({ done: true });
port.close();
