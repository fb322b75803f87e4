import { sql, type Kysely } from 'kysely';

/**
 * Profile pictures (product §3.10) and the user guide's media (product §2.14, §3.9).
 * - profile_pictures: the stored file's random name under DATA_DIR, one row per user; the row goes
 *   with the user, the file is removed by whoever removes the row.
 * - user_guide_resources: the guide's PDFs, kept in the database so every API process serves the
 *   same ones and the operator can replace them.
 * - user_guide_videos: the guide's videos with their poster image and WebVTT captions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE profile_pictures (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      file_name text NOT NULL UNIQUE,
      updated_at timestamptz NOT NULL
    );
  `.execute(db);
  await sql`
    CREATE TABLE user_guide_resources (
      id serial PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      description text NOT NULL,
      file_name text NOT NULL,
      content bytea NOT NULL,
      position integer NOT NULL,
      created_at timestamptz NOT NULL
    );
  `.execute(db);
  await sql`
    CREATE TABLE user_guide_videos (
      id serial PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      title text NOT NULL,
      description text NOT NULL,
      media_type text NOT NULL,
      content bytea NOT NULL,
      duration_seconds double precision NOT NULL,
      poster_media_type text NOT NULL,
      poster bytea NOT NULL,
      captions text NOT NULL,
      position integer NOT NULL,
      created_at timestamptz NOT NULL
    );
  `.execute(db);
}
