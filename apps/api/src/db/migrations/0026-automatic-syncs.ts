import { sql, type Kysely } from 'kysely';

/**
 * Hands-free months (docs/decisions/0050):
 * - provider_connections.automatic_sync: the user's choice to have each new edition synced to
 *   this connection on its own, with the protections (no decrease, no overwrite of an item edited
 *   in the provider, no retiring). Kept when the user connects again; gone with the connection.
 * - automatic_syncs: one row per edition and connection that the automatic sync looked at, unique
 *   per user, provider and edition, so a re-publication, a retry or a second worker never syncs
 *   an edition twice. `state` says how far it got: pending (its job will decide), syncing (its
 *   sync run is queued or running), succeeded, failed (the user was emailed once; a later edition
 *   tries again) or skipped (not opted in or not entitled any more when its job ran).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE provider_connections ADD COLUMN automatic_sync boolean NOT NULL DEFAULT false;
    CREATE INDEX provider_connections_automatic_idx ON provider_connections (id) WHERE automatic_sync;

    CREATE TABLE automatic_syncs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('quickbooks', 'jobber')),
      collection_id integer NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('pending', 'syncing', 'succeeded', 'failed', 'skipped')),
      sync_run_id integer REFERENCES sync_runs (id) ON DELETE SET NULL,
      reason text,
      created_at timestamptz NOT NULL,
      finished_at timestamptz,
      UNIQUE (user_id, provider, collection_id)
    );
    CREATE INDEX automatic_syncs_run_idx ON automatic_syncs (sync_run_id) WHERE sync_run_id IS NOT NULL;
  `.execute(db);
}
