import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The API's entry points, by the name of the file each becomes. */
export const entryPoints = {
  server: 'src/server.ts',
  worker: 'src/worker.ts',
  cli: 'src/cli.ts',
  'supplier-file-worker': 'src/modules/catalog/services/supplier-file-worker.ts',
  'edition-file-worker': 'src/modules/catalog/services/edition-file-worker.ts',
} as const;

/**
 * Bundles entry points of the API into `outdir` (relative to apps/api) as `npm run build` does:
 * workspace packages (TypeScript source) are bundled in; npm dependencies stay external and load
 * from node_modules, so `outdir` must lie inside apps/api. A test that restarts real processes
 * uses it too, so that they start faster than from the sources.
 */
export async function bundleApi(outdir: string, names: Array<keyof typeof entryPoints> = Object.keys(entryPoints) as Array<keyof typeof entryPoints>): Promise<void> {
  const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@tradelist/'));
  await build({
    entryPoints: Object.fromEntries(names.map((name) => [name, entryPoints[name]])),
    absWorkingDir: import.meta.dirname,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
}
