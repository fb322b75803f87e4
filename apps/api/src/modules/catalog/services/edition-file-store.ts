import path from 'node:path';
import type { Config } from '../../../config/env.ts';
import type { AppContext } from '../../../context.ts';
import { FileCache } from '../../../lib/file-cache.ts';

const caches = new Map<string, FileCache>();

/** The store of generated files under DATA_DIR/files (one per directory, shared by every request). */
export function editionFileCache(config: Config, log: AppContext['log']): FileCache {
  const dir = path.join(config.dataDir, 'files');
  let cache = caches.get(dir);
  if (!cache) {
    cache = new FileCache({
      dir,
      maxBytes: config.fileCacheMaxBytes,
      onStoreError: (error, key) => log.warn({ err: error, key }, 'a generated file could not be stored; it is streamed instead'),
    });
    caches.set(dir, cache);
  }
  return cache;
}
