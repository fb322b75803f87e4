import { sql, type Kysely } from 'kysely';

/**
 * sync_runs.held_back: the items a sync's protections left as they are in the service (a price
 * that would go down, an item edited there), the 20 largest changes with our price and theirs, so
 * that an automatic sync's summary email names them (docs/decisions/0052). `left_alone` keeps
 * counting them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sync_runs ADD COLUMN held_back jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
}
