import { Readable } from 'node:stream';
import type { TemplateFormat, TemplateUser } from '@tradelist/pricing/file-template';
import type { ProductLayout } from '@tradelist/pricing/layouts';
import { startWorkerThread } from '../../../lib/worker-thread.ts';

/**
 * What the worker writes: an edition's template from the edition's products (COPY text pages), or
 * a user's file from the template's bytes (decision 0043).
 */
export type EditionFileJob =
  | { kind: 'template'; format: TemplateFormat; layout: ProductLayout }
  | { kind: 'fill'; format: TemplateFormat; layout: ProductLayout; user: Omit<TemplateUser, 'modifiedAt'> & { modifiedAt: string } };

/** Messages to the worker: input bytes, the end of them, and how many output chunks were taken. */
export type ToEditionFileWorker = { input: Uint8Array } | { inputEnd: true } | { taken: number };

/** Messages from the worker: output bytes, an input chunk taken, and the end of the file. */
export type FromEditionFileWorker = { output: Uint8Array } | { inputTaken: true } | { done: true };

/** Output chunks (about 200 KiB each) the worker may send before the reader has taken them. */
export const OUTPUT_CREDITS = 4;
/** Input chunks sent to the worker that it has not taken yet. */
const INPUT_IN_FLIGHT = 2;

/**
 * Exactly a chunk's bytes: a message copies a view's whole ArrayBuffer, which for a slice of a
 * pool or of zlib's output buffer is much larger than the chunk.
 */
export function exactBytes(chunk: Uint8Array): Uint8Array {
  return chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : new Uint8Array(chunk);
}

/**
 * Runs `job` on a worker thread (the event loop stays free for other requests while a large
 * file is written) and returns the file's bytes as a stream. Flow is controlled both ways: the
 * input is read no faster than the worker takes it, and the worker writes no faster than the
 * stream is read, so memory holds a few chunks however large the file. Destroying the stream
 * (a client gone, a failed store) stops the worker and the input; a worker that fails or stops
 * before the end errors the stream.
 */
export function runEditionFileWorker(job: EditionFileJob, input: AsyncIterable<Uint8Array>): Readable {
  const worker = startWorkerThread(import.meta.url, 'edition-file-worker', { workerData: job });
  let ended = false;
  let owed = 0;
  let inFlight = 0;
  let wakeFeeder: (() => void) | null = null;
  const wake = () => {
    wakeFeeder?.();
    wakeFeeder = null;
  };
  const body = new Readable({
    read() {
      if (owed > 0) worker.postMessage({ taken: owed } satisfies ToEditionFileWorker);
      owed = 0;
    },
    destroy(error, callback) {
      ended = true;
      wake();
      worker.terminate().then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
  worker.on('message', (message: FromEditionFileWorker) => {
    if ('output' in message) {
      if (body.push(Buffer.from(message.output.buffer, message.output.byteOffset, message.output.byteLength))) worker.postMessage({ taken: 1 } satisfies ToEditionFileWorker);
      else owed += 1;
    } else if ('inputTaken' in message) {
      inFlight -= 1;
      wake();
    } else {
      ended = true;
      body.push(null);
    }
  });
  worker.once('error', (error) => body.destroy(error));
  worker.once('exit', (code) => {
    if (!ended) body.destroy(new Error(`The file worker stopped (exit code ${code}) before the file was complete`));
  });
  const feed = async () => {
    for await (const chunk of input) {
      while (inFlight >= INPUT_IN_FLIGHT && !ended) await new Promise<void>((resolve) => (wakeFeeder = resolve));
      if (ended) return;
      inFlight += 1;
      worker.postMessage({ input: exactBytes(chunk) } satisfies ToEditionFileWorker);
    }
    if (!ended) worker.postMessage({ inputEnd: true } satisfies ToEditionFileWorker);
  };
  feed().catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  return body;
}
