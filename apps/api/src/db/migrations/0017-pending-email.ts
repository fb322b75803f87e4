import { sql, type Kysely } from 'kysely';

/**
 * An email change waits for the new address (product §2.13, docs/decisions/0022):
 * - user_tokens gets the purpose `confirm_email`, and `email`, the address such a link confirms:
 *   the pending address lives on its link, never in `users.email`, so no sign-in, registration
 *   or reset ever matches it;
 * - user_tokens.password_hash and name: what a registration of an address held by an account
 *   that was never activated asks for; they apply only when that registration's own link is used;
 * - accounts left by the old rule with an unconfirmed address in `users.email` (not verified, but
 *   signed in or linked to Google before) lose their password and their outstanding activation
 *   links: nobody has proven that mailbox, and whoever proves it later (Google sign-in, a
 *   registration's link, a password reset) gets the account cleared of what it held.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_tokens DROP CONSTRAINT user_tokens_purpose_check;
    ALTER TABLE user_tokens ADD CONSTRAINT user_tokens_purpose_check CHECK (purpose IN ('activate', 'reset', 'confirm_email'));
    ALTER TABLE user_tokens ADD COLUMN email text;
    ALTER TABLE user_tokens ADD COLUMN password_hash text;
    ALTER TABLE user_tokens ADD COLUMN name text;
    ALTER TABLE user_tokens ADD CONSTRAINT user_tokens_confirm_email_check CHECK ((purpose = 'confirm_email') = (email IS NOT NULL));
    CREATE INDEX user_tokens_email_idx ON user_tokens (lower(email)) WHERE email IS NOT NULL;

    UPDATE user_tokens SET used_at = now()
      WHERE used_at IS NULL AND purpose = 'activate'
        AND user_id IN (SELECT id FROM users WHERE NOT is_verified AND (last_login_at IS NOT NULL OR google_subject IS NOT NULL));
    UPDATE users SET password_hash = NULL
      WHERE NOT is_verified AND (last_login_at IS NOT NULL OR google_subject IS NOT NULL);
  `.execute(db);
}
