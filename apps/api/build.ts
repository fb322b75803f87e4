import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Bundles the server, the worker and the operator CLI into dist/. Workspace packages (TypeScript
 * source) are bundled in; npm dependencies stay external and load from node_modules.
 */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
};
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@tradelist/'));

await build({
  entryPoints: { server: 'src/server.ts', worker: 'src/worker.ts', cli: 'src/cli.ts' },
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
