import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import type { TemplateFormat, TemplateUser } from '@tradelist/pricing/file-template';
import type { ProductLayout } from '@tradelist/pricing/layouts';
import { startWorkerThread } from '../../../lib/worker-thread.ts';

/** A user's side of a file, as it crosses to the worker (a date as its ISO text). */
export type EditionFileUser = Omit<TemplateUser, 'modifiedAt'> & { modifiedAt: string };

/**
 * What the worker writes (decision 0043): an edition's template from the edition's products (COPY
 * text pages), a user's file from the template's bytes, or a user's file from the products by the
 * plain writers (no template yet).
 */
export type EditionFileJob =
  | { kind: 'template'; format: TemplateFormat; layout: ProductLayout }
  | { kind: 'fill' | 'plain'; format: TemplateFormat; layout: ProductLayout; user: EditionFileUser };

/** Messages to the worker: a job, its input bytes, the end of them, and how many output bytes were taken. */
export type ToEditionFileWorker = { job: EditionFileJob } | { input: Uint8Array } | { inputEnd: true } | { taken: number };

/** Messages from the worker: output bytes, how many input bytes it took, and the end of the file. */
export type FromEditionFileWorker = { output: Uint8Array } | { inputTaken: number } | { done: true };

/**
 * The bytes that may be on their way in each direction, sent but not yet taken. Counted in bytes
 * rather than messages so that many small chunks do not wait for one answer each: on a busy
 * machine each exchange between the threads can wait milliseconds for a core.
 */
export const BYTES_IN_FLIGHT = 2 * 1024 * 1024;

/**
 * Exactly a chunk's bytes: a message copies a view's whole ArrayBuffer, which for a slice of a
 * pool or of zlib's output buffer is much larger than the chunk.
 */
export function exactBytes(chunk: Uint8Array): Uint8Array {
  return chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : new Uint8Array(chunk);
}

/** Workers kept for the next file: starting one costs tens of milliseconds, more on a busy machine. */
const MAX_IDLE_WORKERS = 2;
const idleWorkers: Worker[] = [];

/** An idle worker, or a new one. */
function takeWorker(): Worker {
  const worker = idleWorkers.pop() ?? startWorkerThread(import.meta.url, 'edition-file-worker', {});
  worker.removeAllListeners('exit');
  worker.ref();
  return worker;
}

/** Keeps a worker that finished its job for the next one (it does not keep the process alive). */
function keepWorker(worker: Worker): void {
  if (idleWorkers.length >= MAX_IDLE_WORKERS) {
    void worker.terminate();
    return;
  }
  worker.unref();
  idleWorkers.push(worker);
  // A kept worker that ends anyway (it should not) is never handed a job.
  worker.once('exit', () => {
    const at = idleWorkers.indexOf(worker);
    if (at !== -1) idleWorkers.splice(at, 1);
  });
}

/**
 * Runs `job` on a worker thread (the event loop stays free for other requests while a large
 * file is written) and returns the file's bytes as a stream. Flow is controlled both ways: the
 * input is read no faster than the worker takes it, and the worker writes no faster than the
 * stream is read, so memory holds a few chunks however large the file. Destroying the stream
 * (a client gone, a failed store) stops the worker and the input; a worker that fails or stops
 * before the end errors the stream. A worker that finished is kept for the next job.
 */
export function runEditionFileWorker(job: EditionFileJob, input: AsyncIterable<Uint8Array>): Readable {
  const worker = takeWorker();
  let ended = false;
  let owed = 0;
  let inFlight = 0;
  let wakeFeeder: (() => void) | null = null;
  const wake = () => {
    wakeFeeder?.();
    wakeFeeder = null;
  };
  const body = new Readable({
    highWaterMark: BYTES_IN_FLIGHT / 2,
    read() {
      if (owed > 0 && !ended) worker.postMessage({ taken: owed } satisfies ToEditionFileWorker);
      owed = 0;
    },
    destroy(error, callback) {
      const stop = ended ? Promise.resolve(0) : worker.terminate();
      ended = true;
      wake();
      stop.then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
  const onMessage = (message: FromEditionFileWorker) => {
    if ('output' in message) {
      owed += message.output.byteLength;
      if (body.push(Buffer.from(message.output.buffer, message.output.byteOffset, message.output.byteLength))) {
        worker.postMessage({ taken: owed } satisfies ToEditionFileWorker);
        owed = 0;
      }
    } else if ('inputTaken' in message) {
      inFlight -= message.inputTaken;
      wake();
    } else {
      ended = true;
      detach();
      keepWorker(worker);
      body.push(null);
    }
  };
  const onError = (error: Error) => body.destroy(error);
  const onExit = (code: number) => {
    if (!ended) body.destroy(new Error(`The file worker stopped (exit code ${code}) before the file was complete`));
  };
  const detach = () => {
    worker.off('message', onMessage).off('error', onError).off('exit', onExit);
  };
  worker.on('message', onMessage).once('error', onError).once('exit', onExit);
  worker.postMessage({ job } satisfies ToEditionFileWorker);
  const feed = async () => {
    for await (const chunk of input) {
      while (inFlight >= BYTES_IN_FLIGHT && !ended) await new Promise<void>((resolve) => (wakeFeeder = resolve));
      if (ended) return;
      inFlight += chunk.byteLength;
      worker.postMessage({ input: exactBytes(chunk) } satisfies ToEditionFileWorker);
    }
    if (!ended) worker.postMessage({ inputEnd: true } satisfies ToEditionFileWorker);
  };
  feed().catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  return body;
}
