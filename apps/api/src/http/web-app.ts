import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@tradelist/contract/app-routes';
import type { ClientManifest, CreateSiteRenderer, SiteDataSource, SitePageResponse } from '@tradelist/contract/site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** Renders a page of the public site, or answers null for the single-page app's own pages. */
export type SiteRenderer = ReturnType<CreateSiteRenderer>;

/**
 * The public site's server renderer of the built web app (`vite build --ssr`: dist-server/ beside
 * dist/), made with the client build's manifest; undefined when the web app is not built.
 */
async function loadBuiltSiteRenderer(dist: string): Promise<SiteRenderer | undefined> {
  const entry = path.join(path.dirname(dist), 'dist-server', 'entry-site-server.js');
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest;
  const module = (await import(pathToFileURL(entry).href)) as { createSiteRenderer: CreateSiteRenderer };
  return module.createSiteRenderer(manifest);
}

// A page is compressed at each request: a fast Brotli level (the default 11 is for build time).
const brotliOptions = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** The encoding a page is sent with: Brotli, else gzip, when the browser accepts it. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** `npm run dev`: pages rendered from the current source, naming the Vite dev server's scripts. */
async function loadSourceSiteRenderer(app: FastifyInstance): Promise<SiteRenderer> {
  const { siteRendererFromSource } = await import('./site-renderer-from-source.ts');
  const { renderer, close } = await siteRendererFromSource('vite-dev-server');
  app.addHook('onClose', close);
  return renderer;
}

export interface WebAppOptions {
  refuseMethod?: RefuseMethod;
  /** What the public site's pages show, read through the modules' services (app.ts composes it). */
  siteData: SiteDataSource;
  /** The public site's renderer; by default the built one (tests render from source). */
  siteRenderer?: SiteRenderer | undefined;
}

/**
 * Serves the built web app: hashed assets with long caching; the public site's pages (product
 * §2.2: /, /electrical, /faq, /all-blogs, /blog/{id}, /marketing) and the not-found page rendered
 * by the server at each request (docs/decisions/0017-server-rendered-public-site.md), 404 for
 * unknown paths and unpublished posts; and the single-page app's page for its routes (deep links
 * such as /reset-password/{uid}/{token} load). Unknown /api paths get a JSON 404. OPTIONS and
 * TRACE, which no route answers, get 405 from `refuseMethod`.
 */
export async function registerWebApp(app: FastifyInstance, config: Config, options: WebAppOptions): Promise<void> {
  const { refuseMethod, siteData } = options;
  const dist = findWebDist(config);
  const indexHtml = dist ? readFileSync(path.join(dist, 'index.html'), 'utf8') : undefined;
  const renderSite =
    options.siteRenderer ??
    (config.webSiteFromSource ? await loadSourceSiteRenderer(app) : dist ? await loadBuiltSiteRenderer(dist) : undefined);
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.ts); sent to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: SitePageResponse) => {
    // Rendered per request from current content: revalidated on every visit, never stale.
    void reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? brotliCompressSync(page.html, brotliOptions) : gzipSync(page.html));
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    refuseMethod?.(pathname, request.method, (allow) => void reply.header('allow', allow));
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new AppError('NOT_FOUND', 'No such API call.');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('NOT_FOUND', 'Not found.');
    const page = await renderSite?.({ url: request.url, origin: config.appUrl, supportEmail: config.supportEmail, data: siteData });
    if (page) return sendPage(request, reply, page);
    const status = isAppRoute(pathname) ? 200 : 404;
    if (!indexHtml) {
      return reply
        .code(status === 200 ? 503 : 404)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build`.');
    }
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
