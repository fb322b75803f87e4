import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { bearsMetricsToken, METRICS_PATH } from '../metrics/metrics-listener.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** The label of requests that no route matched: the public site's pages, the app's index.html, and unknown paths. */
export const UNMATCHED_ROUTE = '(site or not found)';
/** The label of the web app's built files (one route each, hence one label for all). */
export const STATIC_FILE_ROUTE = '(static file)';

/** A request's route label: the pattern it matched (`/api/syncs/:syncId/`), never its URL. */
function routeLabel(request: FastifyRequest): string {
  const { url, config } = request.routeOptions;
  if (url === undefined) return UNMATCHED_ROUTE;
  // @fastify/static registers one route per built file and marks it with the file's path.
  if (typeof (config as { file?: unknown }).file === 'string') return STATIC_FILE_ROUTE;
  return url;
}

/**
 * Counts every answered request by method, route pattern and status, with its duration; and,
 * when METRICS_TOKEN is set, serves GET /metrics on this port to requests bearing it. Without a
 * token /metrics is not a route here (the metrics listener of METRICS_PORT serves it).
 */
export function registerMetricsRoutes(app: FastifyInstance, metrics: Metrics, config: Config): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime);
  });
  const token = config.metrics.token;
  if (token === undefined) return;
  app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!bearsMetricsToken(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('The metrics need the METRICS_TOKEN as a bearer token.\n');
    }
    return reply.type(metrics.contentType).send(await metrics.exposition());
  });
}
