import { sql, type Kysely } from 'kysely';

/**
 * Sync previews, their approval, the ledger of what we wrote and the sync record
 * (docs/decisions/0047 and 0048, product §10.21):
 * - sync_ledger: per connection (user, provider, company or account) and SKU, the provider's id
 *   of the item and the price we last wrote there (or found there, equal to ours), and when;
 *   a price in the target that differs from it was edited there, and a SKU in it that is no
 *   longer in the list left the list;
 * - sync_previews: a preview of one edition to one connection, read on a worker; its pricing
 *   fingerprint, its counts, its approval (who, when, the policy, the counts approved) and the
 *   sync that approval started (unique: two approvals start one sync);
 * - sync_preview_items: each item of a preview with its kind, old and new price and the size of
 *   the change (the order it is shown in);
 * - sync_runs gains how it was started, its preview, its policy, its pricing profile (its column comes from 0024), and the
 *   counts of items left alone and retired; sync_run_failures keeps every item the provider
 *   refused with its reason (sync_runs.errors keeps the first 20 for the progress screen).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sync_ledger (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('quickbooks', 'jobber')),
      account_id text NOT NULL,
      sku text NOT NULL,
      remote_id text NOT NULL,
      name text NOT NULL,
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      category_id integer REFERENCES categories (id) ON DELETE SET NULL,
      written_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, provider, account_id, sku)
    );

    CREATE TABLE sync_previews (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('quickbooks', 'jobber')),
      account_id text NOT NULL,
      collection_id integer NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
      profile_id integer REFERENCES pricing_profiles (id) ON DELETE SET NULL,
      pricing_fingerprint text NOT NULL,
      status text NOT NULL CHECK (status IN ('running', 'ready', 'failed')),
      counts jsonb NOT NULL DEFAULT '{}',
      error text,
      created_at timestamptz NOT NULL,
      ready_at timestamptz,
      expires_at timestamptz NOT NULL,
      approved_at timestamptz,
      approved_by text,
      approval jsonb,
      sync_run_id integer UNIQUE REFERENCES sync_runs (id) ON DELETE SET NULL
    );
    CREATE INDEX sync_previews_user_idx ON sync_previews (user_id, id DESC);
    CREATE INDEX sync_previews_expiry_idx ON sync_previews (expires_at);

    CREATE TABLE sync_preview_items (
      preview_id integer NOT NULL REFERENCES sync_previews (id) ON DELETE CASCADE,
      sku text NOT NULL,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('new', 'up', 'down', 'details', 'unchanged', 'left_list', 'edited_in_target')),
      old_cents integer,
      new_cents integer,
      magnitude_cents integer NOT NULL,
      remote_id text,
      PRIMARY KEY (preview_id, sku)
    );
    CREATE INDEX sync_preview_items_order_idx ON sync_preview_items (preview_id, magnitude_cents DESC, sku);

    ALTER TABLE sync_runs
      ADD COLUMN trigger text NOT NULL DEFAULT 'direct' CHECK (trigger IN ('direct', 'preview', 'automatic')),
      ADD COLUMN preview_id integer REFERENCES sync_previews (id) ON DELETE SET NULL,
      ADD COLUMN policy jsonb,
      ADD COLUMN left_alone integer NOT NULL DEFAULT 0,
      ADD COLUMN retired integer NOT NULL DEFAULT 0;
    CREATE INDEX sync_runs_connection_idx ON sync_runs (user_id, provider, account_id, id DESC);

    CREATE TABLE sync_run_failures (
      sync_run_id integer NOT NULL REFERENCES sync_runs (id) ON DELETE CASCADE,
      position integer NOT NULL,
      sku text NOT NULL,
      name text NOT NULL,
      error text NOT NULL,
      PRIMARY KEY (sync_run_id, position)
    );
  `.execute(db);
}
