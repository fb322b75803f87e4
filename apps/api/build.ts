import { bundleApi } from './bundle.ts';

/**
 * Bundles the server, the worker, the operator CLI and the worker threads that check supplier
 * files and write edition files (loaded by the server and the CLI from beside them) into dist/
 * (bundle.ts).
 */
await bundleApi('dist');
