import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread on the module `name`, which sits beside the caller (`callerUrl`, the
 * caller's import.meta.url) in the sources, and beside the bundle's entry points in apps/api/dist
 * (each worker is an entry point of its own: bundle.ts). Run from the TypeScript sources (npm run
 * dev, the tests), the worker is loaded through tsx, which runs them; the bundle is plain JavaScript.
 */
export function startWorkerThread(callerUrl: string, name: string, options: WorkerOptions): Worker {
  const runsFromSources = callerUrl.endsWith('.ts');
  const workerFile = new URL(`./${name}.${runsFromSources ? 'ts' : 'js'}`, callerUrl);
  if (!runsFromSources) return new Worker(workerFile, options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
