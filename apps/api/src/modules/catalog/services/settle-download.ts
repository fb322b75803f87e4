import type { ServerResponse } from 'node:http';
import type { AppContext } from '../../../context.ts';
import { addSeconds } from '../../../lib/clock.ts';
import { extendReservation, settleReservation } from '../repositories/download-log.ts';
import { RESERVATION_SECONDS } from './download-edition.ts';

/** How often a reservation is extended while its file is still being sent. */
const EXTEND_EVERY_MS = (RESERVATION_SECONDS * 1000) / 4;

/**
 * Counts a download only once its file has been sent completely: when the response has finished
 * writing to the socket ('finish') with a 2xx status, the reservation is marked completed; when
 * the response is closed or fails before that, or ends as an error answer, aborted (not
 * counted). While the file is going out, the reservation is extended so that it does not lapse
 * under a slow client. The promise resolves once the reservation is settled.
 */
export function settleDownloadWhenSent(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, response: ServerResponse, reservationId: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let settled = false;
    const keepAlive = setInterval(() => {
      extendReservation(ctx.db, reservationId, addSeconds(ctx.clock.now(), RESERVATION_SECONDS)).catch((error: unknown) =>
        ctx.log.warn({ err: error, reservationId }, 'could not extend a download reservation'),
      );
    }, EXTEND_EVERY_MS);
    keepAlive.unref();
    const settle = (status: 'completed' | 'aborted') => {
      if (settled) return;
      settled = true;
      clearInterval(keepAlive);
      settleReservation(ctx.db, reservationId, status, ctx.clock.now())
        .catch((error: unknown) => ctx.log.error({ err: error, reservationId, status }, 'could not settle a download reservation'))
        .finally(resolve);
    };
    // A finished error answer (the file failed before its first byte) is not a file sent.
    let finished = response.writableFinished;
    const sent = () => finished && response.statusCode >= 200 && response.statusCode < 300;
    response.once('finish', () => {
      finished = true;
      settle(sent() ? 'completed' : 'aborted');
    });
    // 'close' without 'finish': the client went away or the stream failed mid-file.
    response.once('close', () => settle(sent() ? 'completed' : 'aborted'));
    if (finished || response.destroyed) settle(sent() ? 'completed' : 'aborted');
  });
}
