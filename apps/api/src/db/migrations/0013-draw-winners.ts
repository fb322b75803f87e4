import { sql, type Kysely } from 'kysely';

/**
 * The winners of the free-year draw (product §10.13): each draw is kept with when it was made,
 * by whom and among how many entries. The winner's address is copied, so the record outlives
 * the entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE draw_winners (
      id serial PRIMARY KEY,
      marketing_signup_id integer REFERENCES marketing_signups (id) ON DELETE SET NULL,
      email text NOT NULL,
      entries integer NOT NULL CHECK (entries > 0),
      drawn_at timestamptz NOT NULL,
      drawn_by_id integer REFERENCES users (id) ON DELETE SET NULL,
      drawn_by_email text NOT NULL
    );
    CREATE INDEX draw_winners_recent ON draw_winners (id DESC);
  `.execute(db);
}
