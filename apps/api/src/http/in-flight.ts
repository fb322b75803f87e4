import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Counted among the requests whose handler has not finished yet. */
    isInFlight: boolean;
    /** The request reached its handler (after which a hang-up does not stop it). */
    hasReachedHandler: boolean;
  }
}

/**
 * Counts requests whose work is still running and returns a function that waits until none is
 * (or until `timeoutMs` passes). A client that hangs up does not stop a handler that has started
 * (it may be halfway through a transaction), so shutdown waits for handlers, not for sockets:
 * a request counts until its handler produced an answer or failed (onSend, onError), its answer
 * finished (onResponse), or it was abandoned before reaching its handler (onRequestAbort).
 */
export function trackInFlightRequests(app: FastifyInstance): (timeoutMs: number) => Promise<void> {
  let count = 0;
  let waiters: Array<() => void> = [];
  const finish = (request: FastifyRequest) => {
    if (!request.isInFlight) return;
    request.isInFlight = false;
    count -= 1;
    if (count === 0) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  };
  app.decorateRequest('isInFlight', false);
  app.decorateRequest('hasReachedHandler', false);
  app.addHook('onRequest', async (request) => {
    request.isInFlight = true;
    count += 1;
  });
  app.addHook('preHandler', async (request) => {
    request.hasReachedHandler = true;
  });
  app.addHook('onSend', async (request) => finish(request));
  app.addHook('onError', async (request) => finish(request));
  app.addHook('onResponse', async (request) => finish(request));
  app.addHook('onRequestAbort', async (request) => {
    if (!request.hasReachedHandler) finish(request);
  });
  return (timeoutMs) =>
    count === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeoutMs);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
}
