import { sql, type Kysely } from 'kysely';

/**
 * The account area (product §2.13, §10.14):
 * - mail_outbox.headers: extra headers of a mail, such as the one-click unsubscribe of RFC 8058
 *   (`List-Unsubscribe`, `List-Unsubscribe-Post`), sent with it and dropped with the bodies;
 * - users.google_email: the Google address of an account that signs in with Google, shown on
 *   the settings screen's Connections tab (it may differ from the account's email).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE mail_outbox ADD COLUMN headers jsonb;
    ALTER TABLE users ADD COLUMN google_email text;
  `.execute(db);
}
