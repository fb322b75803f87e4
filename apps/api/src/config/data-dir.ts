import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database, generated secrets, the file cache, uploads and the
 * simulators' data: only the account that runs Tradelist may read it, and nothing under it is
 * writable by group or others, whatever umask the process was started with (docs/decisions/0023).
 */

/** Permission bits group and others may never have on a file the process creates: write. */
const GROUP_AND_OTHER_WRITE = 0o022;
const PRIVATE_DIR_MODE = 0o700;

/** The data folders this process has made private already (after that, the umask keeps them so). */
const preparedDataDirs = new Set<string>();

/**
 * Adds group and other write to the process's umask, so every file and folder it creates from
 * now on (PGlite's files included) is at most 0644 / 0755. A stricter umask is kept as it is.
 */
export function restrictNewFileModes(): void {
  const current = process.umask();
  if ((current & GROUP_AND_OTHER_WRITE) !== GROUP_AND_OTHER_WRITE) process.umask(current | GROUP_AND_OTHER_WRITE);
}

/**
 * Makes DATA_DIR ready before anything is written there: restricts the umask, creates the folder
 * 0700 (or brings an existing one to 0700), and removes group and other write from anything under
 * it that an earlier start (under umask 0) left writable. Symbolic links are left alone. Done once
 * per folder and process.
 */
export function preparePrivateDataDir(dataDir: string): void {
  restrictNewFileModes();
  // The entry point, the secrets and the database each ask; the tree is walked once per process.
  const resolved = path.resolve(dataDir);
  if (preparedDataDirs.has(resolved)) return;
  preparedDataDirs.add(resolved);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((lstatSync(dataDir).mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(dataDir, PRIVATE_DIR_MODE);
  removeGroupAndOtherWrite(dataDir);
}

/** Removes group and other write from everything under `dir` (symbolic links are left alone). */
export function removeGroupAndOtherWrite(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = path.join(dir, entry.name);
    const mode = lstatSync(file).mode & 0o7777;
    if (mode & GROUP_AND_OTHER_WRITE) chmodSync(file, mode & ~GROUP_AND_OTHER_WRITE);
    if (entry.isDirectory()) removeGroupAndOtherWrite(file);
  }
}
