import { sql, type Kysely } from 'kysely';

/**
 * What the markup preview showed of a paid edition, per subscription period (product §10.6,
 * decision 0021): the ids of the products shown as one multirange (a page of the list is one
 * range, so paging adds one range and a search a few), and how many distinct products that is.
 * One row per user, edition and period, updated by one upsert per page; the refund rule reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE preview_views (
      subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
      period_start timestamptz NOT NULL,
      collection_id integer NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      products_shown int4multirange NOT NULL,
      distinct_shown integer NOT NULL CHECK (distinct_shown >= 0),
      first_shown_at timestamptz NOT NULL,
      last_shown_at timestamptz NOT NULL,
      PRIMARY KEY (subscription_id, period_start, collection_id)
    )`.execute(db);
  await sql`CREATE INDEX preview_views_user ON preview_views (user_id)`.execute(db);
}
