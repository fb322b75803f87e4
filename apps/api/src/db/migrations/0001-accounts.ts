import { sql, type Kysely } from 'kysely';

/** Accounts, sessions, single-use tokens, the job queue, the mail outbox and rate-limit counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      password_hash text,
      google_subject text UNIQUE,
      is_verified boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT true,
      is_onboarded boolean NOT NULL DEFAULT false,
      update1 boolean NOT NULL DEFAULT true,
      update2 boolean NOT NULL DEFAULT true,
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'operator')),
      password_changed_at timestamptz,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

    CREATE TABLE sessions (
      id_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      user_agent text,
      ip text
    );
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);

    CREATE TABLE user_tokens (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('activate', 'reset')),
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX user_tokens_user_purpose_idx ON user_tokens (user_id, purpose);

    CREATE TABLE jobs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      queue text NOT NULL,
      payload jsonb NOT NULL,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'active', 'completed', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL,
      run_at timestamptz NOT NULL,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL,
      completed_at timestamptz
    );
    CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state IN ('queued', 'active');

    CREATE TABLE mail_outbox (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      message_id text NOT NULL UNIQUE,
      kind text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'abandoned')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL,
      sent_at timestamptz
    );

    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      count integer NOT NULL
    );
  `.execute(db);
}
