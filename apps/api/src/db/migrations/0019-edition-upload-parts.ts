import { sql, type Kysely } from 'kysely';

/**
 * A previewed supplier file is kept in parts (`edition_upload_parts`, 256 kB each) instead of one
 * bytea (decision 0024): each part is written by a statement of its own, so storing a 30 MB file
 * never holds the embedded database, and the server's thread, for seconds. Files kept now become
 * their first and only part.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE edition_upload_parts (
      upload_id integer NOT NULL REFERENCES edition_uploads (id) ON DELETE CASCADE,
      part integer NOT NULL CHECK (part >= 0),
      bytes bytea NOT NULL,
      PRIMARY KEY (upload_id, part)
    );
    INSERT INTO edition_upload_parts (upload_id, part, bytes) SELECT id, 0, content FROM edition_uploads;
    ALTER TABLE edition_uploads DROP COLUMN content;
  `.execute(db);
}
