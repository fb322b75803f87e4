import { sql, type Kysely } from 'kysely';

/**
 * Issue 7: sent mail keeps no body (the links in it are live secrets), and the `jti` of every
 * Google ID token used to sign in is remembered until the token expires, so it works once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_outbox ALTER COLUMN text_body DROP NOT NULL;
    ALTER TABLE mail_outbox ALTER COLUMN html_body DROP NOT NULL;
    UPDATE mail_outbox SET text_body = NULL, html_body = NULL WHERE status <> 'pending';
    CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at);

    CREATE TABLE google_token_uses (
      jti text PRIMARY KEY,
      expires_at timestamptz NOT NULL,
      used_at timestamptz NOT NULL
    );
    CREATE INDEX google_token_uses_expires_idx ON google_token_uses (expires_at);
  `.execute(db);
}
