import { readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { UploadStore } from './upload-store.ts';

/**
 * The folders under DATA_DIR where uploads were kept before they moved into the upload store
 * (decision 0035), each file served at `/media/<folder>/<name>`, which is also its key now.
 */
export const DISK_UPLOAD_FOLDERS = ['profile-pictures', 'content-images'] as const;
/** The names those folders held: 128 random bits in hex and .webp. */
const STORED_NAME = /^[0-9a-f]{32}\.webp$/;
/** A write cut short (`.<name>.tmp`); one older than this was abandoned by its process. */
const TEMPORARY_NAME = /^\.[0-9a-f]{32}\.webp\.tmp$/;
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Moves the uploads an earlier version left under DATA_DIR into the store: each file is stored
 * under `<folder>/<name>`, then deleted from the disk; an emptied folder is removed. Safe to run
 * twice, or in two processes at once: a file already stored is stored again as a no-op (same key,
 * same bytes) and then deleted, so a move cut short between the two finishes on the next start.
 * Files of other names are left alone. Answers how many files were moved.
 */
export async function moveDiskUploads(uploads: UploadStore, dataDir: string, now = Date.now()): Promise<number> {
  let moved = 0;
  for (const folder of DISK_UPLOAD_FOLDERS) {
    const dir = path.join(dataDir, folder);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      if (STORED_NAME.test(name)) {
        const content = await readFile(file).catch(missingAsNull);
        if (!content) continue; // moved by another process meanwhile
        await uploads.put(`${folder}/${name}`, content, 'image/webp');
        moved += 1;
      } else if (!TEMPORARY_NAME.test(name) || !(await isOlderThan(file, now - ABANDONED_AFTER_MS))) {
        continue;
      }
      await rm(file, { force: true });
    }
    // Only an empty folder goes; one still holding other files stays.
    await rmdir(dir).catch(() => undefined);
  }
  return moved;
}

function missingAsNull(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT') return null;
  throw error;
}

async function isOlderThan(file: string, cutoffMs: number): Promise<boolean> {
  const info = await stat(file).catch(missingAsNull);
  return info !== null && info.mtimeMs < cutoffMs;
}

/** For the entry points, after the migrations: the move, and one log line when it moved anything. */
export async function moveUploadsIntoStore(uploads: UploadStore, dataDir: string, log: { info(details: object, message: string): void }): Promise<void> {
  const moved = await moveDiskUploads(uploads, dataDir);
  if (moved > 0) log.info({ moved, dataDir }, 'moved uploaded files from DATA_DIR into the database');
}
