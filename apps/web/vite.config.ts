import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.WEB_PORT ?? 3000);
const apiProxyTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001';

// In development the API runs on its own port; the browser still talks to one origin.
const proxy = { '/api': { target: apiProxyTarget, changeOrigin: false } };

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  // CSS modules (docs/decisions/0007-web-styles.md): `.site-nav__link` is `styles.siteNavLink` in TSX.
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  server: { port, strictPort: true, proxy },
  preview: { port, strictPort: true, proxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json maps source modules to chunks (scripts/measure-first-visit.ts reads
    // it); the server does not serve dot folders.
    manifest: true,
    // The production CSP forbids inline scripts; never inline assets as data: scripts either.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks cache across deploys. Only the
        // libraries every page needs are grouped here; the others (forms, the virtual list) stay
        // with the lazy chunks that use them, so a first visit to / does not download them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
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
});
