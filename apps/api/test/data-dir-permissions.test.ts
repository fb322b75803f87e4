import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { preparePrivateDataDir } from '../src/config/data-dir.ts';
import { loadConfig } from '../src/config/env.ts';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { FileCache } from '../src/lib/file-cache.ts';

/**
 * Issue 17 §14: with the process umask at 0 (as the probe's server ran), what Tradelist creates
 * under DATA_DIR (the generated secrets, the embedded database, the file cache) is not writable
 * by group or others, and DATA_DIR itself is 0700; an existing DATA_DIR left loose is tightened.
 */

/** Every path under `dir` whose mode lets group or others write, with its mode. */
function groupOrWorldWritable(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const mode = statSync(file).mode & 0o777;
    if (mode & 0o022) found.push(`${path.relative(dir, file)} ${mode.toString(8)}`);
  }
  return found;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('DATA_DIR permissions under umask 0', () => {
  let originalUmask: number;
  let root: string;

  beforeEach(() => {
    originalUmask = process.umask(0);
    root = mkdtempSync(path.join(tmpdir(), 'tradelist-data-dir-'));
  });

  afterEach(() => {
    process.umask(originalUmask);
    rmSync(root, { recursive: true, force: true });
  });

  test('the secrets, the embedded database and the file cache are created private', async () => {
    const dataDir = path.join(root, 'data');
    // No SESSION_SECRET or TOKEN_ENCRYPTION_KEY: both are generated and kept under DATA_DIR.
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(config.dataDir).toBe(dataDir);
    const database = await openDatabase({ dataDir });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    const cache = new FileCache({ dir: path.join(dataDir, 'files'), maxBytes: 1024 * 1024 });
    const file = await cache.get('edition-1.csv', () => Readable.from([Buffer.from('sku,price\n')]));
    file?.body.destroy();

    expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['files', 'pglite', 'session-secret', 'token-encryption-key']));
    expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(0);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(groupOrWorldWritable(dataDir)).toEqual([]);
    expect(modeOf(path.join(dataDir, 'session-secret')).toString(8)).toBe('600');
  });

  test('an existing DATA_DIR with loose modes is made private at start', () => {
    const dataDir = path.join(root, 'loose');
    mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true, mode: 0o777 });
    writeFileSync(path.join(dataDir, 'pglite', 'base', '1259'), 'x', { mode: 0o666 });
    writeFileSync(path.join(dataDir, 'session-secret'), 'x', { mode: 0o666 });
    chmodSync(dataDir, 0o777);
    expect(groupOrWorldWritable(dataDir).length).toBe(4);

    preparePrivateDataDir(dataDir);

    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(groupOrWorldWritable(dataDir)).toEqual([]);
    expect(modeOf(path.join(dataDir, 'pglite', 'base', '1259')).toString(8)).toBe('644');
    // And what the process creates from now on is not writable by group or others either.
    writeFileSync(path.join(dataDir, 'later'), 'x');
    expect(modeOf(path.join(dataDir, 'later')).toString(8)).toBe('644');
  });
});
