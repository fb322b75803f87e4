import { sql, type Kysely } from 'kysely';

/**
 * QuickBooks Online and Jobber connections and syncs (docs/decisions/0013, product §10.17, §11.15):
 * - oauth_flows: each authorization started, by the SHA-256 of its `state`, bound to the user's
 *   session (the SHA-256 of its cookie, as sessions store it), single use, 10 minutes;
 * - provider_connections: one per user and provider, with the access and refresh tokens sealed
 *   by AES-256-GCM and the id of the key that sealed them; `version` grows with each refresh;
 *   a refused refresh leaves the row `disconnected` without tokens;
 * - sync_runs: each sync, its progress (the items done so far, checkpointed per batch, and the
 *   counts), the first item errors and its outcome; a partial unique index lets one sync at a
 *   time queue or run per user and provider; `lease_*` is the worker holding it;
 * - sync_links: what a provider holds for our keys in one company or account: a Jobber item per
 *   SKU (Jobber has no SKU field), the QuickBooks accounts found or created by name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE oauth_flows (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      state_hash text NOT NULL UNIQUE,
      provider text NOT NULL CHECK (provider IN ('quickbook', 'jobber')),
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      session_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX oauth_flows_expiry_idx ON oauth_flows (expires_at);

    CREATE TABLE provider_connections (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('quickbook', 'jobber')),
      status text NOT NULL CHECK (status IN ('connected', 'disconnected')),
      account_id text NOT NULL,
      account_name text,
      key_id text,
      access_token_enc text,
      refresh_token_enc text,
      access_expires_at timestamptz,
      refresh_expires_at timestamptz,
      version integer NOT NULL DEFAULT 1,
      connected_at timestamptz NOT NULL,
      refreshed_at timestamptz,
      updated_at timestamptz NOT NULL,
      disconnected_reason text,
      UNIQUE (user_id, provider),
      CHECK (status = 'disconnected' OR (key_id IS NOT NULL AND access_token_enc IS NOT NULL AND refresh_token_enc IS NOT NULL))
    );

    CREATE TABLE sync_runs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('quickbook', 'jobber')),
      collection_id integer NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
      account_id text NOT NULL,
      status text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
      total integer NOT NULL DEFAULT 0,
      done integer NOT NULL DEFAULT 0,
      created integer NOT NULL DEFAULT 0,
      updated integer NOT NULL DEFAULT 0,
      unchanged integer NOT NULL DEFAULT 0,
      failed integer NOT NULL DEFAULT 0,
      errors jsonb NOT NULL DEFAULT '[]',
      error text,
      lease_owner text,
      lease_until timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      queued_at timestamptz NOT NULL,
      started_at timestamptz,
      finished_at timestamptz
    );
    CREATE UNIQUE INDEX sync_runs_one_active_idx ON sync_runs (user_id, provider) WHERE status IN ('queued', 'running');
    CREATE INDEX sync_runs_user_idx ON sync_runs (user_id, collection_id, provider, id DESC);

    CREATE TABLE sync_links (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('quickbook', 'jobber')),
      account_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('item', 'account')),
      key text NOT NULL,
      remote_id text NOT NULL,
      PRIMARY KEY (user_id, provider, account_id, kind, key)
    );
  `.execute(db);
}
