import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { removeGroupAndOtherWrite } from '../config/data-dir.ts';
import { migrations } from './migrations/index.ts';

/**
 * Backups of the embedded database (decision 0035): `npm run admin -- backup <file>` writes the
 * whole PGlite data directory, checkpointed, as a gzipped tar (PGlite's own dumpDataDir), and
 * `restore <file>` puts one back in place of DATA_DIR/pglite while no server has it open. Uploaded
 * pictures are rows of the database, so the file holds them too. PostgreSQL is backed up with its
 * own tools (docs/backups.md).
 */

/** Where PGlite keeps its files under DATA_DIR (db/database.ts). */
export const EMBEDDED_DIR = 'pglite';

/** A checkpointed dump of a PGlite instance, taken while nothing else runs on it. */
export async function dumpPGlite(pglite: PGlite): Promise<Uint8Array> {
  await pglite.query('CHECKPOINT');
  const dump = await pglite.dumpDataDir('gzip');
  return new Uint8Array(await dump.arrayBuffer());
}

/**
 * Writes `bytes` to `file` (mode 0600: it holds password hashes and sealed tokens) under a
 * temporary name first, so a backup cut short never looks complete. An existing file is refused:
 * a backup never overwrites another.
 */
export async function writeBackupFile(file: string, bytes: Uint8Array): Promise<void> {
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose another name (a backup never overwrites another).`);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
}

/** A backup or restore that cannot go ahead; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Replaces DATA_DIR/pglite with the database of a backup file. The caller holds DATA_DIR/cli.lock
 * and has made sure no server runs on DATA_DIR. The backup is unpacked next to the current
 * database and opened first: a file that is not a Tradelist backup, or one made by a newer
 * version (migrations this version does not know), changes nothing. The current database is
 * then kept beside it as `pglite-before-restore-<time>`, and the backup takes its place.
 * Answers the folder the previous database was moved to, or null when there was none.
 */
export async function restoreEmbeddedDatabase(dataDir: string, backup: Uint8Array, now: Date): Promise<{ previous: string | null }> {
  const target = path.join(dataDir, EMBEDDED_DIR);
  const staging = path.join(dataDir, `${EMBEDDED_DIR}-restoring`);
  rmSync(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    await checkBackup(staging, backup);
    removeGroupAndOtherWrite(staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  let previous: string | null = null;
  if (existsSync(target)) {
    previous = path.join(dataDir, `${EMBEDDED_DIR}-before-restore-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`);
    renameSync(target, previous);
  }
  renameSync(staging, target);
  return { previous };
}

/** Unpacks the backup into `dir` with PGlite and checks that it is a Tradelist database this version can run. */
async function checkBackup(dir: string, backup: Uint8Array): Promise<void> {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir, { loadDataDir: new Blob([new Uint8Array(backup)]) });
  } catch (error) {
    throw new BackupError(`This file is not a backup of the embedded database (${error instanceof Error ? error.message : String(error)}).`);
  }
  try {
    const applied = await pglite
      .query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')
      .then((result) => result.rows.map((row) => row.name))
      .catch(() => null);
    if (!applied || applied.length === 0) throw new BackupError('This file holds a database, but not a Tradelist one (it has no migrations).');
    const unknown = applied.filter((name) => !(name in migrations));
    if (unknown.length > 0) throw new BackupError(`This backup was made by a newer version of Tradelist (migrations ${unknown.join(', ')}); restore it with that version.`);
    await pglite.query('CHECKPOINT');
  } finally {
    await pglite.close();
  }
}
