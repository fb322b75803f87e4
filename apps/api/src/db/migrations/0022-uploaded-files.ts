import { sql, type Kysely } from 'kysely';

/**
 * Uploaded files live in the database (decision 0035): profile pictures and the images the
 * operator uploads for posts and categories, until now files under DATA_DIR, so that API
 * processes on several machines share nothing but the database.
 * - key: `<folder>/<name>`, the path the file is served under below `/media/`; a key is never
 *   given other bytes, so its URL may be cached for a year.
 * - sha256: hex digest of the content, the ETag.
 * Files left on disk by an earlier version are moved in at start (storage/move-disk-uploads.ts):
 * a migration sees the database only, not DATA_DIR.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE uploaded_files (
      key text PRIMARY KEY CHECK (key ~ '^[a-z0-9-]+/[A-Za-z0-9._-]+$'),
      content_type text NOT NULL,
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      size integer NOT NULL CHECK (size >= 0),
      content bytea NOT NULL,
      created_at timestamptz NOT NULL
    );
  `.execute(db);
}
