import { sql, type Kysely } from 'kysely';

/**
 * Editions published from the console, and the mailings that announce them (docs/decisions/0019):
 * - `edition_uploads`: a supplier file checked and shown as a preview, kept (bytes and SHA-256)
 *   until the operator publishes it, so that what is published is exactly what was previewed;
 * - `mailings`: one bulk email (a new edition's announcement, or product news), due on a day,
 *   sent in batches of users by id with a checkpoint (`last_user_id`);
 * - `mailing_deliveries`: one row per (mailing, user), claimed in the transaction that queues
 *   that user's email, so a batch run twice (a restart, a retry) never mails anyone twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE edition_uploads (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
      name text,
      rundate text NOT NULL CHECK (rundate ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      file_name text NOT NULL,
      sha256 text NOT NULL,
      content bytea NOT NULL,
      uploaded_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX edition_uploads_created_idx ON edition_uploads (created_at);

    CREATE TABLE mailings (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('new-edition', 'product-news')),
      collection_id integer UNIQUE REFERENCES collections (id) ON DELETE CASCADE,
      subject text,
      body_markdown text,
      due_on text NOT NULL CHECK (due_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      state text NOT NULL CHECK (state IN ('scheduled', 'sending', 'sent', 'skipped')),
      summary jsonb,
      last_user_id integer NOT NULL DEFAULT 0,
      recipients integer NOT NULL DEFAULT 0,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL,
      started_at timestamptz,
      finished_at timestamptz,
      CHECK ((kind = 'new-edition') = (collection_id IS NOT NULL)),
      CHECK (kind = 'new-edition' OR (subject IS NOT NULL AND body_markdown IS NOT NULL))
    );
    CREATE INDEX mailings_due_idx ON mailings (due_on) WHERE state = 'scheduled';

    CREATE TABLE mailing_deliveries (
      mailing_id integer NOT NULL REFERENCES mailings (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (mailing_id, user_id)
    );
  `.execute(db);
}
