import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.WEB_PORT ?? 3000);
const apiProxyTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001';

// In development the API runs on its own port; the browser still talks to one origin.
const proxy = { '/api': { target: apiProxyTarget, changeOrigin: false } };

/** The public site's paths (src/app/site/site-routes.ts, which this config cannot import). */
const sitePagePath = /^\/(electrical|faq|all-blogs|marketing|blog\/[^/]+)?\/?$/;
const preambleId = '/@site-react-refresh-preamble';

/**
 * `npm run dev`: the public site's pages come from the API, which renders them from source
 * (docs/decisions/0017-server-rendered-public-site.md), and React refresh's preamble is a module
 * (src/app/site/render-site.tsx names it), as the CSP forbids inline script.
 */
function sitePagesFromServer(): Plugin {
  return {
    name: 'tradelist-site-pages',
    apply: 'serve',
    resolveId: (id) => (id === preambleId ? `\0${preambleId}` : undefined),
    load: (id) =>
      id === `\0${preambleId}`
        ? "import RefreshRuntime from '/@react-refresh'; RefreshRuntime.injectIntoGlobalHook(window); window.$RefreshReg$ = () => {}; window.$RefreshSig$ = () => (type) => type; window.__vite_plugin_react_preamble_installed__ = true;"
        : undefined,
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        const isPage = (req.method === 'GET' || req.method === 'HEAD') && req.headers.accept?.includes('text/html') && sitePagePath.test(pathname);
        if (!isPage) return next();
        const upstream = httpRequest(new URL(req.url ?? '/', apiProxyTarget), { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', next);
        upstream.end();
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: [react(), sitePagesFromServer()],
  // CSS modules (docs/decisions/0007-web-styles.md): `.site-nav__link` is `styles.siteNavLink` in TSX.
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  server: { port, strictPort: true, proxy },
  preview: { port, strictPort: true, proxy },
  build: {
    // The client build goes to dist/ (served as static files); the server entry of the public
    // site (`vite build --ssr src/entry-site-server.tsx`) to dist-server/, which is never served.
    outDir: fileURLToPath(new URL(isSsrBuild ? './dist-server' : './dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json maps source modules to chunks (scripts/measure-first-visit.ts reads
    // it); the server does not serve dot folders.
    manifest: true,
    // The production CSP forbids inline scripts; never inline assets as data: scripts either.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // Two pages: the single-page app (index.html) and the public site's hydration entry, whose
      // pages the server renders (docs/decisions/0017-server-rendered-public-site.md).
      input: isSsrBuild ? undefined : { app: fileURLToPath(new URL('./index.html', import.meta.url)), site: fileURLToPath(new URL('./src/entry-site-client.tsx', import.meta.url)) },
      output: {
        // Libraries change less often than the app: separate chunks cache across deploys. Only the
        // libraries every page needs are grouped here; the others (forms, the virtual list) stay
        // with the lazy chunks that use them, so a first visit to / does not download them.
        codeSplitting: {
          groups: [
            // React alone: the public site's pages hydrate with it and without the router.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack[\\/](react-query|query-core)|react-toastify|clsx|zod)[\\/]/,
            },
            // Shared by the sign-in pages and the markups screen.
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
}));
