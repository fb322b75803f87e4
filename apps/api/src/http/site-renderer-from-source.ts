import path from 'node:path';
import type { CreateSiteRenderer } from '@tradelist/contract/site';
import type * as Vite from 'vite';
import type { SiteRenderer } from './web-app.ts';

const webRoot = path.resolve(import.meta.dirname, '..', '..', '..', 'web');

/**
 * The public site's renderer loaded from the web app's source through Vite's `ssrLoadModule`
 * (what `vite build --ssr` bundles), for `npm run dev` (WEB_SITE_FROM_SOURCE=1: pages name the
 * Vite dev server's scripts) and for the API tests, which run before any build (their pages name
 * no script). Vite is a development tool: it is imported here only, when asked for.
 */
export async function siteRendererFromSource(assets: 'vite-dev-server' | null): Promise<{ renderer: SiteRenderer; close: () => Promise<void> }> {
  // Never bundled into the server (a name, not a literal): production does not have or need it.
  const vitePackage = 'vite';
  const { createServer } = (await import(vitePackage)) as typeof Vite;
  const vite = await createServer({
    configFile: path.join(webRoot, 'vite.config.ts'),
    root: webRoot,
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false, watch: assets === 'vite-dev-server' ? {} : null },
  });
  const module = (await vite.ssrLoadModule('/src/entry-site-server.tsx')) as { createSiteRenderer: CreateSiteRenderer };
  const renderer = module.createSiteRenderer(assets);
  if (assets !== 'vite-dev-server') return { renderer, close: () => vite.close() };
  // In development, each page is rendered by the current source (the module graph reloads on change).
  const current: SiteRenderer = async (request) => {
    const fresh = (await vite.ssrLoadModule('/src/entry-site-server.tsx')) as { createSiteRenderer: CreateSiteRenderer };
    return fresh.createSiteRenderer(assets)(request);
  };
  return { renderer: current, close: () => vite.close() };
}
