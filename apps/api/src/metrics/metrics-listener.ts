import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.ts';

/** The path Prometheus scrapes, on the metrics listener and (with a token) on the public port. */
export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request may read the metrics: always without a configured token, otherwise only
 * with `Authorization: Bearer <token>` (compared in constant time).
 */
export function bearsMetricsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

export interface MetricsListener {
  /** The address it listens on (the port chosen when 0 was asked for). */
  address: AddressInfo;
  close(): Promise<void>;
}

/**
 * A listener of its own for Prometheus (METRICS_PORT, on METRICS_HOST: loopback by default),
 * apart from the public port, so a load balancer never exposes it. It answers GET /metrics only,
 * and asks for the token too when one is configured. The worker, which serves no HTTP
 * otherwise, uses it as the API process does.
 */
export async function listenForMetrics(metrics: Metrics, options: { host: string; port: number; token: string | undefined }): Promise<MetricsListener> {
  const server: Server = createServer((request: IncomingMessage, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found. Metrics are at /metrics.\n');
      return;
    }
    if (!bearsMetricsToken(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' }).end('The metrics need the METRICS_TOKEN as a bearer token.\n');
      return;
    }
    metrics.exposition().then(
      (body) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`The metrics could not be read: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
