import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { assertUploadKey, UploadKeyTakenError, type UploadedFile, type UploadedFileInfo, type UploadStore } from './upload-store.ts';

/**
 * The upload store in the database (table uploaded_files, decision 0035): one row per file with
 * its bytes, content type, size and SHA-256. Whatever the database is shared with shares the
 * files, and a backup of the database holds them.
 */
export function createDatabaseUploadStore(db: Db, clock: Clock): UploadStore {
  const info = async (key: string): Promise<UploadedFileInfo | null> => {
    const row = await db.selectFrom('uploaded_files').select(['content_type', 'sha256', 'size']).where('key', '=', key).executeTakeFirst();
    return row ? { contentType: row.content_type, sha256: row.sha256, size: row.size } : null;
  };
  return {
    async put(key, content, contentType) {
      assertUploadKey(key);
      const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
      const stored: UploadedFileInfo = { contentType, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
      const inserted = await db
        .insertInto('uploaded_files')
        .values({ key, content_type: contentType, sha256: stored.sha256, size: stored.size, content: bytes, created_at: clock.now() })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return stored;
      const existing = await info(key);
      if (existing?.sha256 !== stored.sha256) throw new UploadKeyTakenError(key);
      return existing;
    },
    info,
    async get(key): Promise<UploadedFile | null> {
      const row = await db.selectFrom('uploaded_files').select(['content_type', 'sha256', 'size', 'content']).where('key', '=', key).executeTakeFirst();
      return row ? { contentType: row.content_type, sha256: row.sha256, size: row.size, content: Buffer.from(row.content) } : null;
    },
    async delete(key) {
      await db.deleteFrom('uploaded_files').where('key', '=', key).execute();
    },
  };
}
