import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Counted among the requests whose handler has not finished yet. */
    isInFlight: boolean;
  }
}

/**
 * Counts requests whose handler is still running and returns a function that waits until none
 * is. A client that hangs up does not stop its handler (it may be halfway through a
 * transaction), so shutdown waits for handlers, not for sockets. `onSend` runs when a handler
 * has produced its answer, whether or not anyone is still listening.
 */
export function trackInFlightRequests(app: FastifyInstance): () => Promise<void> {
  let count = 0;
  let waiters: Array<() => void> = [];
  app.decorateRequest('isInFlight', false);
  app.addHook('onRequest', async (request) => {
    request.isInFlight = true;
    count += 1;
  });
  app.addHook('onSend', async (request) => {
    if (!request.isInFlight) return;
    request.isInFlight = false;
    count -= 1;
    if (count === 0) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  });
  return () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));
}
