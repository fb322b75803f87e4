import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Bundles the server, the worker, the operator CLI and the supplier file's worker thread (loaded
 * by the server and the CLI from beside them) into dist/. Workspace packages (TypeScript
 * source) are bundled in; npm dependencies stay external and load from node_modules.
 */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@tradelist/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    cli: 'src/cli.ts',
    'supplier-file-worker': 'src/modules/catalog/services/supplier-file-worker.ts',
  },
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
