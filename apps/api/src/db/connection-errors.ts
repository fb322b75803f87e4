/**
 * Failures that mean "the database cannot be reached right now" rather than "this query is
 * wrong": the server refused or dropped the connection, it is shutting down or starting, or
 * it ended our session. They pass once the database is back, so a request answers 503
 * (http/error-handler.ts) and the job queue waits and polls again (jobs/queue.ts).
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a lost or refused session: 57P01 admin_shutdown (pg_terminate_backend, a fast
 * shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery),
 * 53300 too_many_connections; and the whole class 08 (connection exception).
 */
const SESSION_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** The `pg` driver's own messages for a cut connection and for a pool that could not connect in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/** True when `error` (or an error it wraps as `cause`) says the database is unreachable for now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SESSION_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.startsWith(text))) return true;
    current = cause;
  }
  return false;
}
