import type { ServerResponse } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { AppContext } from '../../../context.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { extendReservation, settleReservation } from '../repositories/download-log.ts';
import { RESERVATION_SECONDS } from './download-edition.ts';
import type { EditionFile, FileLength } from './edition-file.ts';

/** How often a reservation is extended while its file is still being sent. */
const EXTEND_EVERY_MS = (RESERVATION_SECONDS * 1000) / 4;

/**
 * Whether a download cut short by the client still counts (product §11.11): once half of the file
 * has been handed to the connection. A stored file is measured in bytes against its size; a
 * streamed one, whose size is not known until its end, in rows against the rows it will have.
 */
export function isMeaningfulPartSent(sent: { bytes: number; rows: number }, file: FileLength): boolean {
  if (file.rows) return sent.rows * 2 >= file.rows.expected;
  return sent.bytes * 2 >= file.size;
}

/** The download being sent: `send` wraps the file's bytes so that what goes out is measured. */
export interface DownloadSettlement {
  /** The body to answer with: the file's bytes, counted on their way to the connection. */
  send(file: EditionFile): Readable;
  /** Resolves once the reservation is settled. */
  settled: Promise<void>;
}

/**
 * Settles a download's reservation when its response ends (product §10.10, §11.11):
 * - the whole file written ('finish' with a 2xx status): completed (counted);
 * - the client went away after half of the file had been sent: completed (counted);
 * - the client went away before that: aborted (not counted);
 * - the file failed on our side (its stream errored, or an error answer before the first byte):
 *   aborted, however much had been sent.
 * A request has one reservation, settled once, so it never counts twice. While the file is going
 * out, the reservation is extended so that it does not lapse under a slow client.
 */
export function settleDownloadWhenSent(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, response: ServerResponse, reservationId: number): DownloadSettlement {
  let file: EditionFile | null = null;
  const sent = { bytes: 0, rows: 0 };
  let failedHere = false;
  let closed = false;
  const settled = new Promise<void>((resolve) => {
    let done = false;
    const keepAlive = setInterval(() => {
      extendReservation(ctx.db, reservationId, addSeconds(ctx.clock.now(), RESERVATION_SECONDS)).catch((error: unknown) =>
        ctx.log.warn({ err: error, reservationId }, 'could not extend a download reservation'),
      );
    }, EXTEND_EVERY_MS);
    keepAlive.unref();
    const settle = (status: 'completed' | 'aborted') => {
      if (done) return;
      done = true;
      closed = true;
      clearInterval(keepAlive);
      settleReservation(ctx.db, reservationId, status, ctx.clock.now())
        .catch((error: unknown) => ctx.log.error({ err: error, reservationId, status }, 'could not settle a download reservation'))
        .finally(resolve);
    };
    const isSuccess = () => response.statusCode >= 200 && response.statusCode < 300;
    const verdict = (finished: boolean): 'completed' | 'aborted' => {
      // An error answer (the file failed before its first byte) or a file that failed mid-way here.
      if (!isSuccess() || failedHere || file === null) return 'aborted';
      if (finished) return 'completed';
      if (file.rows) sent.rows = file.rows.written();
      return isMeaningfulPartSent(sent, file) ? 'completed' : 'aborted';
    };
    response.once('finish', () => settle(verdict(true)));
    // 'close' without 'finish': the client went away, or the file failed mid-way.
    response.once('close', () => settle(verdict(response.writableFinished)));
    if (response.writableFinished || response.destroyed) settle(verdict(response.writableFinished));
  });
  return {
    settled,
    send(edition: EditionFile): Readable {
      file = edition;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sent.bytes += chunk.length;
          callback(null, chunk);
        },
      });
      edition.body.once('error', (error: unknown) => {
        // An error after the client went away is the consequence of its leaving, not ours.
        if (!closed) failedHere = true;
        counted.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      counted.once('close', () => {
        if (!edition.body.destroyed) edition.body.destroy();
      });
      edition.body.pipe(counted);
      return counted;
    },
  };
}
