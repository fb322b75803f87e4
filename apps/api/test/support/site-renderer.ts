import path from 'node:path';
import type { CreateSiteRenderer } from '@tradelist/contract/site';
import { createServer, type ViteDevServer } from 'vite';
import type { SiteRenderer } from '../../src/http/web-app.ts';

const webRoot = path.resolve(import.meta.dirname, '..', '..', '..', 'web');

/**
 * The public site's renderer loaded from the web app's source through Vite (what `vite build --ssr`
 * bundles), so the API tier tests the current pages without a build (CI builds after the tests).
 * Its pages have no script or stylesheet links: there is no client build to point at.
 */
export async function siteRendererFromSource(): Promise<{ renderer: SiteRenderer; close: () => Promise<void> }> {
  const vite: ViteDevServer = await createServer({
    configFile: path.join(webRoot, 'vite.config.ts'),
    root: webRoot,
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  const module = (await vite.ssrLoadModule('/src/entry-site-server.tsx')) as { createSiteRenderer: CreateSiteRenderer };
  return { renderer: module.createSiteRenderer(null), close: () => vite.close() };
}
