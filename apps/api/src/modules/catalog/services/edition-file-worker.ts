import { parentPort } from 'node:worker_threads';
import { fileTemplateChunks, filledFileChunks, plainFileChunks } from '@tradelist/pricing/file-template';
import { decodeProductsPage } from '../repositories/products.ts';
import { BYTES_IN_FLIGHT, exactBytes, type EditionFileJob, type FromEditionFileWorker, type ToEditionFileWorker } from './edition-file-off-thread.ts';
import { productInput } from './product-input.ts';

// The worker thread of edition-file-off-thread.ts: writes edition templates and users' files, one
// job at a time, from the bytes the main thread sends, and sends the file's bytes back as they
// are written, no further ahead than BYTES_IN_FLIGHT. Its own entry point in the build
// (apps/api/bundle.ts). A job that fails is thrown, which ends the thread.

const port = parentPort!;
const send = (message: FromEditionFileWorker) => port.postMessage(message);

/** The current job's input and output credit (one job at a time). */
let inputs: Uint8Array[] = [];
let inputEnded = false;
let credits = BYTES_IN_FLIGHT;
let wake: (() => void) | null = null;
const waitForNews = () => new Promise<void>((resolve) => (wake = resolve));

/** The main thread's bytes, each acknowledged as it is taken so that more can come. */
async function* input(): AsyncGenerator<Uint8Array> {
  for (;;) {
    const next = inputs.shift();
    if (next) {
      send({ inputTaken: next.byteLength });
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

/** The bytes a job writes. */
function outputOf(job: EditionFileJob): AsyncIterable<Uint8Array> {
  if (job.kind === 'template') return fileTemplateChunks(job.format, job.layout, products(input()));
  const user = { ...job.user, modifiedAt: new Date(job.user.modifiedAt) };
  if (job.kind === 'fill') return filledFileChunks(job.format, job.layout, input(), user);
  return plainFileChunks(job.format, job.layout, products(input()), user);
}

async function run(job: EditionFileJob): Promise<void> {
  const output = outputOf(job);
  for await (const chunk of output) {
    while (credits <= 0) await waitForNews();
    credits -= chunk.byteLength;
    send({ output: exactBytes(chunk) });
  }
  send({ done: true });
}

port.on('message', (message: ToEditionFileWorker) => {
  if ('job' in message) {
    inputs = [];
    inputEnded = false;
    credits = BYTES_IN_FLIGHT;
    run(message.job).catch((error: unknown) =>
      process.nextTick(() => {
        throw error;
      }),
    );
  } else if ('input' in message) {
    inputs.push(message.input);
  } else if ('inputEnd' in message) {
    inputEnded = true;
  } else {
    credits += message.taken;
  }
  wake?.();
  wake = null;
});
