import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@tradelist/contract/app-routes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { AppError } from '../errors.ts';
import type { RefuseMethod } from './method-not-allowed.ts';

/** The built web app: WEB_DIST_DIR, else apps/web/dist found above this file. */
function findWebDist(config: Config): string | undefined {
  if (config.webDistDir) return path.resolve(config.webDistDir);
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * The status of a page whose existence depends on content (a blog post's page): 404 or 200, or
 * null to let the route table decide. Modules provide it; app.ts passes it in.
 */
export type ContentPageStatus = (pathname: string) => Promise<number | null>;

/**
 * Serves the built web app: hashed assets with long caching, and the app's page for every route
 * of product §2 (deep links such as /reset-password/{uid}/{token} load). Unknown /api paths get a
 * JSON 404; other unknown paths get the app's page with status 404 (it shows its not-found page),
 * and so does a route whose content does not exist (`contentPageStatus`: a missing blog post).
 * OPTIONS and TRACE, which no route answers, get 405 from `refuseMethod`.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Config,
  refuseMethod?: RefuseMethod,
  contentPageStatus?: ContentPageStatus,
): Promise<void> {
  const dist = findWebDist(config);
  const indexHtml = dist ? readFileSync(path.join(dist, 'index.html'), 'utf8') : undefined;
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    refuseMethod?.(pathname, request.method, (allow) => void reply.header('allow', allow));
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError('NOT_FOUND', 'No such API call.');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('NOT_FOUND', 'Not found.');
    const status = isAppRoute(pathname) ? ((await contentPageStatus?.(pathname)) ?? 200) : 404;
    if (!indexHtml) {
      return reply
        .code(status === 200 ? 503 : 404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`.');
    }
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
